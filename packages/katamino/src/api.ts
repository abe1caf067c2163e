import { type Penta, challengePentas } from './challenges.js';
import { parseWidths } from './instance.js';
import { ALL_PIECES, lettersOf, parseLetters } from './pieces.js';
import { planRange, planWidth, sweepGroups } from './plan.js';
import { rowsOfLabels, runPart } from './run.js';
import { type SubsetResult, SubsetTally } from './tally.js';

/** What {@link katamino} tiles and how. */
export interface KataminoOptions {
  /** 3 to 12 different letters from FILNPTUVWXYZ; the board is 5 x (number of letters). */
  pieces: string;
  /** Every tiling instead of one per orbit under the board's symmetry. */
  all?: boolean;
  /** The booklet's rule: I only horizontally. */
  horizontalI?: boolean;
  /** Stop after this many tilings (default: find them all). */
  limit?: number;
  /** Called with each tiling as found, one string a row of the 5 x N board, a piece's letter a cell. */
  onSolution?: (rows: string[]) => void;
}

/** Tiles the 5 x N board with the pieces; counts distinct tilings (or all). Throws InputError for bad letters. */
export function katamino(options: KataminoOptions): { solutions: number; tries: number; board: string } {
  const mask = parseLetters(options.pieces, 'pieces');
  const width = lettersOf(mask).length;
  let solutions = 0;
  let tries = 0;
  for (const part of planWidth(width, mask, options.horizontalI ?? false, options.all ?? false)) {
    const result = runPart(part, {
      tiling(w, _used, labels) {
        solutions++;
        options.onSolution?.(rowsOfLabels(labels, w));
        return options.limit !== undefined && solutions >= options.limit;
      },
    });
    tries += result.tries;
    if (result.stopped) break;
  }
  return { solutions, tries, board: `5x${width}` };
}

/** Which widths {@link sweep} covers and how it counts. */
export interface SweepOptions {
  /** A width (`5`) or a range (`3-12`). */
  n: string | number;
  /** Count every tiling instead of one per orbit under the board's symmetry. */
  all?: boolean;
  /** The booklet's rule: I only horizontally. */
  horizontalI?: boolean;
}

/** Every piece set that tiles its board, with the totals of a {@link sweep}. */
export interface SweepResult {
  /** Each piece set that tiles its 5 x N board, by width then letters. */
  subsets: SubsetResult[];
  /** Tilings summed over the sets. */
  solutions: number;
  /** Placements tried over the whole sweep, the measure of its work. */
  tries: number;
}

/** Every set of N pieces on the 5 x N board, for each N asked for. */
export function sweep(options: SweepOptions): SweepResult {
  const { lo, hi } = parseWidths(String(options.n));
  const horizontalI = options.horizontalI ?? false;
  const all = options.all ?? false;
  const tally = new SubsetTally(horizontalI);
  for (const [a, b] of sweepGroups(lo, hi)) {
    tally.run(a === b ? planWidth(a, ALL_PIECES, horizontalI, all) : [planRange(a, b, ALL_PIECES, horizontalI, all)]);
  }
  const subsets = tally.results();
  return { subsets, solutions: subsets.reduce((n, s) => n + s.count, 0), tries: tally.tries };
}

/** One board of a booklet challenge, solved by {@link playChallenge}. */
export interface ChallengeResult extends Penta {
  /** Distinct tilings with the booklet's rule (I only horizontally); 0 when the board cannot be filled. */
  count: number;
  /** The smallest tiling of the board (up to its symmetry), one string a row; absent when there is none. */
  rows?: string[];
}

/** Solves every board of a booklet challenge (`small-slam`) or of one row (`small-slam:A`). */
export function playChallenge(spec: string, options: { all?: boolean } = {}): ChallengeResult[] {
  return challengePentas(spec).map((penta) => {
    const mask = parseLetters(penta.pieces, 'challenge');
    const result = new SubsetTally(true).run(planWidth(penta.width, mask, true, options.all ?? false)).results()[0];
    return { ...penta, count: result?.count ?? 0, ...(result ? { rows: result.rows } : {}) };
  });
}
