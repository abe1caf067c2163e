import type { Cell, Frame, Palette } from '@kit/core';
import { PIECE_PALETTE, pieceCell, pieceFill } from '@kit/grid';

/** What the solver reports: a packing (or a partial one while searching) as layers of piece names. */
export interface PackingState {
  /** `layers[z][y]`, one character per x: a piece's name, `.` a hole, space a cube not yet covered. */
  layers: string[][];
  /** Search nodes so far, on progress states. */
  tries?: number;
}

/** The palette key a piece name is drawn with (the pentomino letters keep their usual colours). */
export const fillFor = pieceFill;

/** Colours for the piece names that are not pentomino letters. */
export const POLYCUBE_PALETTE: Palette = PIECE_PALETTE;

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
  // Sized up front: a run draws every solution, and a growing array copies itself as it goes.
  const cells = new Array<Cell>(frameWidth * depth);
  let at = 0;
  for (let y = 0; y < depth; y++) {
    for (let z = 0; z < layers.length; z++) {
      if (z > 0) for (let gap = 0; gap < LAYER_GAP; gap++) cells[at++] = { hole: true };
      const row = layers[z]![y];
      for (let x = 0; x < width; x++) cells[at++] = pieceCell(row?.[x] ?? ' ');
    }
  }
  const title = options.index !== undefined ? `No. ${options.index}` : state.tries !== undefined ? `tries ${state.tries}` : undefined;
  // The box as layers, for hosts that draw it in three dimensions (the page's solid view).
  const box = { depth: layers.length, width, gap: LAYER_GAP };
  return { width: frameWidth, height: depth, cells, layers: box, ...(title !== undefined ? { title } : {}) };
}
