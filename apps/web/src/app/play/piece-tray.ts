// The tray of a pieces board: one button per piece, drawn in the orientation it will be laid in,
// with how many copies are left. A piece is taken with a click, a tap or Enter, or dragged by any
// of its cells; R, F (a piece's turn keys) turn the focused piece, a tap on the piece in hand turns it.
import type { Palette } from '@kit/core';
import type { PiecesSetup, TrayPiece } from '@kit/core/play';
import { entryHex } from '@kit/core/host';
import { h } from '../dom.js';
import { pieceSolid } from './box-view.js';

export interface TrayHandlers {
  /** A piece was clicked, tapped or chosen with Enter. */
  take(piece: number): void;
  /** A pointer went down on a piece: `part` is the cell of the drawn orientation it went down on. */
  press(piece: number, part: number, event: PointerEvent): void;
  /** A turn key was pressed on a piece. */
  turn(piece: number, key: string): void;
}

/**
 * Where an orientation's cells are drawn, as [row, col]: a flat piece as it is; a solid one as its
 * layers side by side, the bottom one on the left, one empty column between two (as a box's board
 * shows its layers).
 */
export function flatCells(cells: ReadonlyArray<readonly number[]>): Array<[number, number]> {
  if (cells[0]?.length !== 3) return cells.map((at) => [at[0]!, at[1]!]);
  const columns = Math.max(...cells.map((at) => at[2]!)) + 1;
  return cells.map((at) => [at[1]!, at[0]! * (columns + 1) + at[2]!]);
}

/**
 * A piece drawn in one orientation as a small grid of cells (`data-part`, `data-dr`, `data-dc` on
 * each, and `data-dl`, its layer, for a solid piece).
 */
export function pieceShape(piece: TrayPiece, orientation: number, palette: Palette): HTMLElement {
  const parts = piece.orientations[orientation] ?? piece.orientations[0]!;
  const cells = flatCells(parts);
  const rows = Math.max(...cells.map(([row]) => row)) + 1;
  const cols = Math.max(...cells.map(([, col]) => col)) + 1;
  const entry = palette[piece.fill ?? piece.name];
  const colour = entry ? entryHex(entry) : undefined;
  // Styles through the CSSOM: the page's Content-Security-Policy refuses style attributes.
  const shape = h('span', { class: 'tray-shape' });
  shape.style.setProperty('--rows', String(rows));
  shape.style.setProperty('--cols', String(cols));
  cells.forEach(([row, col], part) => {
    const at = parts[part]!;
    const cell = h('span', {
      class: 'tray-cell',
      'data-part': part,
      'data-dr': at.length === 3 ? at[1]! : row,
      'data-dc': at.length === 3 ? at[2]! : col,
      ...(at.length === 3 ? { 'data-dl': at[0]! } : {}),
    });
    cell.style.gridRow = String(row + 1);
    cell.style.gridColumn = String(col + 1);
    if (colour) cell.style.background = colour;
    shape.append(cell);
  });
  return shape;
}

/**
 * A piece's shape for screen readers: `5 squares, 4 by 2` on a flat board, `4 cubes, 2 by 2 by 2`
 * in a box (the page names no puzzle's pieces) (the extent of the orientation shown, columns by rows by layers).
 */
export function shapeWords(piece: TrayPiece, orientation: number): string {
  const cells = piece.orientations[orientation] ?? piece.orientations[0]!;
  const axes = cells[0]?.length ?? 2;
  const extent = Array.from({ length: axes }, (_, axis) => Math.max(...cells.map((cell) => cell[axis]!)) + 1).reverse();
  return `${cells.length} ${axes === 3 ? 'cubes' : 'squares'}, ${extent.join(' by ')}`;
}

export function turnFor(piece: TrayPiece, key: string): number | undefined {
  const index = piece.turns.findIndex((turn) => turn.key.toLowerCase() === key.toLowerCase());
  return index < 0 ? undefined : index;
}

export class PieceTray {
  readonly element: HTMLElement;
  readonly #buttons: HTMLButtonElement[];

  constructor(
    private readonly setup: PiecesSetup,
    private readonly palette: Palette,
    handlers: TrayHandlers,
  ) {
    this.#buttons = setup.tray.map((piece, index) => {
      const button = h('button', { type: 'button', class: 'tray-piece', 'data-piece': piece.name, 'aria-pressed': 'false' });
      button.addEventListener('click', () => handlers.take(index));
      button.addEventListener('pointerdown', (event) => {
        if (event.button !== 0) return;
        const part = (event.target as HTMLElement).closest<HTMLElement>('[data-part]');
        handlers.press(index, part ? Number(part.dataset['part']) : 0, event);
      });
      button.addEventListener('keydown', (event) => {
        if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
        if (turnFor(piece, event.key) === undefined) return;
        event.preventDefault();
        handlers.turn(index, event.key);
      });
      return button;
    });
    const keys = [...new Map(setup.tray.flatMap((piece) => piece.turns.map((turn) => [turn.key.toLowerCase(), turn.label] as const))).entries()];
    this.element = h(
      'div',
      { class: 'tray' },
      h('h3', { id: 'tray-title' }, 'Pieces'),
      h('div', { class: 'tray-pieces', role: 'group', 'aria-labelledby': 'tray-title' }, ...this.#buttons),
      h(
        'p',
        { class: 'board-help' },
        `Drag a piece onto the board, or take it (tap, click, Enter) and tap a cell, or use the arrows and Enter.${keys.map(([key, label]) => ` ${key.toUpperCase()} to ${label}.`).join('')} A tap on the piece in hand turns it. A tap or Enter on a laid piece picks it up, Delete puts it back, Escape lets go.`,
      ),
    );
  }

  /** Draws each piece in its orientation, with the copies left; `held` is the piece in hand. */
  draw(orientations: readonly number[], left: readonly number[], held: number | undefined): void {
    this.setup.tray.forEach((piece, index) => {
      const button = this.#buttons[index]!;
      const orientation = piece.orientations[orientations[index] ?? 0] ? (orientations[index] ?? 0) : 0;
      const shape = pieceShape(piece, orientation, this.palette);
      button.dataset['orientation'] = String(orientation);
      const count = left[index] ?? 0;
      // A box's piece is drawn in 3D above its footprint (the flat shape is what a drag holds it by).
      const solid = (this.setup.depth ?? 1) > 1 ? [pieceSolid(piece, orientation, this.palette)] : [];
      const copies = piece.count > 1 || count === 0 ? `×${count}` : '';
      button.replaceChildren(...solid, shape, h('span', { class: 'tray-name' }, piece.name), h('span', { class: 'tray-count' }, copies));
      button.disabled = count <= 0 && held !== index;
      button.dataset['left'] = String(count);
      button.setAttribute('aria-pressed', String(held === index));
      // The name starts with the button's visible text (its name and copies), as the label rule asks.
      button.setAttribute('aria-label', `${piece.name}${copies}, ${shapeWords(piece, orientation)}, ${count} left${held === index ? ', in hand' : ''}`);
    });
  }

  focus(piece: number): void {
    this.#buttons[piece]?.focus();
  }
}
