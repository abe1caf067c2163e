// A play board edited in place (a plugin's `play.editable`, as chainsim edits Puyo's field): the
// editor's values as a palette, and the board's own cells to tap, drag across or type on, each
// tied to the editor cell it shows. Painted cells take the value's look; the others keep the
// board's. What it edits is the editor's grid, given back as the editor's text.
import type { EditorGrid, Frame, GridEditorSpec, Palette } from '@kit/core';
import { entryHex } from '@kit/core/host';
import { h } from '../dom.js';
import { BoardFrame } from './board-frame.js';

/** What the board is as the editor's input (PlaySpec.editable's answer). */
export interface EditableBoard {
  text: string;
  cells: ReadonlyArray<readonly [number, number] | null>;
}

/** A palette letter that can stand in a cell beside its colour. */
const MARK = /^[A-Za-z0-9]$/;

export class BoardPainter {
  /** The value buttons. */
  readonly palette: HTMLElement;
  readonly #board: BoardFrame;
  readonly #start: EditorGrid;
  readonly #grid: EditorGrid;
  #chosen: string;
  #cursor: number;
  /** The value a press paints while the pointer is down, and the cell last painted. */
  #stroke: { value: string; cell: number } | undefined;

  constructor(
    private readonly spec: GridEditorSpec,
    private readonly colours: Palette,
    private readonly frame: Frame,
    private readonly editable: EditableBoard,
    className: string,
  ) {
    this.#start = spec.fromText(editable.text, spec.target);
    this.#grid = this.#start.map((row) => row.slice());
    this.#chosen = (spec.values[1] ?? spec.values[0])!.value;
    this.#cursor = Math.max(
      0,
      editable.cells.findIndex((at) => at !== null),
    );
    this.#board = new BoardFrame(true, className);
    this.#board.layer.setAttribute('role', 'grid');
    this.#board.layer.setAttribute('aria-label', `${spec.label}, editing: a tap paints a cell with the chosen value, a key paints its value`);
    this.#board.layer.addEventListener('pointerdown', (event) => this.#press(event));
    this.#board.layer.addEventListener('pointermove', (event) => this.#drag(event));
    const end = () => {
      this.#stroke = undefined;
    };
    this.#board.layer.addEventListener('pointerup', end);
    this.#board.layer.addEventListener('pointercancel', end);
    this.#board.layer.addEventListener('keydown', (event) => this.#key(event));
    this.palette = h('div', { class: 'editor-values board-palette', role: 'toolbar', 'aria-label': `${spec.label} values` });
    this.#drawPalette();
    this.#draw();
  }

  /** The board to show in place of the played one. */
  get element(): HTMLElement {
    return this.#board.element;
  }

  /** The grid as painted, in the editor's format. */
  text(): string {
    return this.spec.toText(this.#grid);
  }

  /** True once a cell differs from the board it started from. */
  changed(): boolean {
    return this.#grid.some((row, r) => row.some((value, c) => value !== this.#start[r]![c]));
  }

  focus(): void {
    this.#board.cell(this.#cursor)?.focus();
  }

  #entry(value: string) {
    return this.spec.values.find((entry) => entry.value === value);
  }

  #colour(value: string): string | undefined {
    const fill = this.#entry(value)?.fill;
    const entry = fill === undefined ? undefined : this.colours[fill];
    return entry ? entryHex(entry) : undefined;
  }

  #mark(value: string): string {
    const entry = this.#entry(value);
    if (entry?.mark !== undefined) return entry.mark;
    const letter = entry?.fill === undefined ? undefined : this.colours[entry.fill]?.letter;
    return letter && MARK.test(letter) ? letter : '';
  }

  #drawPalette(): void {
    this.palette.replaceChildren(
      ...this.spec.values.map((entry) => {
        const swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' }, this.#mark(entry.value));
        const colour = this.#colour(entry.value);
        if (colour) swatch.style.background = colour;
        return h(
          'button',
          {
            type: 'button',
            class: 'value',
            'data-value': entry.value,
            'aria-pressed': String(entry.value === this.#chosen),
            title: [entry.help, entry.key ? `key ${entry.key}` : ''].filter(Boolean).join(' · ') || undefined,
            onclick: () => {
              this.#chosen = entry.value;
              this.#drawPalette();
            },
          },
          swatch,
          h('span', { class: 'value-label' }, entry.label),
        );
      }),
    );
  }

  /** The board with the painted cells in their values' looks, each cell named by its editor cell. */
  #draw(): void {
    const cells = this.frame.cells.map((cell, i) => {
      const at = this.editable.cells[i];
      if (!at) return cell;
      const value = this.#grid[at[0]]?.[at[1]];
      if (value === undefined || value === this.#start[at[0]]![at[1]]) return cell;
      const fill = this.#entry(value)?.fill;
      const mark = this.#mark(value);
      return { ...(fill !== undefined ? { fill } : {}), ...(mark ? { label: mark } : {}) };
    });
    this.#board.draw({ ...this.frame, cells }, this.colours, this.spec.label);
    this.#board.cells.forEach((element, i) => {
      const at = this.editable.cells[i];
      element.tabIndex = i === this.#cursor ? 0 : -1;
      element.classList.toggle('fixed', !at);
      if (!at) {
        element.setAttribute('aria-disabled', 'true');
        element.setAttribute('aria-label', 'not editable');
        return;
      }
      const value = this.#grid[at[0]]![at[1]]!;
      element.dataset['value'] = value;
      element.setAttribute('aria-label', `row ${at[0] + 1}, column ${at[1] + 1}: ${this.#entry(value)?.label ?? value}`);
    });
    this.#board.mark('cursor', [this.#cursor]);
  }

  #paint(cell: number, value: string): void {
    const at = this.editable.cells[cell];
    if (!at) return;
    this.#grid[at[0]]![at[1]] = value;
    this.#draw();
  }

  #cellOf(event: PointerEvent): number | undefined {
    const at = this.#board.cellAt(event.clientX, event.clientY);
    return at ? at.row * this.#board.width + at.col : undefined;
  }

  /** A press paints the chosen value, or the blank one on a cell that holds it already (a second tap takes it away). */
  #press(event: PointerEvent): void {
    if (event.button !== 0) return;
    const cell = this.#cellOf(event);
    const at = cell === undefined ? null : this.editable.cells[cell];
    if (cell === undefined || !at) return;
    event.preventDefault();
    const value = this.#grid[at[0]]![at[1]] === this.#chosen ? this.spec.values[0]!.value : this.#chosen;
    this.#stroke = { value, cell };
    this.#board.layer.setPointerCapture(event.pointerId);
    this.#cursor = cell;
    this.#paint(cell, value);
    this.focus();
  }

  #drag(event: PointerEvent): void {
    const stroke = this.#stroke;
    if (!stroke) return;
    const cell = this.#cellOf(event);
    if (cell === undefined || cell === stroke.cell || !this.editable.cells[cell]) return;
    stroke.cell = cell;
    this.#cursor = cell;
    this.#paint(cell, stroke.value);
  }

  #key(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const width = this.#board.width;
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const step = moves[event.key];
    if (step) {
      // To the next cell that way the editor has (rows it has not are skipped).
      let row = Math.floor(this.#cursor / width);
      let col = this.#cursor % width;
      for (;;) {
        row += step[0];
        col += step[1];
        if (row < 0 || col < 0 || row >= this.#board.height || col >= width) break;
        if (this.editable.cells[row * width + col]) {
          this.#cursor = row * width + col;
          this.#draw();
          this.focus();
          break;
        }
      }
    } else if (event.key === 'Enter' || event.key === ' ') {
      const at = this.editable.cells[this.#cursor];
      if (at) this.#paint(this.#cursor, this.#grid[at[0]]![at[1]] === this.#chosen ? this.spec.values[0]!.value : this.#chosen);
    } else {
      const entry = this.spec.values.find((each) => each.key !== undefined && each.key.toLowerCase() === event.key.toLowerCase());
      if (!entry) return;
      this.#chosen = entry.value;
      this.#drawPalette();
      this.#paint(this.#cursor, entry.value);
    }
    event.preventDefault();
  }
}
