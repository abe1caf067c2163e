import type { SatBackend } from './sat/backend.js';
import { neighbours, unshadedRegions, type Hitori } from './model.js';

/** Variables for the numbered cells: `shadeVar[cell]` is 0 for a blank cell (never shaded). */
export interface HitoriEncoding {
  /** Per cell, row-major: the SAT variable true when the cell is shaded, or 0 for a blank cell. */
  shadeVar: Int32Array;
}

/** Equal numbers in one row or column, as cell lists (only groups of two or more). */
export function repeatedGroups(puzzle: Hitori): number[][] {
  const { width, height, numbers } = puzzle;
  const groups: number[][] = [];
  const collect = (cells: number[]) => {
    const byNumber = new Map<number, number[]>();
    for (const cell of cells) {
      const n = numbers[cell]!;
      if (n === 0) continue;
      const list = byNumber.get(n);
      if (list) list.push(cell);
      else byNumber.set(n, [cell]);
    }
    for (const list of byNumber.values()) if (list.length > 1) groups.push(list);
  };
  for (let y = 0; y < height; y++) collect(Array.from({ length: width }, (_, x) => y * width + x));
  for (let x = 0; x < width; x++) collect(Array.from({ length: height }, (_, y) => y * width + x));
  return groups;
}

/**
 * Rules 1 and 2 as clauses, plus two cheap consequences of rule 3: not every cell is shaded, and an
 * unshaded cell keeps an unshaded neighbour whenever the board has cells beyond it and its neighbours.
 * The rest of rule 3 (connectivity) is added lazily by `connectivityCuts`.
 */
export function encodeRules(puzzle: Hitori, sat: SatBackend): HitoriEncoding {
  const { width, height, numbers } = puzzle;
  const size = width * height;
  const shadeVar = new Int32Array(size);
  for (let cell = 0; cell < size; cell++) if (numbers[cell] !== 0) shadeVar[cell] = sat.newVar();
  // Rule 1: of two equal numbers in a line, at least one is shaded.
  for (const group of repeatedGroups(puzzle)) {
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) sat.addClause([shadeVar[group[i]!]!, shadeVar[group[j]!]!]);
    }
  }
  // Rule 2: no two shaded cells touch.
  for (let cell = 0; cell < size; cell++) {
    if (!shadeVar[cell]) continue;
    for (const next of neighbours(width, height, cell)) {
      if (next > cell && shadeVar[next]) sat.addClause([-shadeVar[cell]!, -shadeVar[next]!]);
    }
  }
  // Rule 3, the parts worth stating up front.
  const all: number[] = [];
  let hasBlank = false;
  for (let cell = 0; cell < size; cell++) {
    if (shadeVar[cell]) all.push(-shadeVar[cell]!);
    else hasBlank = true;
  }
  if (!hasBlank && all.length > 0) sat.addClause(all);
  for (let cell = 0; cell < size; cell++) {
    const around = neighbours(width, height, cell);
    if (size <= 1 + around.length || around.some((next) => !shadeVar[next])) continue;
    // Cell unshaded and all neighbours shaded would wall it off from the cells beyond.
    const clause = around.map((next) => -shadeVar[next]!);
    sat.addClause(shadeVar[cell] ? [shadeVar[cell]!, ...clause] : clause);
  }
  return { shadeVar };
}

export function readShading(encoding: HitoriEncoding, sat: SatBackend): Uint8Array {
  const { shadeVar } = encoding;
  const shaded = new Uint8Array(shadeVar.length);
  for (let cell = 0; cell < shadeVar.length; cell++) if (shadeVar[cell] && sat.value(shadeVar[cell]!)) shaded[cell] = 1;
  return shaded;
}

/**
 * One cut per unshaded region when the model's unshaded cells fall apart: the shaded cells around a
 * region cannot all be shaded, since the region would then be cut off from the rest of the board
 * (each shaded cell on the border forces its other neighbours unshaded, so both sides keep a cell).
 * Returns the cuts added; none means the model is connected.
 */
