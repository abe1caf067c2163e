// Grading: solve a Hitori as a person would, with named deductions in order of difficulty, and keep
// the path. easy = local rules (the ones Simon Tatham's Singles calls Easy), tricky = also the
// connectivity of the unshaded cells, hard = also trial (a guess whose easy and tricky consequences
// break a rule). The level is the lowest whose rules finish the puzzle.
import type { PlayMove } from '@kit/core/play';
import type { Grade, GradeStep } from '@kit/core/make';
import { neighbours, type Hitori } from './model.js';

export const GRADE_LEVELS = ['easy', 'tricky', 'hard'] as const;
export type GradeLevel = (typeof GRADE_LEVELS)[number];

const OPEN = 0;
const SHADED = 1;
const UNSHADED = 2;

/** The board's fixed facts: lines, and for each cell its copies (same number, same row or column). */
interface Board {
  puzzle: Hitori;
  /** Rows first, then columns. */
  lines: { name: string; cells: number[] }[];
  /** Per cell: the other cells of its row and column with its number. */
  copies: number[][];
  around: number[][];
  /** True when the caller gave up: checked between steps and between the guesses of a trial. */
  stopped: () => boolean;
}

/** A deduction found: what it decides and why. */
interface Found {
  rule: string;
  level: GradeLevel;
  text: string;
  /** Cells and what they become. */
  set: [cell: number, value: typeof SHADED | typeof UNSHADED][];
}

type Rule = (board: Board, state: Int8Array) => Found | undefined;

export const cellName = (width: number, cell: number): string => `r${Math.floor(cell / width) + 1}c${(cell % width) + 1}`;

