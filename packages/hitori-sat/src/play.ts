// Hitori in play: a click shades a cell, a second circles it (kept unshaded), a third clears it.
// The rules are checked at once (touching shaded cells, a number circled twice in a line, shaded
// cells walling part of the board off); a few rules of thumb give hints; the SAT solver counts the
// completions, with the player's marks as unit clauses.
import { InputError, type Cell } from '@kit/core';
import type { MarksPosition, PlayHint, PlayPosition, PlaySpec, PlayViolation } from '@kit/core/play';
import type { HitoriInstance, HitoriSolution } from './instance.js';
import { neighbours, unshadedRegions, type Hitori } from './model.js';

const EMPTY = '.';
const SHADED = '#';
const CIRCLED = 'o';

type SolveInstance = Extract<HitoriInstance, { mode: 'solve' }>;

function puzzleOf(instance: HitoriInstance): Hitori {
  if (instance.mode !== 'solve') throw new InputError('play mode takes a puzzle to solve, not --fill or --generate');
  return instance.puzzle;
}

function marksOf(position: PlayPosition): string[] {
  if (position.kind !== 'marks') throw new Error(`a Hitori position holds marks, not ${position.kind}`);
  return position.marks;
}

/** Rows then columns, each as its cells. */
function lines(puzzle: Hitori): { name: string; cells: number[] }[] {
  const { width, height } = puzzle;
  const result: { name: string; cells: number[] }[] = [];
  for (let y = 0; y < height; y++) result.push({ name: `row ${y + 1}`, cells: Array.from({ length: width }, (_, x) => y * width + x) });
  for (let x = 0; x < width; x++) result.push({ name: `column ${x + 1}`, cells: Array.from({ length: height }, (_, y) => y * width + x) });
  return result;
}

function check(puzzle: Hitori, marks: readonly string[]): PlayViolation[] {
  const { width, height, numbers } = puzzle;
  const found: PlayViolation[] = [];
  for (let cell = 0; cell < marks.length; cell++) {
    if (marks[cell] !== SHADED) continue;
    for (const next of neighbours(width, height, cell)) {
      if (next > cell && marks[next] === SHADED) found.push({ message: 'two shaded cells touch', cells: [cell, next] });
    }
  }
  for (const line of lines(puzzle)) {
    const circled = new Map<number, number[]>();
    for (const cell of line.cells) {
      if (marks[cell] !== CIRCLED) continue;
      const list = circled.get(numbers[cell]!) ?? [];
      list.push(cell);
      circled.set(numbers[cell]!, list);
    }
    for (const [n, cells] of circled) {
      if (cells.length > 1)
        found.push({ message: `${line.name} keeps ${cells.length} ${n}s unshaded`, cells, lines: [[line.cells[0]!, line.cells[line.cells.length - 1]!]] });
    }
  }
  const shaded = marks.map((mark) => (mark === SHADED ? 1 : 0));
  const regions = unshadedRegions(width, height, shaded);
  if (regions.length > 1) {
    const largest = regions.reduce((best, region) => (region.length > best.length ? region : best));
    const cut = regions
      .filter((region) => region !== largest)
      .flat()
      .sort((a, b) => a - b);
    found.push({ message: `the shaded cells wall off ${cut.length} cell${cut.length === 1 ? '' : 's'}`, cells: cut });
  }
  return found;
}

/** Shaded cells as marked, the rest unshaded: solved when no number repeats, nothing touches, all connected. */
function complete(puzzle: Hitori, marks: readonly string[]): boolean {
  if (check(puzzle, marks).length > 0) return false;
  for (const line of lines(puzzle)) {
    const seen = new Set<number>();
    for (const cell of line.cells) {
      const n = puzzle.numbers[cell]!;
      if (marks[cell] === SHADED || n === 0) continue;
      if (seen.has(n)) return false;
      seen.add(n);
    }
  }
  return true;
}

