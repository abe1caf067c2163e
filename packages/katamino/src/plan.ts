import { compareCellLists, imageOf } from '@kit/cover';
import type { KernelSettings } from './kernel.js';
import { PIECE_I, PIECE_X, ROWS, popcount } from './pieces.js';
import { cachedGroup } from './symmetry.js';

/**
 * How symmetric copies are removed in one independent search.
 * - `raw`: every tiling (`--all`).
 * - `x`: X was placed first at a placement that is smallest in its orbit under the board's group;
 *   a tiling counts when no symmetry fixing that X placement maps it to a smaller tiling.
 * - `corner`: the corner rule of the kernel (one of each upside-down pair is searched); a tiling
 *   counts when it is the smallest of the searched tilings in its orbit.
 */
export type Breaking = 'raw' | 'x' | 'corner';

/** One independent search: kernel settings and how its tilings are deduplicated. */
export interface Part {
  settings: KernelSettings;
  breaking: Breaking;
}

/** X placements (absolute cells) on the 5 x width board, smallest of their orbits, no cut-off cell. */
export function xPlacements(width: number): number[][] {
  const group = cachedGroup(width, false);
  const out: number[][] = [];
  for (let col = 1; col + 1 < width; col++) {
    for (let row = 1; row + 1 < ROWS; row++) {
      const cells = [
        [row, col - 1],
        [row - 1, col],
        [row, col],
        [row + 1, col],
        [row, col + 1],
      ]
        .map(([r, c]) => c! * ROWS + r!)
        .sort((a, b) => a - b);
      if (group.some((perm) => compareCellLists(imageOf(perm, cells), cells) < 0)) continue;
      if (cutsOffCell(width, cells)) continue;
      out.push(cells);
    }
  }
  return out;
}

function cutsOffCell(width: number, cells: readonly number[]): boolean {
  const taken = new Set(cells);
  for (let col = 0; col < width; col++) {
    for (let row = 0; row < ROWS; row++) {
      if (taken.has(col * ROWS + row)) continue;
      const open = [
        [row - 1, col],
        [row + 1, col],
        [row, col - 1],
        [row, col + 1],
      ].some(([r, c]) => r! >= 0 && r! < ROWS && c! >= 0 && c! < width && !taken.has(c! * ROWS + r!));
      if (!open) return true;
    }
  }
  return false;
}

/**
 * The searches that together find every tiling of the 5 x width board with pieces from `allowed`
 * once per orbit: X first where X may be used (it is the most constrained piece, and placing it
 * first removes all the board's symmetry), then the rest under the corner rule.
 */
export function planWidth(width: number, allowed: number, horizontalI: boolean, all: boolean): Part[] {
  const base = { lo: width, hi: width, horizontalI };
  if (all) return [{ settings: { ...base, allowed, corner: false }, breaking: 'raw' }];
  const parts: Part[] = [];
  let rest = allowed;
  // With the upright I forbidden the square loses its diagonal symmetries when I is used, so the
  // group differs between tilings; the corner rule copes with that, X first would not.
  const xFirst = (allowed & (1 << PIECE_X)) !== 0 && !(horizontalI && width === ROWS && (allowed & (1 << PIECE_I)) !== 0);
  if (xFirst) {
    rest &= ~(1 << PIECE_X);
    for (const cells of xPlacements(width)) {
      parts.push({ settings: { ...base, allowed: rest, corner: false, pre: { piece: PIECE_X, cells } }, breaking: 'x' });
    }
  }
  // Without X there may be too few pieces left to fill the board (5 x 12 needs all twelve).
  if (popcount(rest) >= width) parts.push({ settings: { ...base, allowed: rest, corner: true }, breaking: 'corner' });
  return parts;
}

/** One search for every width from lo to hi at once (the corner rule works for all widths). */
export function planRange(lo: number, hi: number, allowed: number, horizontalI: boolean, all: boolean): Part {
  return { settings: { lo, hi, allowed, horizontalI, corner: !all }, breaking: all ? 'raw' : 'corner' };
}

/**
 * The sweep's searches, grouped by board width. One search serves a whole range of widths (a tiling
 * of 5 x c is a point of the 5 x hi search where the first c columns are exactly full); the 5 x 12
 * board alone is faster with X placed first (X is in its only set), so it is a group of its own.
 */
export function sweepGroups(lo: number, hi: number): [number, number][] {
  return hi === 12 && lo < 12
    ? [
        [lo, 11],
        [12, 12],
      ]
    : [[lo, hi]];
}