export function connectivityCuts(puzzle: Hitori, encoding: HitoriEncoding, shaded: Uint8Array, sat: SatBackend): number[][] {
  const { width, height } = puzzle;
  const regions = unshadedRegions(width, height, shaded);
  if (regions.length <= 1) return [];
  const cuts: number[][] = [];
  for (const cells of regions) {
    const border = new Set<number>();
    for (const cell of cells) {
      for (const next of neighbours(width, height, cell)) if (shaded[next]) border.add(next);
    }
    const cut = [...border].map((cell) => -encoding.shadeVar[cell]!);
    sat.addClause(cut);
    cuts.push(cut);
  }
  return cuts;
}

/** The clause that rules out one exact shading (every numbered cell's value counts). */
export function blockingClause(encoding: HitoriEncoding, shaded: Uint8Array): number[] {
  const clause: number[] = [];
  encoding.shadeVar.forEach((v, cell) => {
    if (v) clause.push(shaded[cell] ? -v : v);
  });
  return clause;
}

/** What {@link searchHitori} found, with its counters. */
export interface HitoriSearch {
  /** Solutions found, in order; at most `maxSolutions`. */
  solutions: Uint8Array[];
  /** True when the search ran out of solutions (so the count is exact). */
  exhausted: boolean;
  /** Connectivity cuts added: models whose unshaded cells fell apart. */
  cuts: number;
  /** The cut clauses, for `--dimacs`. */
  cutClauses: number[][];
  /** Calls to the SAT solver: each gives a model (a solution or a cut) or ends the search. */
  satCalls: number;
}

/** How far {@link searchHitori} goes and what it reports on the way. */
export interface HitoriSearchOptions {
  /** Stop after this many solutions (2 proves or refutes uniqueness). */
  maxSolutions: number;
  /** Called with each solution, a shading (1 shaded), as it is found. */
  onSolution?: (shaded: Uint8Array) => void;
  /** Every model the SAT solver returns, connected or not (for progress animation). */
  onModel?: (shaded: Uint8Array, counters: { cuts: number; satCalls: number }) => void;
  /** Polled before each SAT call; true ends the search early (`exhausted` stays false). */
  shouldStop?: () => boolean;
  /** Cells decided before the search (a position in play): 1 shaded, 2 unshaded, 0 open; one per cell. */
  fixed?: ArrayLike<number>;
}

/** Solves with lazy connectivity cuts; after each solution, blocks it and looks for another. */
export function searchHitori(puzzle: Hitori, sat: SatBackend, options: HitoriSearchOptions): HitoriSearch {
  const encoding = encodeRules(puzzle, sat);
  const fixed = options.fixed;
  let contradiction = false;
  if (fixed) {
    for (let cell = 0; cell < encoding.shadeVar.length; cell++) {
      const v = encoding.shadeVar[cell]!;
      // A blank cell is never shaded: marking it shaded leaves no solution.
      if (fixed[cell] === 1) {
        if (v) sat.addClause([v]);
        else contradiction = true;
      } else if (fixed[cell] === 2 && v) sat.addClause([-v]);
    }
  }
  const solutions: Uint8Array[] = [];
  const cutClauses: number[][] = [];
  let satCalls = 0;
  let exhausted = contradiction;
  while (!exhausted && solutions.length < options.maxSolutions) {
    if (options.shouldStop?.()) break;
    satCalls++;
    if (!sat.solve()) {
      exhausted = true;
      break;
    }
    const shaded = readShading(encoding, sat);
    options.onModel?.(shaded, { cuts: cutClauses.length, satCalls });
    const added = connectivityCuts(puzzle, encoding, shaded, sat);
    cutClauses.push(...added);
    if (added.length > 0) continue;
    solutions.push(shaded);
    options.onSolution?.(shaded);
    const block = blockingClause(encoding, shaded);
    if (block.length === 0) {
      exhausted = true;
      break;
    }
    sat.addClause(block);
  }
  return { solutions, exhausted, cuts: cutClauses.length, cutClauses, satCalls };
}
