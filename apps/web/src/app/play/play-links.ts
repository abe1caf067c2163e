// The Play tab's two links: the puzzle alone (a friend starts it afresh) and the puzzle with this
// position. Each holds its URL; a click copies it (the href still opens it in a new tab). Beside
// them, the links a plugin's view gives to other sites (Puyo's puyop.com replay), opened, not copied.
import { h } from '../dom.js';

export class PlayLinks {
  readonly element: HTMLElement;
  readonly #puzzle = h('a', { href: '', class: 'play-link', title: 'Copy a link to this puzzle, to be played from the start' }, 'Link');
  readonly #position = h('a', { href: '', class: 'play-link', title: 'Copy a link to this puzzle with the moves played so far' }, 'Link to this position');
  readonly #status = h('span', { class: 'meta', 'aria-live': 'polite' });
  /** The plugin's links to other sites for the position (Puyo: the game so far on puyop.com). */
  readonly #outside = h('span', { class: 'play-outside' });

  constructor() {
    for (const link of [this.#puzzle, this.#position]) link.addEventListener('click', (event) => this.#copy(event, link));
    this.element = h('p', { class: 'play-links' }, this.#puzzle, this.#position, this.#outside, this.#status);
  }

  set(puzzle: string, position: string): void {
    this.#puzzle.href = puzzle;
    this.#position.href = position;
  }

  /** Links the plugin's view names; only https ones, opened in a new tab (a plugin's output is not trusted blindly). */
  outside(links: ReadonlyArray<{ label: string; url: string }> | undefined): void {
    const safe = (links ?? [])
      .filter((link) => typeof link.label === 'string' && typeof link.url === 'string' && /^https:\/\/[^\s]+$/.test(link.url))
      .slice(0, 4);
    this.#outside.replaceChildren(
      ...safe.map((link) =>
        h(
          'a',
          {
            href: link.url,
            class: 'play-link',
            target: '_blank',
            rel: 'noopener noreferrer',
            'data-outside': '',
            title: `The position on ${link.label.slice(0, 60)}`,
          },
          link.label.slice(0, 60),
        ),
      ),
    );
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
