// The piece under the finger or the pointer while it is dragged: drawn at the board's cell size,
// the part it was taken by centred on the pointer, above everything and never in the pointer's way.
// Over the board it fades, so the snapped ghost under it shows where the piece would go.
import type { Palette } from '@kit/core';
import type { TrayPiece } from '@kit/core/play';
import { h } from '../dom.js';
import { flatCells, pieceShape } from './piece-tray.js';

export class DragFollower {
  readonly element = h('div', { class: 'drag-piece', 'aria-hidden': 'true', hidden: true });
  /** Where the held part's centre is, from the shape's top left corner (CSS pixels). */
  #offset = { x: 0, y: 0 };

  constructor(private readonly palette: Palette) {}

  /** Starts following with `piece` in `orientation`, held by `part`, each cell `cell` pixels square. */
  show(piece: TrayPiece, orientation: number, part: number, cell: number): void {
    const shape = pieceShape(piece, orientation, this.palette);
    this.element.style.setProperty('--cell', `${cell.toFixed(2)}px`);
    this.element.replaceChildren(shape);
    const [row, col] = flatCells(piece.orientations[orientation] ?? piece.orientations[0]!)[part] ?? [0, 0];
    this.#offset = { x: (col + 0.5) * cell, y: (row + 0.5) * cell };
    this.element.dataset['piece'] = piece.name;
    this.element.dataset['orientation'] = String(orientation);
    this.element.hidden = false;
  }

  /** Puts the held part under the point; `overBoard` fades it over the ghost. */
  move(clientX: number, clientY: number, overBoard: boolean): void {
    this.element.style.transform = `translate(${(clientX - this.#offset.x).toFixed(1)}px, ${(clientY - this.#offset.y).toFixed(1)}px)`;
    this.element.classList.toggle('over-board', overBoard);
  }

  hide(): void {
    this.element.hidden = true;
    this.element.replaceChildren();
  }
}
