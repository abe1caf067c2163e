// A board of marks (a Hitori's shading, a Sudoku's digits, a third party's bulbs): the plugin's
// frame with a grid of cells over it. `cycle` boards move a clicked cell to its next mark (back to
// empty after the last; a right click goes the other way); `select` boards select the clicked
// cell and take its mark from a key or the mark buttons. Arrows move the cursor, a mark's key puts
// it, Space puts the next mark, Backspace or Delete clears; pencil marks, where the puzzle has
// them, go in with the Pencil switch on. On a `cycle` board a press moves the cell to its next
// mark and a drag from it gives every cell it crosses that same mark (a Nonogram's run, a row of
// Hitori's shading), by finger or pointer.
import { cellName, type MarksPosition, type MarksSetup, type PlayMark } from '@kit/core/play';
import { h } from '../dom.js';
import { BoardFrame } from './board-frame.js';
import { CountersView } from './counters-view.js';
import { withClueMargins } from './clue-margins.js';
import type { BoardHost, BoardState, Highlights, PlayBoard } from './play-board.js';

const keyMatches = (mark: PlayMark, key: string) => mark.key !== undefined && mark.key.toLowerCase() === key.toLowerCase();

export class MarksBoard implements PlayBoard {
  readonly element: HTMLElement;
  readonly #counters = new CountersView();
  readonly #frame = new BoardFrame(true, 'marks-board');
  readonly #fixed: Set<number>;
  readonly #pencil: HTMLButtonElement | undefined;
  #cursor: number;
  #position: MarksPosition | undefined;
  /** A press on a cycle board: the mark it put, given to every cell the drag crosses. */
  #stroke: { pointerId: number; value: string; last: number } | undefined;
  /** The click that follows a press is not a second cycle. */
  #swallowClick = false;

