// The solutions found so far, as a scrolling list of thumbnails that draws only the rows in sight
// (and one either side): a run that finds millions costs the page the same few thumbnails as one
// that finds fifty. Thumbnails are drawn within a time budget per display frame.
import type { Palette } from '@kit/core';
import type { AnyPlugin } from '@kit/core/host';
import { h } from './dom.js';
import { canvasColourReader, frameToCanvas, themeColours, type ColourReader, type ThumbnailColours } from './frame-thumbnail.js';

/** A row of thumbnails, gap included, in CSS pixels (the stylesheet sizes `.thumb` to fit). */
export const THUMB_ROW_PX = 112;
/** The narrowest a thumbnail gets, gap included. */
const THUMB_MIN_PX = 112;
/** Rows drawn beyond the visible ones, above and below. */
const OVERSCAN_ROWS = 1;
/** While a run adds solutions, the list's scrolling height grows by this many rows at a time. */
const HEIGHT_STEP_ROWS = 64;

/** The first and last (exclusive) solution index, from 1, of the rows in sight. */
export function visibleRange(scrollTop: number, viewHeight: number, columns: number, total: number): [number, number] {
  const firstRow = Math.max(0, Math.floor(scrollTop / THUMB_ROW_PX) - OVERSCAN_ROWS);
  const lastRow = Math.ceil((scrollTop + viewHeight) / THUMB_ROW_PX) + OVERSCAN_ROWS;
  return [Math.min(total, firstRow * columns) + 1, Math.min(total, lastRow * columns) + 1];
}

export class SolutionList {
  readonly element: HTMLElement;
  readonly #label = h('span', { id: 'solutions-listed', class: 'listed', 'aria-live': 'polite' });
  readonly #scroller: HTMLElement;
  readonly #space = h('div', { class: 'thumb-space' });
  readonly #list = h('ol', { class: 'thumbs', id: 'solution-thumbs' });
  readonly #jump: HTMLInputElement;
  /** The thumbnails on the page, by solution index. */
  #drawn = new Map<number, HTMLElement>();
  #selected: number | undefined;
  #solutions: readonly unknown[] = [];
  #plugin: AnyPlugin | undefined;
  #palette: Palette = {};
  #colours: ThumbnailColours = { empty: '#ecece8', border: '#444' };
  #readColour: ColourReader = canvasColourReader();
  #columns = 1;
  #viewHeight = 3 * THUMB_ROW_PX;
  #scrollTop = 0;
  /** What is on the page already, so a draw during a flood of solutions changes only what changed. */
  #shownHeight = -1;
  #shownLabel = '';
  #shownFirstRow = -1;

