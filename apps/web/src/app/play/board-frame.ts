// A play board as drawn: the plugin's frame as SVG (frame-svg.ts, shared with the Solve viewer),
// with a layer of cells over it, one per frame cell and exactly on top of it, that carries what the
// Play tab adds: the cursor, highlights (rule breaks, the mistake, a hint, a piece in hand, a
// chain's pops) and, on boards a person plays on, the cells' roles and names for the keyboard and
// screen readers. Lines (a whole row in breach) are drawn into the SVG.
import type { Frame, Palette } from '@kit/core';
import { h, svg } from '../dom.js';
import { frameToSvg } from '../frame-svg.js';

/** The classes the layer's cells take; style.css's play block draws each. */
export type CellClass = 'cursor' | 'violation' | 'mistake' | 'hint' | 'ghost' | 'ghost-bad' | 'pop' | 'selected';

/** A drawn board of cells a pieces board plays on: one frame (BoardFrame), or a box's layers apart (BoxLayers). */
export interface DrawnBoard {
  /** The board's root on the page. */
  readonly element: HTMLElement;
  /** The element that holds every cell (the grid for screen readers, and the pointer's target). */
  readonly layer: HTMLElement;
  readonly width: number;
  readonly height: number;
  readonly cells: readonly HTMLElement[];
  cell(index: number): HTMLElement | undefined;
  draw(frame: Frame, palette: Palette, label: string): void;
  drawLines(lines: ReadonlyArray<readonly [number, number]>, className: string): void;
  mark(className: CellClass, cells: Iterable<number>): void;
  cellAt(clientX: number, clientY: number): { row: number; col: number } | undefined;
  /** A cell's side on the screen, CSS pixels. */
  cellSize(): number;
}

export class BoardFrame implements DrawnBoard {
  readonly element: HTMLElement;
  /** The cells' layer: a CSS grid of `width` x `height` cells over the frame's cells. */
  readonly layer: HTMLElement;
  #cells: HTMLElement[] = [];
  #rows: HTMLElement[] = [];
  #width = 0;
  #height = 0;
  #svg: SVGSVGElement | undefined;

  constructor(
    /** Rows (role=row) and cells (role=gridcell), or plain cells hidden from screen readers. */
    private readonly interactive: boolean,
    className: string,
    /** The first row's number in `data-row` (a box's layer counts on from the layers below it). */
    private readonly firstRow = 0,
  ) {
    this.layer = h('div', { class: 'board-layer', ...(interactive ? {} : { 'aria-hidden': 'true' }) });
    this.element = h('div', { class: `play-board ${className}`, ...(interactive ? {} : { role: 'img' }) }, this.layer);
  }

  get width(): number {
    return this.#width;
  }

  get height(): number {
    return this.#height;
  }

  /** The layer's cell for a frame cell (row-major index). */
  cell(index: number): HTMLElement | undefined {
    return this.#cells[index];
  }

  get cells(): readonly HTMLElement[] {
    return this.#cells;
  }

  /** Draws a frame; the layer's cells are rebuilt only when the frame's size changes. */
  draw(frame: Frame, palette: Palette, label: string): void {
    const { width, height } = frame;
    if (width !== this.#width || height !== this.#height) this.#build(width, height);
    const picture = frameToSvg(frame, palette, { className: 'play-frame' });
    picture.setAttribute('aria-hidden', 'true');
    picture.removeAttribute('role');
    picture.removeAttribute('aria-label');
    if (this.#svg) this.#svg.replaceWith(picture);
    else this.element.prepend(picture);
    this.#svg = picture;
    // A board played on is named by its grid; a picture only (a field, a preview) by this label.
    if (!this.interactive) this.element.setAttribute('aria-label', label);
  }

  /** Underlines runs of cells (`[first, last]`, frame indices) in the SVG. */
  drawLines(lines: ReadonlyArray<readonly [number, number]>, className: string): void {
    if (!this.#svg) return;
    const width = this.#width;
    for (const [first, last] of lines) {
      if (first < 0 || last < 0 || first >= this.#cells.length || last >= this.#cells.length) continue;
      const centre = (cell: number) => [(cell % width) + 0.5, Math.floor(cell / width) + 0.5] as const;
      const [x1, y1] = centre(first);
      const [x2, y2] = centre(last);
      this.#svg.append(svg('line', { x1, y1, x2, y2, class: className }));
    }
  }

  /** Sets exactly these cells' class (others lose it). Indices off the frame are ignored. */
  mark(className: CellClass, cells: Iterable<number>): void {
    const wanted = new Set<number>();
    for (const cell of cells) if (Number.isInteger(cell) && cell >= 0 && cell < this.#cells.length) wanted.add(cell);
    this.#cells.forEach((element, index) => {
      element.classList.toggle(className, wanted.has(index));
    });
  }

  /** The frame cell under a point of the viewport, or undefined off the board. */
  cellAt(clientX: number, clientY: number): { row: number; col: number } | undefined {
    const box = this.layer.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return undefined;
    const col = Math.floor(((clientX - box.left) / box.width) * this.#width);
    const row = Math.floor(((clientY - box.top) / box.height) * this.#height);
    if (col < 0 || row < 0 || col >= this.#width || row >= this.#height) return undefined;
    return { row, col };
  }

  cellSize(): number {
    const box = this.layer.getBoundingClientRect();
    return this.#width > 0 && box.width > 0 ? box.width / this.#width : 24;
  }

  #build(width: number, height: number): void {
    this.#width = width;
    this.#height = height;
    // The SVG's viewBox has 0.1 cell of margin on each side: the layer sits inside it.
    this.element.style.setProperty('--columns', String(width));
    this.element.style.setProperty('--rows', String(height));
    this.element.style.setProperty('--aspect', `${width + 0.2} / ${height + 0.2}`);
    this.layer.style.inset = `${(10 / (height + 0.2)).toFixed(4)}% ${(10 / (width + 0.2)).toFixed(4)}%`;
    this.#cells = [];
    this.#rows = [];
    for (let row = 0; row < height; row++) {
      const rowElement = h('div', { class: 'board-row', ...(this.interactive ? { role: 'row' } : {}) });
      for (let col = 0; col < width; col++) {
        const cell = h('div', {
          class: 'board-cell',
          'data-row': this.firstRow + row,
          'data-col': col,
          ...(this.interactive ? { role: 'gridcell', tabindex: -1 } : {}),
        });
        rowElement.append(cell);
        this.#cells.push(cell);
      }
      this.#rows.push(rowElement);
    }
    this.layer.replaceChildren(...this.#rows);
  }
}
