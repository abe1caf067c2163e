import { type Cell, type Frame, type Palette, PENTOMINO_PALETTE } from '@kit/core';

/** What the solver reports: a packing (or a partial one while searching) as layers of piece names. */
export interface PackingState {
  /** `layers[z][y]`, one character per x: a piece's name, `.` a hole, space a cube not yet covered. */
  layers: string[][];
  /** Search nodes so far, on progress states. */
  tries?: number;
}

const OTHER_NAMES = 'ABCDEGHJKMOQRS' + 'abcdefghijklmnopqrstuvwxyz' + '0123456789';
// Distinct 256-colour hues for the pieces that are not pentominoes.
const OTHER_COLOURS = [
  196, 208, 226, 46, 51, 21, 201, 130, 94, 58, 28, 30, 25, 55, 90, 160, 166, 184, 82, 37, 27, 93, 125, 137,
  143, 107, 73, 67, 97, 132, 203, 215, 229, 120, 87, 69, 177, 181, 223, 151,
];

/** The palette key a piece name is drawn with (the pentomino letters keep their usual colours). */
export function fillFor(name: string): string {
  if (name in PENTOMINO_PALETTE) return name;
  return OTHER_NAMES.includes(name) ? `piece-${name}` : 'piece-other';
}

export const POLYCUBE_PALETTE: Palette = Object.fromEntries([
  ...[...OTHER_NAMES].map((name, i) => [`piece-${name}`, { ansi256: OTHER_COLOURS[i % OTHER_COLOURS.length]!, letter: name }]),
  ['piece-other', { ansi256: 244, letter: '?' }],
]);

function cellFor(char: string): Cell {
  if (char === '.') return { hole: true };
  if (char === ' ') return {};
  return { fill: fillFor(char), label: char };
}

/** Columns between two layers drawn side by side. */
export const LAYER_GAP = 1;

/**
 * A packing as one flat frame: its layers side by side, the bottom one (z = 0) on the left, one
 * blank column between them. A piece's name is its fill and label; holes are holes.
 */
export function viewPacking(state: PackingState, options: { index?: number } = {}): Frame {
  const layers = state.layers;
  const depth = layers[0]?.length ?? 0;
  const width = layers[0]?.[0]?.length ?? 0;
  const frameWidth = layers.length * width + Math.max(0, layers.length - 1) * LAYER_GAP;
  const cells: Cell[] = [];
  for (let y = 0; y < depth; y++) {
    layers.forEach((layer, z) => {
      if (z > 0) for (let gap = 0; gap < LAYER_GAP; gap++) cells.push({ hole: true });
      for (let x = 0; x < width; x++) cells.push(cellFor(layer[y]?.[x] ?? ' '));
    });
  }
  const title = options.index !== undefined ? `No. ${options.index}` : state.tries !== undefined ? `tries ${state.tries}` : undefined;
  // The box as layers, for hosts that draw it in three dimensions (the page's solid view).
  const box = { depth: layers.length, width, gap: LAYER_GAP };
  return { width: frameWidth, height: depth, cells, layers: box, ...(title !== undefined ? { title } : {}) };
}
