// Run, Cancel and Link. Run is the form's submit button (Enter in a field runs too); Link holds the
// URL that reopens and starts this run, and a click copies it.
import { h } from './dom.js';
import type { RunSession } from './run-session.js';

export class RunControls {
  readonly element: HTMLElement;
  readonly run = h('button', { type: 'submit', id: 'run', class: 'primary' }, 'Run');
  readonly #cancel: HTMLButtonElement;
  readonly #link: HTMLAnchorElement;
  readonly #linkStatus = h('span', { id: 'share-status', class: 'meta', 'aria-live': 'polite' });

  constructor(
    onCancel: () => void,
    /** Called before the link is copied, so it holds the latest state. */
    private readonly beforeCopy: () => void,
  ) {
    this.#cancel = h('button', { type: 'button', id: 'cancel', disabled: true, onclick: onCancel }, 'Cancel');
    this.#link = h('a', { id: 'share', href: '', title: 'Copy a link that reopens and starts this run', onclick: (event: Event) => this.#copy(event) }, 'Link');
    this.element = h('div', { class: 'actions' }, this.run, this.#cancel, this.#link, this.#linkStatus);
  }

  draw(run: RunSession | undefined): void {
    const running = run?.phase === 'running';
    this.run.disabled = running;
    this.#cancel.disabled = !running;
  }

  setLink(href: string): void {
    this.#link.href = href;
  }

  /** Copies the link (a full URL) instead of following it; the href stays for opening it in a new tab. */
  #copy(event: Event): void {
    this.beforeCopy();
    if (!navigator.clipboard) return;
    event.preventDefault();
    navigator.clipboard.writeText(this.#link.href).then(
      () => (this.#linkStatus.textContent = 'Link copied'),
      () => (this.#linkStatus.textContent = 'Could not copy: open the link and copy it from the address bar'),
    );
  }
}
