// A box's board in play as its layers apart: one small board per layer, side by side from the
// bottom layer up (wrapping on a narrow screen), each named, so a piece that reaches across layers
// shows in each. The plugin's frame holds the layers stacked (`depth` blocks of `height` rows, the
// bottom one first, as the play contract numbers a box's cells); each layer's board draws its
// block. Cells keep the stacked frame's numbers (`data-row` counts on through the layers), so a
// pieces board reads them as it reads a flat board's.
import type { Frame, Palette } from '@kit/core';
import { h } from '../dom.js';
import { BoardFrame, type CellClass, type DrawnBoard } from './board-frame.js';

/** What a layer is called, from the bottom up. */
export function layerName(layer: number, depth: number): string {
  return `Layer ${layer + 1}${layer === 0 ? ' (bottom)' : layer === depth - 1 ? ' (top)' : ''}`;
}

export class BoxLayers implements DrawnBoard {
  readonly element: HTMLElement;
  readonly layer: HTMLElement;
  readonly #boards: BoardFrame[];

  constructor(
    readonly width: number,
    /** Rows of one layer. */
    private readonly rows: number,
    private readonly depth: number,
  ) {
    this.#boards = Array.from({ length: depth }, (_, z) => new BoardFrame(true, 'pieces-board', z * rows));
    const slices = this.#boards.map((board, z) => {
      board.layer.setAttribute('role', 'rowgroup');
      board.layer.setAttribute('aria-label', layerName(z, depth));
      // The visible name is for the eye; the row group carries it for screen readers.
      return h('div', { class: 'box-slice', 'data-layer': z }, h('p', { class: 'box-slice-name', 'aria-hidden': 'true' }, layerName(z, depth)), board.element);
    });
    this.element = h('div', { class: 'box-layers' }, ...slices);
    this.element.style.setProperty('--columns', String(width));
    this.element.style.setProperty('--depth', String(depth));
    this.layer = this.element;
  }

  get height(): number {
    return this.rows * this.depth;
  }

  get cells(): readonly HTMLElement[] {
    return this.#boards.flatMap((board) => board.cells);
  }

  cell(index: number): HTMLElement | undefined {
    const per = this.width * this.rows;
    return this.#boards[Math.floor(index / per)]?.cell(index % per);
  }

  /** Draws each layer's block of the stacked frame (a frame of another size is drawn whole in the first). */
  draw(frame: Frame, palette: Palette, label: string): void {
    const per = this.width * this.rows;
    if (frame.width !== this.width || frame.height !== this.height || frame.cells.length !== per * this.depth) {
      this.#boards[0]!.draw(frame, palette, label);
      return;
    }
    this.#boards.forEach((board, z) => {
      const block = (all: readonly number[] | undefined) => all?.slice(z * per, (z + 1) * per);
      const regions = block(frame.regions);
      board.draw(
        { width: this.width, height: this.rows, cells: frame.cells.slice(z * per, (z + 1) * per), ...(regions ? { regions } : {}) },
        palette,
        layerName(z, this.depth),
      );
    });
  }

  /** Lines within one layer are drawn on it; a line across layers is not a line on any of them. */
  drawLines(lines: ReadonlyArray<readonly [number, number]>, className: string): void {
    const per = this.width * this.rows;
    this.#boards.forEach((board, z) => {
      board.drawLines(
        lines
          .filter(([first, last]) => Math.floor(first / per) === z && Math.floor(last / per) === z)
          .map(([first, last]) => [first - z * per, last - z * per] as const),
        className,
      );
    });
  }

  mark(className: CellClass, cells: Iterable<number>): void {
    const per = this.width * this.rows;
    const each: number[][] = this.#boards.map(() => []);
    for (const cell of cells) if (Number.isInteger(cell) && cell >= 0) each[Math.floor(cell / per)]?.push(cell % per);
    this.#boards.forEach((board, z) => {
      board.mark(className, each[z]!);
    });
  }

  cellAt(clientX: number, clientY: number): { row: number; col: number } | undefined {
    for (const [z, board] of this.#boards.entries()) {
      const at = board.cellAt(clientX, clientY);
      if (at) return { row: z * this.rows + at.row, col: at.col };
    }
    return undefined;
  }

  cellSize(): number {
    return this.#boards[0]!.cellSize();
  }
}
