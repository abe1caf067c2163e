// Colours for pieces named by one character, for the packing puzzles (polyominoes, polycubes): the
// twelve pentomino letters keep core's pentomino colours; other names get hues of their own.
import { type Cell, PENTOMINO_PALETTE, type Palette } from '@kit/core';

const OTHER_NAMES = 'ABCDEGHJKMOQRS' + 'abcdefghijklmnopqrstuvwxyz' + '0123456789';
// Distinct 256-colour hues for the pieces that are not pentominoes (tetrominoes, hexominoes, cubes).
const OTHER_COLOURS = [
  196, 208, 226, 46, 51, 21, 201, 130, 94, 58, 28, 30, 25, 55, 90, 160, 166, 184, 82, 37, 27, 93, 125, 137, 143, 107, 73, 67, 97, 132, 203, 215, 229, 120, 87,
  69, 177, 181, 223, 151,
];

/** The palette key a piece name is drawn with: its own letter for a pentomino, `piece-<name>` or `piece-other`. */
export function pieceFill(name: string): string {
  if (name in PENTOMINO_PALETTE) return name;
  return OTHER_NAMES.includes(name) ? `piece-${name}` : 'piece-other';
}

/** Colours for piece names beyond the twelve pentomino letters (those come from core's palette). */
export const PIECE_PALETTE: Palette = Object.fromEntries([
  ...[...OTHER_NAMES].map((name, i) => [`piece-${name}`, { ansi256: OTHER_COLOURS[i % OTHER_COLOURS.length]!, letter: name }]),
  ['piece-other', { ansi256: 244, letter: '?' }],
]);

const HOLE: Cell = Object.freeze({ hole: true });
const EMPTY: Cell = Object.freeze({});
// A run draws every solution cell by cell with the same dozen names: one frozen cell per name, not
// a new object and a new fill key for each. Cleared past a bound, since a file names the pieces.
const pieceCells = new Map<string, Cell>();
const MAX_CACHED_CELLS = 1024;

/** One character of a drawn packing as a frame cell: `.` a hole, space an empty cell, else a piece by its name. */
export function pieceCell(char: string): Cell {
  if (char === '.') return HOLE;
  if (char === ' ') return EMPTY;
  let cell = pieceCells.get(char);
  if (cell === undefined) {
    if (pieceCells.size >= MAX_CACHED_CELLS) pieceCells.clear();
    cell = Object.freeze({ fill: pieceFill(char), label: char });
    pieceCells.set(char, cell);
  }
  return cell;
}
