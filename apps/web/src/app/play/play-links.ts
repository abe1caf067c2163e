// The Play tab's two links: the puzzle alone (a friend starts it afresh) and the puzzle with this
// position. Each holds its URL; a click copies it (the href still opens it in a new tab).
import { h } from '../dom.js';

export class PlayLinks {
  readonly element: HTMLElement;
  readonly #puzzle = h('a', { href: '', class: 'play-link', title: 'Copy a link to this puzzle, to be played from the start' }, 'Link');
  readonly #position = h('a', { href: '', class: 'play-link', title: 'Copy a link to this puzzle with the moves played so far' }, 'Link to this position');
  readonly #status = h('span', { class: 'meta', 'aria-live': 'polite' });

  constructor() {
    for (const link of [this.#puzzle, this.#position]) link.addEventListener('click', (event) => this.#copy(event, link));
    this.element = h('p', { class: 'play-links' }, this.#puzzle, this.#position, this.#status);
  }

  set(puzzle: string, position: string): void {
    this.#puzzle.href = puzzle;
    this.#position.href = position;
  }

  #copy(event: Event, link: HTMLAnchorElement): void {
    if (!navigator.clipboard) return;
    event.preventDefault();
    navigator.clipboard.writeText(link.href).then(
      () => (this.#status.textContent = 'Link copied'),
      () => (this.#status.textContent = 'Could not copy: open the link and copy it from the address bar'),
    );
  }
}
