import type { AnyPlugin, Palette } from '@kit/core';
import { h } from './dom.js';
import { frameToSvg } from './frame-svg.js';

const PAGE_SIZE = 48;

/**
 * The solutions found so far, as pages of small thumbnails. New solutions are appended to the page
 * on show; nothing else is redrawn, so a long run costs the page almost nothing.
 */
export class SolutionList {
  readonly element: HTMLElement;
  readonly #grid = h('ol', { class: 'thumbs', id: 'solution-thumbs' });
  readonly #pageLabel = h('span', { class: 'page-label' });
  readonly #prev: HTMLButtonElement;
  readonly #next: HTMLButtonElement;
  readonly #jump: HTMLInputElement;
  #page = 0;
  #shownPage = -1;
  #shownCount = 0;
  #selected: number | undefined;
  #solutions: readonly unknown[] = [];
  #plugin: AnyPlugin | undefined;
  #palette: Palette = {};

  constructor(private readonly onOpen: (index: number) => void) {
    this.#prev = h('button', { type: 'button', class: 'small', 'aria-label': 'Previous page', onclick: () => this.#turn(-1) }, '‹');
    this.#next = h('button', { type: 'button', class: 'small', 'aria-label': 'Next page', onclick: () => this.#turn(1) }, '›');
    this.#jump = h('input', { type: 'text', inputmode: 'numeric', id: 'open-solution', placeholder: 'No.', 'aria-label': 'Open solution number', autocomplete: 'off' });
    const jumpForm = h(
      'form',
      {
        class: 'jump',
        onsubmit: (event: Event) => {
          event.preventDefault();
          const index = Number(this.#jump.value);
          if (Number.isInteger(index) && index >= 1 && index <= this.#solutions.length) this.onOpen(index);
        },
      },
      this.#jump,
      h('button', { type: 'submit', class: 'small' }, 'Open'),
    );
    this.element = h('div', { class: 'solution-list' }, h('div', { class: 'pager' }, this.#prev, this.#pageLabel, this.#next, jumpForm), this.#grid);
  }

  /** Starts over for a new run. */
  reset(plugin: AnyPlugin, palette: Palette, solutions: readonly unknown[]): void {
    this.#plugin = plugin;
    this.#palette = palette;
    this.#solutions = solutions;
    this.#page = 0;
    this.#shownPage = -1;
    this.#selected = undefined;
    this.update();
  }

  /** Marks a solution as open and turns to its page; the next `update` (the page's next frame) shows it. */
  select(index: number | undefined): void {
    this.#selected = index;
    if (index !== undefined) this.#page = Math.floor((index - 1) / PAGE_SIZE);
  }

  /**
   * Brings the list up to date with the solutions array (called once per animation frame at most).
   * Thumbnails are drawn for at most `budgetMs` per call: a page of 48 took a frame of 30-60 ms on
   * a loaded machine, time the page's thread did not spend handing tasks to the solver workers.
   * Returns true while thumbnails are left for a later call.
   */
  update(budgetMs = Infinity): boolean {
    const total = this.#solutions.length;
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    const first = this.#page * PAGE_SIZE;
    const end = Math.min(total, first + PAGE_SIZE);
    if (this.#shownPage !== this.#page) {
      this.#grid.replaceChildren();
      this.#shownPage = this.#page;
      this.#shownCount = first;
    }
    const until = performance.now() + budgetMs;
    const added: HTMLElement[] = [];
    while (this.#shownCount < end && budgetMs > 0 && (added.length === 0 || performance.now() < until)) added.push(this.#thumb(++this.#shownCount));
    this.#grid.append(...added);
    for (const item of this.#grid.querySelectorAll<HTMLButtonElement>('button.thumb')) {
      item.setAttribute('aria-pressed', String(Number(item.dataset['index']) === this.#selected));
    }
    this.#pageLabel.textContent = total === 0 ? 'none yet' : `${first + 1}–${end} of ${total}`;
    this.#prev.disabled = this.#page === 0;
    this.#next.disabled = this.#page >= pages - 1;
    return this.#shownCount < end;
  }

  #turn(delta: number): void {
    const pages = Math.max(1, Math.ceil(this.#solutions.length / PAGE_SIZE));
    this.#page = Math.min(pages - 1, Math.max(0, this.#page + delta));
    this.update();
  }

  #thumb(index: number): HTMLElement {
    const frame = this.#plugin!.view(this.#solutions[index - 1], { index });
    return h(
      'li',
      {},
      h(
        'button',
        { type: 'button', class: 'thumb', 'data-index': index, title: `Open solution No. ${index}`, onclick: () => this.onOpen(index) },
        frameToSvg(frame, this.#palette, { labels: false, className: 'thumb-frame' }),
        h('span', {}, `No. ${index}`),
      ),
    );
  }
}
