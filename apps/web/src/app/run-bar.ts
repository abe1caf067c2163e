// The run bar: Run, Cancel and Link, the run's state, and every error the person must see (the
// form's and the run's), kept in view at the bottom of the screen on a desktop and on a phone.
// Run is the form's submit button, so Enter in a field runs too; Link holds the URL that reopens
// and starts this run, and a click copies it.
import { h, setDisabled, setHidden, setText } from './dom.js';
import { errorText } from './errors.js';
import type { Headline } from './headline.js';
import type { RunSession } from './run-session.js';

const PHASE_WORDS = { running: 'Searching…', done: 'Finished', cancelled: 'Cancelled', failed: 'Failed' } as const;

export class RunBar {
  readonly element: HTMLElement;
  readonly run: HTMLButtonElement;
  /** The form's (or the link's) problem: what keeps Run from starting. */
  readonly formError = h('p', { id: 'form-error', class: 'error', role: 'alert' });
  /** The run's failure, or a drawing failure. */
  readonly runError = h('p', { id: 'run-error', class: 'error', role: 'alert' });
  readonly #cancel: HTMLButtonElement;
  readonly #link: HTMLAnchorElement;
  readonly #linkStatus = h('span', { id: 'share-status', class: 'meta', 'aria-live': 'polite' });
  readonly #phase = h('span', { id: 'phase', 'data-phase': 'idle' }, 'Ready');
  readonly #short = h('span', { id: 'run-count' });
  readonly #elapsed = h('span', { id: 'elapsed' });
  readonly #counters = h('span', { id: 'counters', class: 'meta' });
  readonly #stale = h('p', { id: 'stale', class: 'stale', hidden: true }, 'Edited since this run: press Run to see the new results.');

  constructor(
    formId: string,
    onCancel: () => void,
    /** Called before the link is copied, so it holds the latest state. */
    private readonly beforeCopy: () => void,
  ) {
    this.run = h('button', { type: 'submit', id: 'run', class: 'primary', form: formId }, 'Run');
    this.#cancel = h('button', { type: 'button', id: 'cancel', disabled: true, onclick: onCancel }, 'Cancel');
    this.#link = h('a', { id: 'share', href: '', title: 'Copy a link that reopens and starts this run', onclick: (event: Event) => this.#copy(event) }, 'Link');
    this.element = h(
      'section',
      { class: 'run-bar', 'aria-label': 'Run' },
      h(
        'div',
        { class: 'run-line' },
        h('div', { class: 'actions' }, this.run, this.#cancel, this.#link, this.#linkStatus),
        h('div', { class: 'run-state', role: 'status' }, this.#phase, this.#short, this.#elapsed, this.#counters),
      ),
      this.#stale,
      this.formError,
      this.runError,
    );
  }

  draw(run: RunSession | undefined, headline: Headline, stale: boolean): void {
    const running = run?.phase === 'running';
    setDisabled(this.run, running);
    setDisabled(this.#cancel, !running);
    if (this.#phase.dataset['phase'] !== (run?.phase ?? 'idle')) this.#phase.dataset['phase'] = run?.phase ?? 'idle';
    setText(this.#phase, run ? PHASE_WORDS[run.phase] : 'Ready');
    setText(this.#short, headline.short);
    setText(this.#elapsed, run ? `${(run.elapsedMs / 1000).toFixed(1)} s` : '');
    // The solver's live counters while it searches; the summary takes over once the run has ended.
    const progress = running ? run.progress : undefined;
    const parts = Object.entries(progress?.counters ?? {}).map(([key, value]) => `${key} ${value.toLocaleString('en')}`);
    if (progress?.stats.tasksTotal) parts.push(`tasks ${progress.stats.tasksDone} of ${progress.stats.tasksTotal}`);
    setText(this.#counters, parts.join(' · '));
    setText(this.runError, run?.error ? errorText(run.error) : '');
    setHidden(this.#stale, !stale);
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
