import { type Cell, type Frame, type Palette, PENTOMINO_PALETTE, frameFromRows } from '@kit/core';

/** What the solver reports: a packing (or a partial one while searching) as rows of piece names. */
export interface PackingState {
  /** The board, one string a row: a piece's name on each cell it covers, `.` a hole, a space a cell not yet covered. */
  rows: string[];
  /** Search nodes so far, on progress states. */
  tries?: number;
}

const OTHER_NAMES = 'ABCDEGHJKMOQRS' + 'abcdefghijklmnopqrstuvwxyz' + '0123456789';
// Distinct 256-colour hues for pieces that are not pentominoes (tetrominoes, hexominoes, ...).
const OTHER_COLOURS = [
  196, 208, 226, 46, 51, 21, 201, 130, 94, 58, 28, 30, 25, 55, 90, 160, 166, 184, 82, 37, 27, 93, 125, 137,
  143, 107, 73, 67, 97, 132, 203, 215, 229, 120, 87, 69, 177, 181, 223, 151,
];

/** The palette key a piece name is drawn with. */
export function fillFor(name: string): string {
  if (name in PENTOMINO_PALETTE) return name;
  return OTHER_NAMES.includes(name) ? `piece-${name}` : 'piece-other';
}

/** Colours for piece names beyond the twelve pentomino letters (those come from core's palette). */
export const POLYOMINO_PALETTE: Palette = Object.fromEntries([
  ...[...OTHER_NAMES].map((name, i) => [`piece-${name}`, { ansi256: OTHER_COLOURS[i % OTHER_COLOURS.length]!, letter: name }]),
  ['piece-other', { ansi256: 244, letter: '?' }],
]);

function cellFor(char: string): Cell {
  if (char === '.') return { hole: true };
  if (char === ' ') return {};
  return { fill: fillFor(char), label: char };
}

/** A packing as a frame: a piece's name is its fill and label; holes are holes. */
export function viewPacking(state: PackingState, options: { index?: number } = {}): Frame {
  const title = options.index !== undefined ? `No. ${options.index}` : state.tries !== undefined ? `tries ${state.tries}` : undefined;
  return frameFromRows(state.rows, cellFor, title);
}
