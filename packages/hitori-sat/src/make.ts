// Making puzzles at a level and grading them: the solver's `generate` and `grade`. Candidates come
// from the existing uniqueness machinery (generate.ts, or a designer's pattern filled at random);
// each is graded by the rules and kept when its grade is the level asked for.
import { InputError, type TextFile } from '@kit/core';
import { skipGeneratedHeader, type GenerateContext, type GeneratedPuzzle, type GenerateRequest, type Grade } from '@kit/core/make';
import { searchHitori } from './encode.js';
import { fillPattern, type Pattern } from './fill.js';
import { formatPencilBox } from './formats/pencilbox.js';
import { parsePuzzleText } from './formats/detect.js';
import { formatPuzzLink } from './formats/puzzlink.js';
import { formatSingles } from './formats/singles.js';
import { generateHitori } from './generate.js';
import { GRADE_LEVELS, gradeOf, solveByRules, type GradeLevel } from './grade.js';
import type { HitoriInstance } from './instance.js';
import { MAKE_MAX_SIDE, MAKE_MIN_SIDE, type Hitori } from './model.js';
import { CdclSolver } from './sat/cdcl.js';

/** Candidates tried for one level before giving up (a hard 10x10 takes about 10 on average). */
export const MAX_TRIES = 200;

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
  if (solutions.length === 0) throw new InputError('the puzzle has no solution, so it cannot be graded');
  if (solutions.length > 1) throw new InputError('the puzzle has more than one solution, so it cannot be graded');
  return gradeUnique(puzzle, solutions[0]!, () => ctx.signal?.aborted === true);
}

/** A seed for the k-th try, spread so that nearby request seeds do not share candidates. */
function trySeed(seed: number, attempt: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(attempt, 0xc2b2ae35)) >>> 0;
}

/**
 * A pattern filled and graded. Every filling of a pattern makes the same cells of a line equal (equal
 * labels share a number, all else differs), and Hitori's rules look at nothing else: all fillings
 * have the same solutions and the same grade. So one filling answers for all of them, and a pattern
 * whose grade is not the level asked for is refused after that one try, saying why.
 */
function fillAtLevel(fill: TextFile, level: GradeLevel): GeneratedPuzzle {
  const parsed = parsePuzzleText(skipGeneratedHeader(fill.text), { file: fill.name, pattern: true });
  const pattern: Pattern = { width: parsed.width, height: parsed.height, labels: parsed.cells };
  const filled = fillPattern(pattern, () => new CdclSolver());
  if (!filled.ok) throw new InputError(`${fill.name}: ${filled.message ?? 'no filling exists: some rows and columns cannot all take different numbers'}`);
  const puzzle: Hitori = { width: pattern.width, height: pattern.height, numbers: filled.numbers };
  const solutions = solutionsOf(puzzle);
  if (solutions.length !== 1) {
    const count = solutions.length === 0 ? 'no solution' : 'more than one solution';
    throw new InputError(`${fill.name}: the pattern's puzzle has ${count}, so no filling of it is a puzzle`);
  }
  const grade = gradeUnique(puzzle, solutions[0]!).level as GradeLevel;
  if (grade !== level) {
    throw new InputError(
      `${fill.name}: 1 filling tried, and it grades ${grade}, not ${level}: every filling of a pattern repeats the same cells, so all of them grade ${grade}`,
    );
  }
  return puzzleOut(puzzle, level, 1);
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
 * the request's, tried in order until one grades right; with the `fill` parameter, that pattern filled.
 */
export function generatePuzzle(request: GenerateRequest, ctx: GenerateContext = {}): GeneratedPuzzle {
  const level = request.difficulty as GradeLevel;
  if (!GRADE_LEVELS.includes(level)) throw new InputError(`difficulty must be one of ${GRADE_LEVELS.join(', ')} (got ${JSON.stringify(request.difficulty)})`);
  const fill = request.parameters.fill as TextFile | undefined;
  if (fill) return fillAtLevel(fill, level);
  const [width, height] = [request.size?.[0] ?? 10, request.size?.[1] ?? request.size?.[0] ?? 10];
  if ([width, height].some((side) => !Number.isInteger(side) || side < MAKE_MIN_SIDE || side > MAKE_MAX_SIDE)) {
    throw new InputError(`size ${width}x${height}: each side must be ${MAKE_MIN_SIDE} to ${MAKE_MAX_SIDE}`);
  }
  const stop = () => ctx.signal?.aborted === true;
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    if (stop()) throw new InputError('generation was stopped');
    ctx.progress?.(attempt);
    const { puzzle } = generateHitori(width, height, trySeed(request.seed, attempt), () => new CdclSolver());
    // Only puzzles the rules finish count: a grade's path then ends in the solution.
    const path = solveByRules(puzzle, level, stop);
    if (path.undecided.length === 0 && path.level === level) return puzzleOut(puzzle, level, attempt);
  }
  throw new InputError(`no ${level} puzzle found: ${MAX_TRIES} ${width}x${height} puzzles tried, none graded ${level} (try another --seed or difficulty)`);
}
