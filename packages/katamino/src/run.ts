import { type Kernel, createKernel } from './kernel.js';
import { LETTERS, PIECE_I, ROWS } from './pieces.js';
import type { Part } from './plan.js';
import { cachedGroup } from './symmetry.js';

export interface TilingSink {
  /** A tiling that counts (one per orbit, or every one for `raw`); `labels` are valid during the call. Return true to stop. */
  tiling(width: number, used: number, labels: Int8Array): boolean;
  /** Now and then during the search, with the partial tiling. Return true to stop. */
  tick?(rows: () => string[], tries: number): boolean;
}

export interface PartResult {
  tries: number;
  stopped: boolean;
}

/** Labels (piece ids, -1 empty) of the kernel's stack, index col * 5 + row. */
function fillLabels(kernel: Kernel, depth: number, labels: Int8Array): void {
  labels.fill(-1);
  const pre = kernel.settings.pre;
  if (pre) for (const cell of pre.cells) labels[cell] = pre.piece;
  for (let d = 0; d < depth; d++) {
    const piece = kernel.stackPiece[d]!;
    const offset = kernel.stackBase[d]! * ROWS;
    for (let m = kernel.stackMask[d]!; m !== 0; m &= m - 1) labels[offset + 31 - Math.clz32(m & -m)] = piece;
  }
}

export function rowsOfLabels(labels: Int8Array, width: number): string[] {
  const rows: string[] = [];
  for (let row = 0; row < ROWS; row++) {
    let line = '';
    for (let col = 0; col < width; col++) {
      const piece = labels[col * ROWS + row]!;
      line += piece < 0 ? ' ' : LETTERS[piece];
    }
    rows.push(line);
  }
  return rows;
}

/**
 * Runs one part (or the subtree below one of its roots) and reports the tilings that count. The
 * test for "counts" is the same for every breaking: a tiling counts when, among its images under the
 * board's group that this search would also find, it is the smallest (cells compared in index order).
 */
export function runPart(part: Part, sink: TilingSink, root?: readonly number[]): PartResult {
  const { settings, breaking } = part;
  const labels = new Int8Array(ROWS * settings.hi);
  const image = new Int8Array(ROWS * settings.hi);
  const xCells = settings.pre?.cells ?? [];
  const xPiece = settings.pre?.piece ?? -1;
  let kernel: Kernel;

  const searchedToo = (): boolean => {
    if (breaking === 'corner') return image[0]! <= image[ROWS - 1]!;
    for (const cell of xCells) if (image[cell] !== xPiece) return false;
    return true;
  };
  const counts = (width: number, used: number): boolean => {
    if (breaking === 'raw') return true;
    const size = ROWS * width;
    const group = cachedGroup(width, settings.horizontalI && (used & (1 << PIECE_I)) !== 0);
    for (let g = 1; g < group.length; g++) {
      const perm = group[g]!;
      for (let i = 0; i < size; i++) image[perm[i]!] = labels[i]!;
      if (!searchedToo()) continue;
      for (let i = 0; i < size; i++) {
        if (image[i] !== labels[i]) {
          if (image[i]! < labels[i]!) return false;
          break;
        }
      }
    }
    return true;
  };

  kernel = createKernel(settings, {
    leaf(width, used, depth) {
      fillLabels(kernel, depth, labels);
      if (!counts(width, used)) return false;
      return sink.tiling(width, used, labels);
    },
    tick(depth, tries) {
      if (!sink.tick) return false;
      return sink.tick(() => {
        fillLabels(kernel, depth, labels);
        return rowsOfLabels(labels, settings.hi);
      }, tries);
    },
  });
  const tries = kernel.run(root);
  return { tries, stopped: kernel.stopped };
}

/** The subtree roots `depth` placements deep, in search order (each a list of table entries). */
export function partRoots(part: Part, depth: number): { roots: number[][]; tries: number } {
  const roots: number[][] = [];
  const kernel: Kernel = createKernel(part.settings, {
    leaf: () => false,
    tick: () => false,
    root(d) {
      roots.push(Array.from(kernel.stackEntry.subarray(0, d)));
    },
  });
  const tries = kernel.roots(depth);
  return { roots, tries };
}
