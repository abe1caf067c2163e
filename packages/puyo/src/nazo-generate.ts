// Making chain puzzles: a seeded field and seeded pairs, kept when the kit's own search finds
// exactly one answer, that answer places every pair, and the puzzle grades at the level asked for.
// Fields are drawn stable (no group of 4), low enough that no placement is ever out of reach, in
// four colours, the pairs in the colours on top of the columns; for an all clear, three colours whose
// puyos (field and pairs) come in fours.
import { InputError, Random } from '@kit/core';
import type { GenerateContext, GeneratedPuzzle, GenerateRequest } from '@kit/core/make';
import { COLOUR_LETTERS, ROWS, WIDTH, type PuyoField } from './field.js';
import { type Goal, describeGoal } from './goal.js';
import { type NazoSolution, type Pair, solveNazo } from './nazo.js';
import { formatNazoFile, pairsText } from './nazo-file.js';
import { formatField } from './parse.js';
import { MADE_CHAINS, MADE_GOALS, MADE_PAIRS, type MadeGoal } from './nazo-generator-spec.js';
import { NAZO_LEVELS, type NazoLevel, nazoLevel, nearMisses } from './nazo-levels.js';
import { nazoLinkUrl } from './nazo-link.js';

/** Candidates tried before giving up (a 3-pair puzzle takes about a hundred, bench/generate.mjs). */
export const MAX_TRIES = 20_000;

/** The puzzle asked for, its parameters checked and defaulted. */
export interface NazoRequest {
  level: NazoLevel;
  goal: Goal;
  pairs: number;
}

const DEFAULT_PAIRS: Record<NazoLevel, number> = { easy: 2, medium: 3, hard: 3 };
const DEFAULT_CHAINS: Record<NazoLevel, number> = { easy: 2, medium: 3, hard: 3 };

/** Checks the request's words; throws one line naming the parameter. */
export function readNazoRequest(request: GenerateRequest): NazoRequest {
  const level = request.difficulty as NazoLevel;
  if (!NAZO_LEVELS.includes(level)) throw new InputError(`difficulty must be one of ${NAZO_LEVELS.join(', ')} (got ${JSON.stringify(request.difficulty)})`);
  const { goal: kind = 'chains', chains, pairs: given } = request.parameters as { goal?: string; chains?: number; pairs?: number };
  if (!MADE_GOALS.includes(kind as MadeGoal)) throw new InputError(`--goal must be one of ${MADE_GOALS.join(', ')} (got ${JSON.stringify(kind)})`);
  const whole = (name: string, value: number | undefined, bounds: { min: number; max: number }) => {
    if (value !== undefined && !(Number.isInteger(value) && value >= bounds.min && value <= bounds.max)) {
      throw new InputError(`--${name} must be an integer from ${bounds.min} to ${bounds.max} (got ${JSON.stringify(value)})`);
    }
  };
  whole('chains', chains, MADE_CHAINS);
  whole('pairs', given, MADE_PAIRS);
  if (kind === 'clear' && chains !== undefined) throw new InputError('--chains goes with --goal chains or chains-or-more, not clear');
  const pairs = given ?? DEFAULT_PAIRS[level];
  // The level follows from the pairs (nazo-levels.ts): refuse a pair count that cannot reach it.
  if (level === 'easy' && pairs > 2) throw new InputError(`--pairs ${pairs} makes medium or hard puzzles: easy ones have 1 or 2 pairs`);
  if (level === 'medium' && pairs !== 3) throw new InputError(`--pairs ${pairs} makes ${pairs < 3 ? 'easy' : 'hard'} puzzles: medium ones have 3 pairs`);
  if (level === 'hard' && pairs < 3) throw new InputError(`--pairs ${pairs} makes easy puzzles: hard ones have 3 or 4 pairs`);
  const n = chains ?? DEFAULT_CHAINS[level];
  const goal: Goal = kind === 'clear' ? { clear: 'all' } : { main: { kind: 'chains', colour: 'all', n, exact: kind === 'chains' } };
  return { level, goal, pairs };
}

