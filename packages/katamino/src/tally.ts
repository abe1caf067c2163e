import { PIECE_I, ROWS, lettersOf, popcount } from './pieces.js';
import type { Part } from './plan.js';
import { rowsOfLabels, runPart } from './run.js';
import { cachedGroup } from './symmetry.js';

/** What one piece set does on its 5 x N board. */
export interface SubsetResult {
  /** The pieces, in FILNPTUVWXYZ order (`LPUVY`). */
  pieces: string;
  /** Distinct tilings (or every tiling with `all`). */
  count: number;
  /**
   * One tiling of the set: of all its tilings and their mirror images and turns, the smallest when
   * the cells are read column by column, top to bottom. It does not depend on how the search ran.
   */
  rows: string[];
}

interface Entry {
  count: number;
  width: number;
  best: Int8Array;
}

export interface TallyHooks {
  /** Now and then, with the partial tiling; return true to stop. */
  tick?(rows: () => string[], tries: number): boolean;
}

/** Counts tilings per piece set over the given parts, remembering each set's smallest tiling. */
export class SubsetTally {
  private readonly entries = new Map<number, Entry>();
  tries = 0;
  stopped = false;

  constructor(private readonly horizontalI: boolean) {}

  run(parts: readonly Part[], hooks: TallyHooks = {}): this {
    const image = new Int8Array(ROWS * 12);
    for (const part of parts) {
      const before = this.tries;
      const result = runPart(part, {
        tiling: (width, used, labels) => {
          this.add(width, used, labels, image);
          return false;
        },
        ...(hooks.tick ? { tick: (rows, tries) => hooks.tick!(rows, before + tries) } : {}),
      });
      this.tries += result.tries;
      if (result.stopped) {
        this.stopped = true;
        break;
      }
    }
    return this;
  }

  private add(width: number, used: number, labels: Int8Array, image: Int8Array): void {
    const size = ROWS * width;
    let entry = this.entries.get(used);
    if (!entry) {
      entry = { count: 0, width, best: labels.slice(0, size) };
      this.entries.set(used, entry);
    }
    entry.count++;
    const group = cachedGroup(width, this.horizontalI && (used & (1 << PIECE_I)) !== 0);
    for (const perm of group) {
      for (let i = 0; i < size; i++) image[perm[i]!] = labels[i]!;
      for (let i = 0; i < size; i++) {
        if (image[i] !== entry.best[i]) {
          if (image[i]! < entry.best[i]!) entry.best.set(image.subarray(0, size));
          break;
        }
      }
    }
  }

  /** The piece sets that tile, by width, then by letters. */
  results(): SubsetResult[] {
    return [...this.entries]
      .map(([mask, entry]) => ({ pieces: lettersOf(mask), count: entry.count, rows: rowsOfLabels(entry.best, entry.width) }))
      .sort((a, b) => a.pieces.length - b.pieces.length || (a.pieces < b.pieces ? -1 : a.pieces > b.pieces ? 1 : 0));
  }

  /** How many sets of each width tile, and their tilings summed. */
  byWidth(): Map<number, { tiling: number; solutions: number }> {
    const out = new Map<number, { tiling: number; solutions: number }>();
    for (const [mask, entry] of this.entries) {
      const width = popcount(mask);
      const row = out.get(width) ?? { tiling: 0, solutions: 0 };
      row.tiling++;
      row.solutions += entry.count;
      out.set(width, row);
    }
    return out;
  }
}
