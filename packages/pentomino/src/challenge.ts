// The generator: a seed board with some of the twelve pentominoes laid whose completion is unique.
// A seeded random packing of the board (one of its distinct packings, turned or mirrored at random)
// gives the pieces; they are laid in a random order until the rest can go in one way only (counted
// by the kit's own solver, stopping at 2), then laid pieces are taken off again while the
// completion stays unique, and the result is kept when its grade is the level asked for.
import { InputError, Random } from '@kit/core';
import type { GenerateContext, GeneratedPuzzle, GenerateRequest } from '@kit/core/make';
import { seedBoard } from './boards.js';
import { type ChallengeLevel, CHALLENGE_LEVELS, FEWEST_LEFT, MOST_LEFT } from './levels.js';
import { pack } from './pack.js';

/** Attempts (a packing and an order of its pieces) before the generator gives up on a level. */
export const MAX_ATTEMPTS = 400;

/** The seed boards a challenge is made on, by the size as it is written (rows x columns). */
const BOARDS: Readonly<Record<string, number>> = { '3x20': 3, '4x15': 4, '5x12': 5, '6x10': 6, '7x9': 7, '8x8': 8 };

/** The board a `--size` asks for: a seed board, either way round; an InputError otherwise. */
export function challengeBoard(size: readonly number[] | undefined): { rows: string[]; size: string } {
  const [a = 6, b = 10] = size ?? [];
  const name = `${Math.min(a, b)}x${Math.max(a, b)}`;
  const short = BOARDS[name];
  if (short === undefined || size?.length === 3) {
    throw new InputError(
      `a pentomino challenge is made on a seed board: 3x20, 4x15, 5x12, 6x10, 7x9 (without the centre line) or 8x8 (without the centre 2x2) (got ${(size ?? []).join('x')})`,
    );
  }
  return { rows: seedBoard(short), size: name };
}

const packings = new Map<string, string[][]>();

/** Every distinct packing of a seed board, in the solver's order (the same on every machine). */
function distinctPackings(rows: readonly string[]): string[][] {
  const key = rows.join('/');
  let found = packings.get(key);
  if (!found) {
    const list: string[][] = [];
    pack({ board: rows, onSolution: (solution) => list.push(solution) });
    found = list;
    packings.set(key, found);
  }
  return found;
}

/** A packing turned or mirrored at random by a symmetry of its board (seed boards and 5 x N have them all). */
export function transformed(solution: readonly string[], random: Random): string[] {
  let rows = [...solution];
  if (random.int(2)) rows = rows.reverse();
  if (random.int(2)) rows = rows.map((row) => [...row].reverse().join(''));
  if (rows.length === rows[0]!.length && random.int(2)) rows = rows.map((_, r) => rows.map((row) => row[r]!).join(''));
  return rows;
}

/** A packing with some of its pieces laid as board text: their letters, `.` for cells to fill, `#` for holes. */
export function challengeText(solution: readonly string[], laid: ReadonlySet<string>): string {
  return solution.map((row) => `${[...row].map((char) => (char === '.' ? '#' : laid.has(char) ? char : '.')).join('')}\n`).join('');
}

/** The piece names of a packing (each piece once: a letter per piece), in the order of FILNPTUVWXYZ. */
const namesOf = (solution: readonly string[]) => [...new Set(solution.join('').replace(/\./g, ''))].sort();

/** The completions (0, 1, or 2 meaning "more") and the tries of a packing with some pieces laid. */
function completions(solution: readonly string[], laid: ReadonlySet<string>): { solutions: number; tries: number } {
  const board = solution.map((row) => [...row].map((char) => (char !== '.' && !laid.has(char) ? '.' : '#')).join(''));
  const left = namesOf(solution)
    .filter((name) => !laid.has(name))
    .join('');
  return pack({ board, pieces: left, all: true, limit: 2 });
}

/**
 * The pieces of a packing (pentominoes, one letter a piece) to lay for a level: laid in a random
 * order until the rest fit in one way only, then taken off again while that stays so, leaving
 * between FEWEST_LEFT and MOST_LEFT of the level; undefined when this order cannot.
 */
export function layPieces(solution: readonly string[], level: ChallengeLevel, random: Random): Set<string> | undefined {
  const order = random.shuffle(namesOf(solution));
  const total = order.length;
  const laid = new Set(order.slice(0, Math.max(0, total - MOST_LEFT[level])));
  let next = laid.size;
  while (completions(solution, laid).solutions !== 1 && total - laid.size > FEWEST_LEFT[level]) laid.add(order[next++]!);
  if (total - laid.size < FEWEST_LEFT[level] || completions(solution, laid).solutions !== 1) return undefined;
  // Lay fewer where the completion stays unique: each laid piece taken off once, in the same order.
  for (const name of order.slice(0, next)) {
    if (total - laid.size >= MOST_LEFT[level]) break;
    laid.delete(name);
    if (completions(solution, laid).solutions !== 1) laid.add(name);
  }
  return laid;
}

/** The level a request asks for, or an InputError naming the levels. */
export function requestedLevel(request: GenerateRequest): ChallengeLevel {
  const level = request.difficulty as ChallengeLevel;
  if (!CHALLENGE_LEVELS.includes(level)) throw new InputError(`no level ${JSON.stringify(request.difficulty)}: the levels are ${CHALLENGE_LEVELS.join(', ')}`);
  return level;
}

/**
 * One challenge of the asked level, or an InputError after MAX_ATTEMPTS. `grade` gives a candidate's
 * level (the grader's, so that the level said is the level graded).
 */
export function generateChallenge(request: GenerateRequest, ctx: GenerateContext, grade: (input: string) => string): GeneratedPuzzle {
  const level = requestedLevel(request);
  const board = challengeBoard(request.size);
  const all = distinctPackings(board.rows);
  const random = new Random(request.seed);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    ctx.signal?.throwIfAborted();
    ctx.progress?.(attempt);
    const solution = transformed(all[random.int(all.length)]!, random);
    const laid = layPieces(solution, level, random);
    if (!laid) continue;
    const input = challengeText(solution, laid);
    if (grade(input) === level) return { input, size: board.size, difficulty: level, tries: attempt };
  }
  throw new InputError(`no ${level} ${board.size} challenge in ${MAX_ATTEMPTS} attempts from seed ${request.seed}`);
}