  constructor(
    private readonly setup: MarksSetup,
    private readonly host: BoardHost,
  ) {
    this.#fixed = new Set(setup.fixed ?? []);
    const cells = setup.width * setup.height;
    this.#cursor = Math.max(0, Array.from({ length: cells }, (_, i) => i).find((cell) => !this.#fixed.has(cell)) ?? 0);
    this.#frame.element.dataset['playBoard'] = 'marks';
    const layer = this.#frame.layer;
    layer.setAttribute('role', 'grid');
    layer.setAttribute('aria-label', `Board, ${setup.width} by ${setup.height}`);
    layer.addEventListener('click', (event) => this.#click(event, 1));
    if (setup.click === 'cycle') {
      layer.addEventListener('pointerdown', (event) => this.#press(event));
      layer.addEventListener('pointermove', (event) => this.#drag(event));
      layer.addEventListener('pointerup', () => this.#endStroke());
      layer.addEventListener('pointercancel', () => this.#endStroke());
    }
    layer.addEventListener('contextmenu', (event) => this.#click(event, -1));
    layer.addEventListener('keydown', (event) => this.#key(event));
    const buttons = setup.marks.map((mark, index) =>
      h(
        'button',
        {
          type: 'button',
          class: 'mark-button',
          'data-put': mark.value,
          title: mark.key ? `key ${mark.key.toUpperCase()}` : '',
          onclick: () => this.#put(this.#cursor, mark.value),
        },
        index === 0 ? `clear (${mark.label})` : mark.label,
      ),
    );
    if (setup.notes?.length) {
      this.#pencil = h('button', { type: 'button', class: 'mark-button pencil', 'aria-pressed': 'false', onclick: () => this.#togglePencil() }, 'Pencil');
    }
    const help =
      setup.click === 'cycle'
        ? 'Click a cell for its next mark (right click: the one before). Keys: arrows move, Space next mark, Backspace clears'
        : 'Click a cell, then a key or a button puts its mark. Keys: arrows move, Backspace clears';
    const keys = setup.marks.filter((mark) => mark.key).map((mark) => `${mark.key!.toUpperCase()} ${mark.label}`);
    this.element = h(
      'div',
      { class: 'marks-play' },
      h('div', { class: 'mark-buttons', role: 'toolbar', 'aria-label': 'Marks' }, ...buttons, this.#pencil),
      this.#counters.element,
      withClueMargins(this.#frame.element, setup.margins),
      h('p', { class: 'board-help' }, `${help}${keys.length ? `, ${keys.join(', ')}` : ''}.`),
    );
  }

  draw(state: BoardState): void {
    const position = state.game.position;
    if (position.kind !== 'marks') return;
    this.#position = position;
    const frame = state.status.view.frame;
    this.#frame.draw(frame, this.host.palette, `Board, ${this.setup.width} by ${this.setup.height}`);
    this.#counters.draw(state.status.view.counters);
    const setup = this.setup;
    const labelOf = (value: string) => setup.marks.find((mark) => mark.value === value)?.label ?? value;
    this.#frame.cells.forEach((cell, index) => {
      const value = position.marks[index] ?? setup.marks[0]!.value;
      cell.dataset['mark'] = value;
      // Pencil marks under a mark stay in the position (clearing the mark shows them again) but not on the board.
      const notes = value === setup.marks[0]!.value ? (position.notes[index] ?? []) : [];
      const shown = frame.cells[index]?.label;
      const parts = [cellName(setup, index), shown, labelOf(value)];
      if (this.#fixed.has(index)) parts.push('given');
      if (notes.length) parts.push(`pencil marks ${notes.join(' ')}`);
      cell.setAttribute('aria-label', parts.filter(Boolean).join(', '));
      cell.classList.toggle('fixed', this.#fixed.has(index));
      cell.setAttribute('aria-readonly', String(this.#fixed.has(index)));
      cell.replaceChildren(...(notes.length ? [h('span', { class: 'notes', 'aria-hidden': 'true' }, notes.join(' '))] : []));
      cell.tabIndex = index === this.#cursor ? 0 : -1;
      cell.setAttribute('aria-selected', String(index === this.#cursor));
    });
    const violations = state.status.violations;
    this.#frame.mark(
      'violation',
      violations.flatMap((violation) => violation.cells),
    );
    this.#frame.drawLines(
      violations.flatMap((violation) => violation.lines ?? []),
      'violation-line',
    );
    this.highlight(state.highlights);
    this.#frame.mark('cursor', [this.#cursor]);
  }

  highlight(highlights: Highlights): void {
    this.#frame.mark('mistake', highlights.mistake);
    this.#frame.mark('hint', highlights.hint);
  }

  focus(): void {
    this.#frame.cell(this.#cursor)?.focus();
  }

  dispose(): void {}

  #click(event: MouseEvent, direction: 1 | -1): void {
    if (direction > 0 && this.#swallowClick) {
      this.#swallowClick = false;
      return;
    }
    const cell = (event.target as HTMLElement).closest<HTMLElement>('.board-cell');
    if (!cell) return;
    if (direction < 0) event.preventDefault();
    const index = Number(cell.dataset['row']) * this.setup.width + Number(cell.dataset['col']);
    this.#moveCursor(index);
    if (this.setup.click === 'cycle' || direction < 0) this.#cycle(index, direction);
  }

  /** A press cycles its cell at once (the click that follows is swallowed) and starts a stroke with the mark it put. */
  #press(event: PointerEvent): void {
    if (event.button !== 0) return;
    const at = this.#frame.cellAt(event.clientX, event.clientY);
    if (!at) return;
    const cell = at.row * this.setup.width + at.col;
    this.#swallowClick = true;
    this.#moveCursor(cell);
    if (this.#fixed.has(cell)) {
      // Said to be given, as a click says it; no stroke.
      this.#cycle(cell, 1);
      return;
    }
    const value = this.#nextMark(cell, 1);
    this.#stroke = { pointerId: event.pointerId, value, last: cell };
    this.#frame.layer.setPointerCapture(event.pointerId);
    this.#put(cell, value);
  }

  /** Each cell the drag crosses takes the stroke's mark (given cells and cells that hold it already are passed over). */
  #drag(event: PointerEvent): void {
    const stroke = this.#stroke;
    if (!stroke || event.pointerId !== stroke.pointerId) return;
    const at = this.#frame.cellAt(event.clientX, event.clientY);
    if (!at) return;
    const cell = at.row * this.setup.width + at.col;
    if (cell === stroke.last) return;
    stroke.last = cell;
    this.#moveCursor(cell);
    if (!this.#fixed.has(cell) && this.#position?.marks[cell] !== stroke.value) this.#put(cell, stroke.value);
  }

  #endStroke(): void {
    this.#stroke = undefined;
    // A click follows the release at once when it comes at all; a timer lets the next one through.
    setTimeout(() => {
      this.#swallowClick = false;
    });
  }

  #nextMark(cell: number, direction: 1 | -1): string {
    const marks = this.setup.marks;
    const now = marks.findIndex((mark) => mark.value === this.#position?.marks[cell]);
    return marks[(Math.max(0, now) + direction + marks.length) % marks.length]!.value;
  }

  #cycle(cell: number, direction: 1 | -1): void {
    this.#put(cell, this.#nextMark(cell, direction));
  }

  #put(cell: number, value: string): void {
    if (this.#fixed.has(cell)) {
      this.host.say(`${cellName(this.setup, cell)} is given and cannot change`);
      return;
    }
    const pencil = this.#pencil?.getAttribute('aria-pressed') === 'true';
    const isNote = pencil && (this.setup.notes ?? []).some((note) => note.value === value);
    this.host.play(isNote ? { type: 'note', cell, value } : { type: 'mark', cell, value });
  }

  #togglePencil(): void {
    const on = this.#pencil!.getAttribute('aria-pressed') !== 'true';
    this.#pencil!.setAttribute('aria-pressed', String(on));
  }

  #moveCursor(cell: number): void {
    const previous = this.#frame.cell(this.#cursor);
    if (previous) {
      previous.tabIndex = -1;
      previous.setAttribute('aria-selected', 'false');
    }
    this.#cursor = cell;
    const next = this.#frame.cell(cell);
    if (next) {
      next.tabIndex = 0;
      next.setAttribute('aria-selected', 'true');
      next.focus();
    }
    this.#frame.mark('cursor', [cell]);
  }

  #key(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const { width, height } = this.setup;
    const row = Math.floor(this.#cursor / width);
    const col = this.#cursor % width;
    const go = (r: number, c: number) => this.#moveCursor(Math.max(0, Math.min(height - 1, r)) * width + Math.max(0, Math.min(width - 1, c)));
    const key = event.key;
    const moves: Record<string, () => void> = {
      ArrowUp: () => go(row - 1, col),
      ArrowDown: () => go(row + 1, col),
      ArrowLeft: () => go(row, col - 1),
      ArrowRight: () => go(row, col + 1),
      Home: () => go(row, 0),
      End: () => go(row, width - 1),
    };
    if (moves[key]) {
      moves[key]!();
    } else if (key === ' ' || key === 'Enter') {
      this.#cycle(this.#cursor, event.shiftKey ? -1 : 1);
    } else if (key === 'Backspace' || key === 'Delete') {
      this.#put(this.#cursor, this.setup.marks[0]!.value);
    } else {
      const pencil = this.#pencil?.getAttribute('aria-pressed') === 'true';
      const mark = (pencil ? (this.setup.notes ?? []) : this.setup.marks).find((each) => keyMatches(each, key));
      if (!mark) return;
      this.#put(this.#cursor, mark.value);
    }
    event.preventDefault();
  }
}