/** A seed for the k-th candidate, spread so that nearby request seeds do not share candidates. */
function candidateSeed(seed: number, attempt: number): number {
  return (Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) + Math.imul(attempt, 0x85ebca6b)) >>> 0;
}

/** Columns as lists of letters, bottom first. */
type Columns = string[][];

/** The size of the group `colour` would join at (x, y), counting the new puyo, up to 4. */
function groupWith(columns: Columns, x: number, y: number, colour: string): number {
  const seen = new Set<number>([x * ROWS + y]);
  const stack = [[x, y] as const];
  while (stack.length > 0 && seen.size < 4) {
    const [cx, cy] = stack.pop()!;
    for (const [nx, ny] of [
      [cx - 1, cy],
      [cx + 1, cy],
      [cx, cy - 1],
      [cx, cy + 1],
    ] as const) {
      if (nx < 0 || nx >= WIDTH || ny < 0 || seen.has(nx * ROWS + ny) || columns[nx]![ny] !== colour) continue;
      seen.add(nx * ROWS + ny);
      stack.push([nx, ny]);
    }
  }
  return seen.size;
}

function fieldOf(columns: Columns): PuyoField {
  const rows: string[] = [];
  for (let row = ROWS; row >= 1; row--) rows.push(columns.map((column) => column[row - 1] ?? '.').join(''));
  return { rows };
}

/** A stable field: columns up to `maxHeight` high, each puyo of a colour that makes no group of 4. */
function chainField(random: Random, colours: readonly string[], maxHeight: number): PuyoField | undefined {
  const heights = Array.from({ length: WIDTH }, () => random.int(maxHeight + 1));
  const columns: Columns = heights.map(() => []);
  for (let y = 0; y < maxHeight; y++) {
    for (let x = 0; x < WIDTH; x++) {
      if (y >= heights[x]!) continue;
      const start = random.int(colours.length);
      let placed = false;
      for (let k = 0; k < colours.length && !placed; k++) {
        const colour = colours[(start + k) % colours.length]!;
        if (groupWith(columns, x, y, colour) < 4) {
          columns[x]!.push(colour);
          placed = true;
        }
      }
      if (!placed) return undefined;
    }
  }
  return fieldOf(columns);
}

/**
 * A stable field for an all clear: with the pairs' puyos, each colour comes to a multiple of 4, the
 * field's share dropped one puyo at a time into low columns without making a group of 4.
 */
function clearField(random: Random, pairs: readonly Pair[], maxHeight: number): PuyoField | undefined {
  const counts = new Map<string, number>();
  for (const pair of pairs) for (const colour of [pair.axis, pair.child]) counts.set(colour, (counts.get(colour) ?? 0) + 1);
  const puyos: string[] = [];
  for (const colour of COLOUR_LETTERS) {
    const count = counts.get(colour) ?? 0;
    if (count === 0) continue;
    for (let k = count; k % 4 !== 0; k++) puyos.push(colour);
  }
  random.shuffle(puyos);
  const columns: Columns = Array.from({ length: WIDTH }, () => []);
  for (const colour of puyos) {
    const open = [...columns.keys()].filter((x) => columns[x]!.length < maxHeight && groupWith(columns, x, columns[x]!.length, colour) < 4);
    if (open.length === 0) return undefined;
    columns[random.pick(open)]!.push(colour);
  }
  return fieldOf(columns);
}

/** The top two puyos of each column, column by column, top first. */
function topColours(field: PuyoField): string[] {
  const tops: string[] = [];
  for (let x = 0; x < WIDTH; x++) {
    const column = field.rows.map((row) => row[x]!).filter((cell) => cell !== '.');
    tops.push(...column.slice(0, 2));
  }
  return tops;
}

/** The colours of a candidate: three or four of the five, picked by the seed. */
function coloursFor(random: Random, count: number): string[] {
  return random.shuffle([...COLOUR_LETTERS]).slice(0, count);
}

export interface Candidate {
  field: PuyoField;
  pairs: Pair[];
}

