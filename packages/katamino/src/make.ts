// Katamino's generator, in two forms (the `form` parameter). `laid`: a set of N pieces, one of its
// tilings of 5 x N (seeded, turned or mirrored at random), some pieces laid so that the rest go in
// one way only, as @kit/pentomino lays its challenges. `set`: the booklet's form, a set of N pieces
// whose 5 x N board has one distinct tiling. Either is kept when its grade is the level asked for.
import { InputError, Random } from '@kit/core';
import type { GenerateContext, GeneratedPuzzle, GenerateRequest } from '@kit/core/make';
import { FEWEST_LEFT, MOST_LEFT, challengeText, layPieces, requestedLevel, transformed } from '@kit/pentomino/packing';
import { katamino } from './api.js';
import { LETTERS, MAX_WIDTH, MIN_WIDTH, ROWS } from './pieces.js';

/** Piece sets tried before the generator gives up on a level. */
export const MAX_ATTEMPTS = 400;

/** `an easy`, `a hard`. */
const an = (word: string) => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;

/** The board's width from `--size 5xN` (either way round). */
function widthOf(size: readonly number[] | undefined): number {
  const [a = ROWS, b = 8] = size ?? [];
  const width = a === ROWS ? b : b === ROWS ? a : -1;
  if (size?.length === 3 || width < MIN_WIDTH || width > MAX_WIDTH) {
    throw new InputError(`a Katamino board is ${ROWS}xN with N from ${MIN_WIDTH} to ${MAX_WIDTH} (got ${(size ?? []).join('x')})`);
  }
  return width;
}

export function makeKatamino(request: GenerateRequest, ctx: GenerateContext, grade: (input: string) => string): GeneratedPuzzle {
  const level = requestedLevel(request);
  const width = widthOf(request.size);
  const form = (request.parameters.form as string | undefined) ?? 'laid';
  const size = `${ROWS}x${width}`;
  // What a level's number of pieces left rules out at once, rather than after every attempt.
  const most = level === 'hard' ? MAX_WIDTH : MOST_LEFT[level];
  if (form === 'set' && (width < FEWEST_LEFT[level] || width > most)) {
    const range =
      most === MAX_WIDTH
        ? `${FEWEST_LEFT[level]} or more pieces, so its board is ${ROWS}x${FEWEST_LEFT[level]} or wider`
        : `${FEWEST_LEFT[level]} to ${most} pieces, so its board is ${ROWS}x${FEWEST_LEFT[level]} to ${ROWS}x${most}`;
    throw new InputError(`the set form of ${an(level)} challenge has ${range} (got ${size})`);
  }
  if (form === 'laid' && width <= FEWEST_LEFT[level]) {
    throw new InputError(
      `${an(level)} challenge leaves at least ${FEWEST_LEFT[level]} pieces and lays one or more, so its board is at least ${ROWS}x${FEWEST_LEFT[level] + 1} (got ${size})`,
    );
  }
  const random = new Random(request.seed);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    ctx.signal?.throwIfAborted();
    ctx.progress?.(attempt);
    const letters = random
      .shuffle([...LETTERS])
      .slice(0, width)
      .sort()
      .join('');
    let input: string;
    if (form === 'set') {
      if (katamino({ pieces: letters, limit: 2 }).solutions !== 1) continue;
      input = `pieces ${letters}\n`;
    } else {
      const tilings: string[][] = [];
      katamino({ pieces: letters, onSolution: (rows) => tilings.push(rows) });
      if (tilings.length === 0) continue;
      const tiling = transformed(tilings[random.int(tilings.length)]!, random);
      const laid = layPieces(tiling, level, random);
      if (!laid) continue;
      input = `pieces ${letters}\n${challengeText(tiling, laid)}`;
    }
    if (grade(input) === level) return { input, size, difficulty: level, tries: attempt };
  }
  throw new InputError(`no ${level} ${size} challenge of the ${form} form in ${MAX_ATTEMPTS} attempts from seed ${request.seed}`);
}