/** A move a rule of thumb forces: every one of these follows from the rules and the marks alone. */
function deduce(puzzle: Hitori, marks: readonly string[]): PlayHint | undefined {
  const { width, height, numbers } = puzzle;
  const open = (cell: number) => marks[cell] === EMPTY && numbers[cell] !== 0;
  const shade = (cell: number, reason: string): PlayHint => ({ move: { type: 'mark', cell, value: SHADED }, reason, basis: 'rules' });
  const circle = (cell: number, reason: string): PlayHint => ({ move: { type: 'mark', cell, value: CIRCLED }, reason, basis: 'rules' });
  for (const line of lines(puzzle)) {
    // A number kept unshaded (circled) once in a line: its other copies must go.
    for (const cell of line.cells) {
      if (marks[cell] !== CIRCLED) continue;
      const twin = line.cells.find((other) => other !== cell && numbers[other] === numbers[cell] && open(other));
      if (twin !== undefined) return shade(twin, `${line.name} keeps a ${numbers[cell]} unshaded already, so this ${numbers[cell]} is shaded`);
    }
    // Two equal numbers side by side: one of them stays, so every other copy in the line goes.
    for (let i = 0; i + 1 < line.cells.length; i++) {
      const [a, b] = [line.cells[i]!, line.cells[i + 1]!];
      if (numbers[a] === 0 || numbers[a] !== numbers[b]) continue;
      const other = line.cells.find((cell) => cell !== a && cell !== b && numbers[cell] === numbers[a] && open(cell));
      if (other !== undefined) return shade(other, `${line.name} has two ${numbers[a]}s side by side, one of which stays, so this ${numbers[a]} is shaded`);
    }
  }
  for (let cell = 0; cell < numbers.length; cell++) {
    if (!open(cell)) continue;
    if (neighbours(width, height, cell).some((next) => marks[next] === SHADED)) return circle(cell, 'it touches a shaded cell, so it stays unshaded');
  }
  for (const line of lines(puzzle)) {
    // Between two equal numbers: shading it would keep both of them.
    for (let i = 1; i + 1 < line.cells.length; i++) {
      const [a, b, c] = [line.cells[i - 1]!, line.cells[i]!, line.cells[i + 1]!];
      if (open(b) && numbers[a] !== 0 && numbers[a] === numbers[c]) {
        return circle(b, `it sits between two ${numbers[a]}s in ${line.name}; shaded, it would keep both of them`);
      }
    }
  }
  return undefined;
}

const FILL: Record<string, string> = { [SHADED]: 'shaded', [CIRCLED]: 'circled', [EMPTY]: 'unshaded' };

export const play: PlaySpec<HitoriInstance, HitoriSolution> = {
  setup(instance) {
    const puzzle = puzzleOf(instance);
    return {
      kind: 'marks',
      width: puzzle.width,
      height: puzzle.height,
      marks: [
        { value: EMPTY, label: 'empty', key: '.' },
        { value: SHADED, label: 'shaded', key: 's' },
        { value: CIRCLED, label: 'circled', key: 'c' },
      ],
      click: 'cycle',
      // Blank cells (no number) are never shaded.
      fixed: puzzle.numbers.flatMap((n, cell) => (n === 0 ? [cell] : [])),
    };
  },
  view(instance, _setup, position) {
    const puzzle = puzzleOf(instance);
    const marks = marksOf(position);
    const cells: Cell[] = puzzle.numbers.map((n, cell) => ({ fill: FILL[marks[cell]!] ?? 'unshaded', ...(n > 0 ? { label: String(n) } : {}) }));
    return { frame: { width: puzzle.width, height: puzzle.height, cells } };
  },
  check: (instance, _setup, position) => check(puzzleOf(instance), marksOf(position)),
  complete: (instance, _setup, position) => complete(puzzleOf(instance), marksOf(position)),
  deduce: (instance, _setup, position) => deduce(puzzleOf(instance), marksOf(position)),
  toInstance(instance, _setup, position): SolveInstance {
    const puzzle = puzzleOf(instance);
    const marks = marksOf(position);
    // Only the puzzle and the marks: never the host's files (-o, --dimacs) or an external solver.
    return {
      mode: 'solve',
      puzzle,
      firstOnly: false,
      satSolver: 'cdcl',
      force: false,
      fixed: marks.map((mark) => (mark === SHADED ? 1 : mark === CIRCLED ? 2 : 0)),
    };
  },
  fromSolution(instance, _setup, position, solution): MarksPosition {
    const puzzle = puzzleOf(instance);
    const shaded = (solution.shaded ?? []).join('');
    const marks = puzzle.numbers.map((n, cell) => (n === 0 ? EMPTY : shaded[cell] === '#' ? SHADED : CIRCLED));
    return { kind: 'marks', marks, notes: position.kind === 'marks' ? position.notes : [] };
  },
};