/**
 * One candidate of a seed. Columns stay low enough (with 2 puyos a pair, at most 11 even if every
 * pair lands in one column) that no placement is ever out of reach and no move ends the game.
 */
export function drawCandidate(seed: number, request: NazoRequest): Candidate | undefined {
  const random = new Random(seed);
  const room = 11 - 2 * request.pairs;
  if (request.goal.main === undefined) {
    const colours = coloursFor(random, 3);
    const pairs = Array.from({ length: request.pairs }, () => ({ axis: random.pick(colours), child: random.pick(colours) }));
    const field = clearField(random, pairs, Math.min(4, room));
    return field && { field, pairs };
  }
  const colours = coloursFor(random, 4);
  const field = chainField(random, colours, Math.min(4 + random.int(3), room));
  if (!field) return undefined;
  // Pairs in the colours at the top of the columns, as often as they are there: the colours a pair can
  // join to a group. This about doubles the candidates with one answer (bench/generate.mjs).
  const tops = topColours(field);
  const pool = tops.length > 0 ? tops : colours;
  const pairs = Array.from({ length: request.pairs }, () => ({ axis: random.pick(pool), child: random.pick(pool) }));
  return { field, pairs };
}

export interface Verdict {
  /** Answers found, at most 2 (the search stops at the second). */
  answers: number;
  answer: NazoSolution | undefined;
  /** Placements the search tried. */
  tries: number;
}

/** The candidate's answers by the kit's search, stopping at the second. */
export function judge(candidate: Candidate, goal: Goal, stop: () => boolean = () => false): Verdict {
  let answers = 0;
  let answer: NazoSolution | undefined;
  const stats = solveNazo(
    { field: candidate.field, pairs: candidate.pairs, goal },
    {
      wantMoves: true,
      shouldStop: () => answers > 1 || stop(),
      onSolution: (solution) => {
        answers++;
        answer = solution;
      },
    },
  );
  if (stats.stopped && answers <= 1) throw new InputError('generation was stopped');
  return { answers, answer: answers === 1 ? answer : undefined, tries: stats.tries };
}

/** The made puzzle: the nazo file, and its puyop.com link as `formats.puyop`. */
function madePuzzle(candidate: Candidate, goal: Goal, level: NazoLevel, tries: number): GeneratedPuzzle {
  return {
    input: formatNazoFile(candidate.field, candidate.pairs, goal),
    size: '6x12',
    difficulty: level,
    formats: { puyop: nazoLinkUrl(candidate.field, candidate.pairs, goal) },
    // The page's field editor reads the field alone: the pairs and goal go in as the options.
    form: { input: formatField(candidate.field), options: { nazo: true, pairs: pairsText(candidate.pairs), goal: describeGoal(goal) } },
    tries,
  };
}

/** `Solver.generate`: the first candidate from the seed with one answer, placing every pair, at the level. */
export function generateNazo(request: GenerateRequest, ctx: GenerateContext = {}, maxTries = MAX_TRIES): GeneratedPuzzle {
  const asked = readNazoRequest(request);
  const stop = () => ctx.signal?.aborted === true;
  for (let attempt = 1; attempt <= maxTries; attempt++) {
    if (stop()) throw new InputError('generation was stopped');
    if (attempt % 16 === 1) ctx.progress?.(attempt);
    const candidate = drawCandidate(candidateSeed(request.seed, attempt), asked);
    if (!candidate) continue;
    const verdict = judge(candidate, asked.goal, stop);
    if (!verdict.answer || verdict.answer.moves.length !== asked.pairs) continue;
    const misses = asked.pairs === 3 ? nearMisses(candidate.field, candidate.pairs, asked.goal) : 0;
    if (nazoLevel(asked.pairs, misses) !== asked.level) continue;
    return madePuzzle(candidate, asked.goal, asked.level, attempt);
  }
  throw new InputError(
    `no ${asked.level} puzzle found: ${maxTries} candidates tried, none had exactly one answer placing ${asked.pairs === 1 ? 'its pair' : `all ${asked.pairs} pairs`} (try another --seed, fewer --chains or another goal)`,
  );
}