  constructor(
    private readonly onOpen: (index: number) => void,
    /** Called when the list wants a redraw (it was scrolled or resized). */
    private readonly onMoved: () => void = () => {},
  ) {
    this.#jump = h('input', {
      type: 'text',
      inputmode: 'numeric',
      id: 'open-solution',
      placeholder: 'No.',
      'aria-label': 'Open solution number',
      autocomplete: 'off',
    });
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
    this.#space.append(this.#list);
    this.#scroller = h('div', { class: 'thumb-scroller', tabindex: 0, role: 'region', 'aria-label': 'Solutions found' }, this.#space);
    this.#scroller.addEventListener(
      'scroll',
      () => {
        this.#scrollTop = this.#scroller.scrollTop;
        this.onMoved();
      },
      { passive: true },
    );
    new ResizeObserver(() => {
      this.#measure();
      this.onMoved();
    }).observe(this.#scroller);
    this.element = h('div', { class: 'solution-list' }, h('div', { class: 'pager' }, this.#label, jumpForm), this.#scroller);
  }

  /** Starts over for a new run. */
  reset(plugin: AnyPlugin, palette: Palette, solutions: readonly unknown[]): void {
    this.#plugin = plugin;
    this.#palette = palette;
    this.#colours = themeColours();
    this.#readColour = canvasColourReader();
    this.#solutions = solutions;
    this.#selected = undefined;
    this.#drawn = new Map();
    this.#list.replaceChildren();
    this.#scroller.scrollTop = 0;
    this.#scrollTop = 0;
    this.#label.textContent = this.#shownLabel = '';
    this.#shownHeight = this.#shownFirstRow = -1;
  }

  /** Marks a solution as open and scrolls it into sight; the next `update` (the page's next frame) draws it. */
  select(index: number | undefined): void {
    this.#selected = index;
    if (index === undefined) return;
    const row = Math.floor((index - 1) / this.#columns);
    const top = row * THUMB_ROW_PX;
    if (top < this.#scrollTop || top + THUMB_ROW_PX > this.#scrollTop + this.#viewHeight) {
      this.#scrollTop = Math.max(0, top - THUMB_ROW_PX);
      this.#setHeight(Math.max(this.#rows() * THUMB_ROW_PX, this.#scrollTop + this.#viewHeight));
      this.#scroller.scrollTop = this.#scrollTop;
    }
  }

  /**
   * Brings the list up to date (called once per display frame at most): the label, the scrolling
   * height, and the thumbnails in sight, drawn for at most `budgetMs`. `growing`: a run is still
   * adding solutions. Returns true while thumbnails in sight are left for a later call.
   */
  update(listed: string, budgetMs = Infinity, growing = false): boolean {
    if (listed !== this.#shownLabel) this.#label.textContent = this.#shownLabel = listed;
    const total = this.#solutions.length;
    // While solutions pour in, the scrolling height grows in steps of 64 rows: a new height each
    // frame made the browser repaint the whole list each frame. Exact once the run is over.
    this.#setHeight((growing ? Math.ceil(this.#rows() / HEIGHT_STEP_ROWS) * HEIGHT_STEP_ROWS : this.#rows()) * THUMB_ROW_PX);
    const [first, end] = visibleRange(this.#scrollTop, this.#viewHeight, this.#columns, total);
    const until = performance.now() + budgetMs;
    const wanted: HTMLElement[] = [];
    const drawn = new Map<number, HTMLElement>();
    let created = 0;
    let left = false;
    for (let index = first; index < end; index++) {
      let item = this.#drawn.get(index);
      if (!item) {
        // At least one new thumbnail a call, so a slow machine still gets there.
        if (budgetMs <= 0 || (created > 0 && performance.now() >= until)) {
          left = true;
          break;
        }
        item = this.#thumb(index);
        created++;
      }
      const pressed = String(index === this.#selected);
      // Attributes only when they change: each change makes the browser restyle the thumbnail.
      if (item.firstElementChild!.getAttribute('aria-pressed') !== pressed) item.firstElementChild!.setAttribute('aria-pressed', pressed);
      drawn.set(index, item);
      wanted.push(item);
    }
    const firstRow = Math.floor((first - 1) / this.#columns);
    if (firstRow !== this.#shownFirstRow) {
      this.#shownFirstRow = firstRow;
      this.#list.style.transform = `translateY(${firstRow * THUMB_ROW_PX}px)`;
    }
    this.#place(wanted);
    this.#drawn = drawn;
    return left;
  }

  /**
   * Puts the wanted thumbnails in the list, in order, touching only those that come or go: while a
   * run fills the rows in sight, or a scroll brings a row in, moving the others out and back in
   * would make the browser restyle and lay out every cell of every thumbnail again.
   */
  #place(wanted: readonly HTMLElement[]): void {
    const keep = new Set(wanted);
    for (const child of [...this.#list.children]) if (!keep.has(child as HTMLElement)) child.remove();
    const shown = this.#list.children;
    wanted.forEach((item, i) => {
      if (shown[i] !== item) this.#list.insertBefore(item, shown[i] ?? null);
    });
  }

  #setHeight(px: number): void {
    if (px === this.#shownHeight) return;
    this.#shownHeight = px;
    this.#space.style.height = `${px}px`;
  }

  #rows(): number {
    return Math.ceil(this.#solutions.length / this.#columns);
  }

  #measure(): void {
    const width = this.#scroller.clientWidth;
    this.#columns = Math.max(1, Math.floor(width / THUMB_MIN_PX));
    this.#viewHeight = this.#scroller.clientHeight || this.#viewHeight;
    this.#list.style.setProperty('--columns', String(this.#columns));
    // A new column count moves every thumbnail: draw them again in their new places.
    this.#drawn = new Map();
    this.#list.replaceChildren();
    this.#shownHeight = this.#shownFirstRow = -1;
  }

  #thumb(index: number): HTMLElement {
    const frame = this.#plugin!.view(this.#solutions[index - 1], { index });
    return h(
      'li',
      {},
      h(
        'button',
        { type: 'button', class: 'thumb', 'data-index': index, 'aria-label': `Open solution No. ${index}`, onclick: () => this.onOpen(index) },
        frameToCanvas(frame, this.#palette, this.#colours, this.#readColour),
        h('span', { 'aria-hidden': 'true' }, `No. ${index}`),
      ),
    );
  }
}
