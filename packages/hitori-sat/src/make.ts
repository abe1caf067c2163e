// Making puzzles at a level and grading them: the solver's `generate` and `grade`. Candidates come
// from the existing uniqueness machinery (generate.ts, or a designer's pattern filled at random);
// each is graded by the rules and kept when its grade is the level asked for.
import { InputError, Random, type GenerateContext, type GeneratedPuzzle, type GenerateRequest, type Grade, type TextFile } from '@kit/core';
import { searchHitori } from './encode.js';
import { classesOf } from './fill/classes.js';
import { repairFilling } from './fill/repair.js';
import { formatPencilBox } from './formats/pencilbox.js';
import { parsePuzzleText } from './formats/detect.js';
import { formatPuzzLink } from './formats/puzzlink.js';
import { formatSingles } from './formats/singles.js';
import { generateHitori } from './generate.js';
import { GRADE_LEVELS, gradeOf, solveByRules, type GradeLevel } from './grade.js';
import type { HitoriInstance } from './instance.js';
import { MAKE_MAX_SIDE, MAKE_MIN_SIDE, type Hitori } from './model.js';
import type { Pattern } from './fill.js';
import { CdclSolver } from './sat/cdcl.js';

/** Candidates tried for one level before giving up (a hard 10x10 takes about 10 on average). */
export const MAX_TRIES = 200;
/** Local-search steps for one random filling of a pattern. */
const FILL_STEPS = 20_000;

/** The puzzle's solutions, at most two, by the embedded solver (the same on every machine). */
function solutionsOf(puzzle: Hitori): Uint8Array[] {
  return searchHitori(puzzle, new CdclSolver(), { maxSolutions: 2 }).solutions;
}

/** The grade of a puzzle known to have exactly one solution. */
function gradeUnique(puzzle: Hitori, solution: Uint8Array, shouldStop?: () => boolean): Grade {
  return gradeOf(puzzle, solveByRules(puzzle, 'hard', shouldStop), solution);
}

/**
 * Grades a puzzle to solve: it must have exactly one solution (the rules rely on it). When even the
 * trial rule cannot finish, the grade is `hard` and a last step, `beyond the rules`, gives the
 * cells left as the solution has them.
 */
export function gradeInstance(instance: HitoriInstance, ctx: GenerateContext = {}): Grade {
  if (instance.mode !== 'solve') throw new InputError('grading takes a puzzle to solve, not --fill or --generate');
  const { puzzle } = instance;
  const solutions = solutionsOf(puzzle);
  if (solutions.length === 0) throw new InputError('this puzzle has no solution, so it cannot be graded');
  if (solutions.length > 1) throw new InputError('this puzzle has more than one solution, so it cannot be graded (a grade follows the deductions to the one solution)');
  return gradeUnique(puzzle, solutions[0]!, () => ctx.signal?.aborted === true);
}

/** A seed for the k-th try, spread so that nearby request seeds do not share candidates. */
function trySeed(seed: number, attempt: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(attempt, 0xc2b2ae35)) >>> 0;
}

/** A random filling of the pattern (local search from random numbers), or undefined when the search got stuck. */
function randomFilling(pattern: Pattern, seed: number): number[] | undefined {
  const classes = classesOf(pattern);
  const n = Math.max(pattern.width, pattern.height);
  const random = new Random(seed);
  const start = Int32Array.from({ length: classes.count }, () => 1 + random.int(n));
  const value = repairFilling(pattern, classes, start, FILL_STEPS, seed);
  return value && Array.from(classes.classOf, (k) => (k >= 0 ? value[k]! : 0));
}

function puzzleOut(puzzle: Hitori, level: GradeLevel, tries: number): GeneratedPuzzle {
  const { width, height, numbers } = puzzle;
  const singles = formatSingles(width, height, numbers);
  return {
    input: formatPencilBox(width, height, numbers),
    size: `${width}x${height}`,
    difficulty: level,
    formats: { 'puzz.link': formatPuzzLink(width, height, numbers), ...(singles ? { singles } : {}) },
    tries,
  };
}

/**
 * A puzzle with one solution whose grade is the level asked for: candidates from seeds derived from
 * the request's, tried in order until one grades right. With the `fill` parameter the candidates are
 * random fillings of that pattern (those with more than one solution are skipped).
 */
export function generatePuzzle(request: GenerateRequest, ctx: GenerateContext = {}): GeneratedPuzzle {
  const level = request.difficulty as GradeLevel;
  if (!GRADE_LEVELS.includes(level)) throw new InputError(`difficulty must be one of ${GRADE_LEVELS.join(', ')} (got ${JSON.stringify(request.difficulty)})`);
  const fill = request.parameters.fill as TextFile | undefined;
  const pattern: Pattern | undefined = fill && (() => {
    const parsed = parsePuzzleText(fill.text, { file: fill.name, pattern: true });
    return { width: parsed.width, height: parsed.height, labels: parsed.cells };
  })();
  const [width, height] = pattern ? [pattern.width, pattern.height] : [request.size?.[0] ?? 10, request.size?.[1] ?? request.size?.[0] ?? 10];
  if (!pattern && [width, height].some((side) => !Number.isInteger(side) || side < MAKE_MIN_SIDE || side > MAKE_MAX_SIDE)) {
    throw new InputError(`size ${width}x${height}: each side must be ${MAKE_MIN_SIDE} to ${MAKE_MAX_SIDE}`);
  }
  const stop = () => ctx.signal?.aborted === true;
  let unique = 0;
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    if (stop()) throw new InputError('generation was stopped');
    ctx.progress?.(attempt);
    const seed = trySeed(request.seed, attempt);
    let puzzle: Hitori;
    if (pattern) {
      const numbers = randomFilling(pattern, seed);
      if (!numbers) continue;
      puzzle = { width, height, numbers };
      const solutions = solutionsOf(puzzle);
      if (solutions.length !== 1) continue;
    } else {
      puzzle = generateHitori(width, height, seed, () => new CdclSolver()).puzzle;
    }
    unique++;
    // Only puzzles the rules finish count: a grade's path then ends in the solution.
    const path = solveByRules(puzzle, level, stop);
    if (path.undecided.length === 0 && path.level === level) return puzzleOut(puzzle, level, attempt);
  }
  const what = pattern ? `fillings of ${fill!.name}` : `${width}x${height} puzzles`;
  const uniqueNote = pattern ? ` (${unique} of them with one solution)` : '';
  throw new InputError(`no ${level} puzzle found: ${MAX_TRIES} ${what} tried${uniqueNote}, none graded ${level} (try another --seed or difficulty)`);
}