function listNames(width: number, cells: readonly number[]): string {
  const names = cells.map((cell) => cellName(width, cell));
  return names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function boardOf(puzzle: Hitori, stopped: () => boolean = () => false): Board {
  const { width, height, numbers } = puzzle;
  const lines: Board['lines'] = [];
  for (let y = 0; y < height; y++) lines.push({ name: `row ${y + 1}`, cells: Array.from({ length: width }, (_, x) => y * width + x) });
  for (let x = 0; x < width; x++) lines.push({ name: `column ${x + 1}`, cells: Array.from({ length: height }, (_, y) => y * width + x) });
  const copies: number[][] = numbers.map(() => []);
  for (const line of lines) {
    for (const a of line.cells) for (const b of line.cells) if (a !== b && numbers[a] !== 0 && numbers[a] === numbers[b]) copies[a]!.push(b);
  }
  const around = numbers.map((_, cell) => neighbours(width, height, cell));
  return { puzzle, lines, copies, around, stopped };
}

const isOpen = (state: Int8Array, cell: number) => state[cell] === OPEN;

// --- easy: local rules -------------------------------------------------------------------------

/** Two equal numbers side by side: one of them is shaded, the other stays, so every other copy in the line is shaded. */
const pair: Rule = ({ puzzle, lines }, state) => {
  const { numbers, width } = puzzle;
  for (const line of lines) {
    for (let i = 0; i + 1 < line.cells.length; i++) {
      const [a, b] = [line.cells[i]!, line.cells[i + 1]!];
      const n = numbers[a]!;
      if (n === 0 || n !== numbers[b]) continue;
      const others = line.cells.filter((cell) => cell !== a && cell !== b && numbers[cell] === n && isOpen(state, cell));
      if (others.length === 0) continue;
      return {
        rule: 'pair',
        level: 'easy',
        text: `${listNames(width, others)} ${others.length === 1 ? 'is' : 'are'} shaded: ${line.name} has two ${n}s side by side at ${listNames(width, [a, b])}, one of which stays unshaded.`,
        set: others.map((cell) => [cell, SHADED]),
      };
    }
  }
  return undefined;
};

/** x ? x in a line: one of the two x is shaded, and a shaded middle would touch it. */
const sandwich: Rule = ({ puzzle, lines }, state) => {
  const { numbers, width } = puzzle;
  for (const line of lines) {
    for (let i = 1; i + 1 < line.cells.length; i++) {
      const [a, b, c] = [line.cells[i - 1]!, line.cells[i]!, line.cells[i + 1]!];
      if (!isOpen(state, b) || numbers[a] === 0 || numbers[a] !== numbers[c]) continue;
      return {
        rule: 'sandwich',
        level: 'easy',
        text: `${cellName(width, b)} stays unshaded: it sits between two ${numbers[a]}s in ${line.name}, one of which is shaded, so it cannot be.`,
        set: [[b, UNSHADED]],
      };
    }
  }
  return undefined;
};

/** A number that appears nowhere else in its row and column: shading it could be undone, so a unique puzzle keeps it. */
const uniqueNumber: Rule = ({ puzzle, copies }, state) => {
  const { numbers, width } = puzzle;
  for (let cell = 0; cell < numbers.length; cell++) {
    if (!isOpen(state, cell) || copies[cell]!.length > 0) continue;
    return {
      rule: 'unique number',
      level: 'easy',
      text: `${cellName(width, cell)} stays unshaded: its ${numbers[cell]} appears nowhere else in its row or column, so keeping it unshaded breaks no rule, and the only solution must keep it.`,
      set: [[cell, UNSHADED]],
    };
  }
  return undefined;
};

/** An unshaded number's copies in its row and column are shaded. */
const circledCopies: Rule = ({ puzzle, copies }, state) => {
  const { numbers, width } = puzzle;
  for (let cell = 0; cell < numbers.length; cell++) {
    if (state[cell] !== UNSHADED || numbers[cell] === 0) continue;
    const open = copies[cell]!.filter((other) => isOpen(state, other));
    if (open.length === 0) continue;
    return {
      rule: 'circled copy',
      level: 'easy',
      text: `${listNames(width, open)} ${open.length === 1 ? 'is' : 'are'} shaded: the ${numbers[cell]} at ${cellName(width, cell)} stays unshaded in the same line.`,
      set: open.map((other) => [other, SHADED]),
    };
  }
  return undefined;
};

/** Shaded cells never touch. */
const besideShaded: Rule = ({ puzzle, around }, state) => {
  const { width } = puzzle;
  for (let cell = 0; cell < state.length; cell++) {
    if (state[cell] !== SHADED) continue;
    const open = around[cell]!.filter((next) => isOpen(state, next));
    if (open.length === 0) continue;
    return {
      rule: 'beside shaded',
      level: 'easy',
      text: `${listNames(width, open)} ${open.length === 1 ? 'stays' : 'stay'} unshaded: ${open.length === 1 ? 'it touches' : 'they touch'} the shaded ${cellName(width, cell)}.`,
      set: open.map((next) => [next, UNSHADED]),
    };
  }
  return undefined;
};

/** Every other copy is shaded: shading this one too could be undone, so a unique puzzle keeps it. */
const lastCopy: Rule = ({ puzzle, copies }, state) => {
  const { numbers, width } = puzzle;
  for (let cell = 0; cell < numbers.length; cell++) {
    if (!isOpen(state, cell) || copies[cell]!.length === 0 || !copies[cell]!.every((other) => state[other] === SHADED)) continue;
    return {
      rule: 'last copy',
      level: 'easy',
      text: `${cellName(width, cell)} stays unshaded: every other ${numbers[cell]} in its row and column is shaded, so keeping it unshaded breaks no rule, and the only solution must keep it.`,
      set: [[cell, UNSHADED]],
    };
  }
  return undefined;
};

// --- tricky: connectivity ----------------------------------------------------------------------

/**
 * Open cells whose shading would split the cells not shaded: articulation points of that graph
 * (Tarjan, iterative). Both sides of such a cut would need an unshaded cell (a side made all
 * shaded would touch the cut cell), so the cut cell stays unshaded.
 */
function cutCells(board: Board, state: Int8Array): number[] {
  const size = state.length;
  const order = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const parent = new Int32Array(size).fill(-1);
  const nextEdge = new Int32Array(size);
  const cut = new Uint8Array(size);
  let time = 0;
  for (let root = 0; root < size; root++) {
    if (state[root] === SHADED || order[root] !== -1) continue;
    let rootChildren = 0;
    const stack = [root];
    order[root] = low[root] = time++;
    while (stack.length > 0) {
      const at = stack[stack.length - 1]!;
      const edges = board.around[at]!;
      if (nextEdge[at]! < edges.length) {
        const next = edges[nextEdge[at]!++]!;
        if (state[next] === SHADED) continue;
        if (order[next] === -1) {
          parent[next] = at;
          order[next] = low[next] = time++;
          if (at === root) rootChildren++;
          stack.push(next);
        } else if (next !== parent[at]) {
          low[at] = Math.min(low[at]!, order[next]!);
        }
      } else {
        stack.pop();
        const up = parent[at]!;
        if (up >= 0) {
          low[up] = Math.min(low[up]!, low[at]!);
          if (up !== root && low[at]! >= order[up]!) cut[up] = 1;
        }
      }
    }
    if (rootChildren > 1) cut[root] = 1;
  }
  const result: number[] = [];
  for (let cell = 0; cell < size; cell++) if (cut[cell] && state[cell] === OPEN) result.push(cell);
  return result;
}

const connectivity: Rule = (board, state) => {
  const [cell] = cutCells(board, state);
  if (cell === undefined) return undefined;
  return {
    rule: 'connectivity',
    level: 'tricky',
    text: `${cellName(board.puzzle.width, cell)} stays unshaded: shading it would wall the unshaded cells into two parts.`,
    set: [[cell, UNSHADED]],
  };
};

const EASY_RULES: readonly Rule[] = [pair, sandwich, uniqueNumber, circledCopies, besideShaded, lastCopy];
const TRICKY_RULES: readonly Rule[] = [connectivity];

// --- contradictions and closure ----------------------------------------------------------------

/** The rule a position breaks, or undefined. */
function broken(board: Board, state: Int8Array): string | undefined {
  const { width, numbers } = board.puzzle;
  for (let cell = 0; cell < state.length; cell++) {
    if (state[cell] === SHADED) {
      const next = board.around[cell]!.find((other) => other > cell && state[other] === SHADED);
      if (next !== undefined) return `the shaded ${cellName(width, cell)} and ${cellName(width, next)} would touch`;
    } else if (state[cell] === UNSHADED && numbers[cell] !== 0) {
      const twin = board.copies[cell]!.find((other) => other > cell && state[other] === UNSHADED);
      if (twin !== undefined) return `the ${numbers[cell]}s at ${cellName(width, cell)} and ${cellName(width, twin)} would both stay unshaded`;
    }
  }
  // The cells not shaded must stay one region.
  const seen = new Uint8Array(state.length);
  const start = state.findIndex((v) => v !== SHADED);
  if (start < 0) return 'every cell would be shaded';
  const stack = [start];
  seen[start] = 1;
  let reached = 1;
  while (stack.length > 0) {
    for (const next of board.around[stack.pop()!]!) {
      if (state[next] === SHADED || seen[next]) continue;
      seen[next] = 1;
      reached++;
      stack.push(next);
    }
  }
  let open = 0;
  for (let cell = 0; cell < state.length; cell++) if (state[cell] !== SHADED) open++;
  return reached === open ? undefined : 'the shaded cells would wall part of the board off';
}

function apply(state: Int8Array, found: Found): void {
  for (const [cell, value] of found.set) state[cell] = value;
}

function firstFound(board: Board, state: Int8Array, rules: readonly Rule[]): Found | undefined {
  for (const rule of rules) {
    const found = rule(board, state);
    if (found) return found;
  }
  return undefined;
}

/** Applies easy and tricky rules until none applies or a rule breaks; returns the broken rule, if any. */
function closure(board: Board, state: Int8Array): string | undefined {
  for (;;) {
    const found = firstFound(board, state, EASY_RULES) ?? firstFound(board, state, TRICKY_RULES);
    if (!found) return broken(board, state);
    apply(state, found);
    const wrong = broken(board, state);
    if (wrong) return wrong;
  }
}

// --- hard: trial -------------------------------------------------------------------------------

const trial: Rule = (board, state) => {
  const { width, numbers } = board.puzzle;
  for (let cell = 0; cell < state.length; cell++) {
    if (!isOpen(state, cell)) continue;
    if (board.stopped()) throw new Error('grading was stopped');
    for (const guess of [SHADED, UNSHADED] as const) {
      const copy = Int8Array.from(state);
      copy[cell] = guess;
      const wrong = closure(board, copy);
      if (!wrong) continue;
      const value = guess === SHADED ? UNSHADED : SHADED;
      const name = cellName(width, cell);
      return {
        rule: 'trial',
        level: 'hard',
        text: `${name} ${value === SHADED ? 'is shaded' : 'stays unshaded'}: if its ${numbers[cell]} were ${guess === SHADED ? 'shaded' : 'kept unshaded'}, the easy and connectivity rules would lead to a contradiction (${wrong}).`,
        set: [[cell, value]],
      };
    }
  }
  return undefined;
};

const RULES_BY_LEVEL: readonly (readonly Rule[])[] = [EASY_RULES, TRICKY_RULES, [trial]];

/** The path of a grade, and the cells no rule decided (empty when the rules finish the puzzle). */
export interface GradePath {
  level: GradeLevel;
  steps: GradeStep[];
  /** Open cells left when no rule applies: non-empty means beyond the hard rules. */
  undecided: number[];
}

/**
 * Solves by the rules, always with the easiest one that applies, and records each deduction. The
 * puzzle must have a unique solution (two rules rely on it; the caller checks). `maxLevel` stops
 * at that level's rules (to test whether an easier set finishes).
 */
export function solveByRules(puzzle: Hitori, maxLevel: GradeLevel = 'hard', shouldStop?: () => boolean): GradePath {
  const board = boardOf(puzzle, shouldStop);
  const state = new Int8Array(puzzle.numbers.length);
  // Blank cells are never shaded: decided from the start, no step.
  puzzle.numbers.forEach((n, cell) => {
    if (n === 0) state[cell] = UNSHADED;
  });
  const levels = RULES_BY_LEVEL.slice(0, GRADE_LEVELS.indexOf(maxLevel) + 1);
  const steps: GradeStep[] = [];
  let reached = 0;
  for (;;) {
    if (shouldStop?.()) throw new Error('grading was stopped');
    let found: Found | undefined;
    for (let level = 0; level < levels.length && !found; level++) {
      found = firstFound(board, state, levels[level]!);
      if (found) reached = Math.max(reached, level);
    }
    if (!found) break;
    apply(state, found);
    const moves: PlayMove[] = found.set.map(([cell, value]) => ({ type: 'mark', cell, value: value === SHADED ? '#' : 'o' }));
    steps.push({ rule: found.rule, level: found.level, text: found.text, cells: found.set.map(([cell]) => cell), moves });
  }
  const undecided: number[] = [];
  state.forEach((v, cell) => {
    if (v === OPEN) undecided.push(cell);
  });
  return { level: GRADE_LEVELS[reached]!, steps, undecided };
}

/** Builds the Grade a host shows; when the rules stop short, the level is hard and a last step says so. */
export function gradeOf(puzzle: Hitori, path: GradePath, solution: ArrayLike<number>): Grade {
  const size = `${puzzle.width}x${puzzle.height}`;
  if (path.undecided.length === 0) return { size, level: path.level, steps: path.steps };
  const cells = path.undecided;
  const moves: PlayMove[] = cells.map((cell) => ({ type: 'mark', cell, value: solution[cell] ? '#' : 'o' }));
  const last: GradeStep = {
    rule: 'beyond the rules',
    level: 'hard',
    text: `No rule decides the ${cells.length} cells left; the only solution, found by search, shades ${cells.filter((cell) => solution[cell]).length} of them.`,
    cells,
    moves,
  };
  return { size, level: 'hard', steps: [...path.steps, last] };
}
