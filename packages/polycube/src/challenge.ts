// `kit generate polycube`: a box with some pieces of a named set already laid, whose completion by
// the pieces left is unique. From a seeded random packing, pieces are laid in a random order until
// the kit's search finds one completion only and the path grades at most the level asked for; then
// laid pieces are taken out again, in another random order, while the completion stays unique and
// the level stays within the one asked for. Another packing is tried when the level comes out
// easier than asked, up to MAX_PACKINGS; the closest one is kept.
import { InputError, Random } from '@kit/core';
import type { GenerateContext, GeneratedPuzzle, GenerateRequest } from '@kit/core/make';
import { CHALLENGE_SETS, type ChallengeSet } from './challenge-spec.js';
import { checkPieces } from './checks.js';
import { countCompletions } from './completions.js';
import { type Fit, boxFits } from './fits.js';
import { type Position, gradePath } from './grade.js';
import { challengeText } from './laid.js';
import { CHALLENGE_LEVELS, type ChallengeLevel } from './levels.js';
import { randomPacking } from './random-packing.js';
import { namedSet } from './sets.js';
import { boxTarget } from './target.js';

/** Random packings tried before the closest level found is given. */
const MAX_PACKINGS = 30;
/** Random starts per packing before a random packing is given up. */
const STARTS = 20;

const rank = (level: string) => CHALLENGE_LEVELS.indexOf(level as ChallengeLevel);

function setFor(request: GenerateRequest, size: [number, number, number]): ChallengeSet {
  const volume = size[0] * size[1] * size[2];
  const cubes = (name: ChallengeSet) => namedSet(name).pieces.kinds.reduce((n, kind) => n + kind.shape.length * kind.max, 0);
  const given = request.parameters['set'] as string | undefined;
  if (given !== undefined) {
    if (!(CHALLENGE_SETS as readonly string[]).includes(given))
      throw new InputError(`--set must be one of ${CHALLENGE_SETS.join(', ')} (got ${JSON.stringify(given)})`);
    const name = given as ChallengeSet;
    if (cubes(name) !== volume) throw new InputError(`--set ${name} has ${cubes(name)} cubes but the ${size.join('x')} box has ${volume}`);
    return name;
  }
  const match = CHALLENGE_SETS.find((name) => cubes(name) === volume);
  if (!match) {
    throw new InputError(`size ${size.join('x')}: no set has ${volume} cubes (${CHALLENGE_SETS.map((name) => `${name} ${cubes(name)}`).join(', ')})`);
  }
  return match;
}

interface Made {
  laid: Fit[];
  level: ChallengeLevel;
}

/** `Solver.generate` for polycube. */
export function generateChallenge(request: GenerateRequest, ctx: GenerateContext): GeneratedPuzzle {
  const wanted = request.difficulty;
  if (rank(wanted) < 0) throw new InputError(`difficulty must be one of ${CHALLENGE_LEVELS.join(', ')} (got ${JSON.stringify(wanted)})`);
  const numbers = request.size ?? [3, 3, 3];
  if (numbers.length !== 3) throw new InputError(`size must be WxHxD (got ${numbers.join('x')})`);
  const size = [numbers[0]!, numbers[1]!, numbers[2]!] as [number, number, number];
  const setName = setFor(request, size);
  const box = boxTarget(size.join('x'), 'size');
  const { kinds } = namedSet(setName).pieces;
  checkPieces(box, { kinds });
  const fits = boxFits(size, kinds);
  const cells = size[0] * size[1] * size[2];
  const random = new Random(request.seed);
  const stop = () => ctx.signal?.aborted === true;
  let tries = 0;
  const count = (laid: readonly Fit[]) => {
    if (stop()) throw new InputError('generation was stopped');
    const free = new Uint8Array(cells).fill(1);
    const left = kinds.map((kind) => kind.max);
    for (const fit of laid) {
      for (const cell of fit.cells) free[cell] = 0;
      left[fit.kind]!--;
    }
    tries++;
    ctx.progress?.(tries);
    return { found: countCompletions(size, free, kinds, left, 2, stop), position: { size, free, kinds, left } satisfies Position };
  };
  // The level of a challenge whose completion is unique, or undefined when it is not unique.
  const levelOf = (laid: readonly Fit[], packing: readonly Fit[]): ChallengeLevel | undefined => {
    const { found, position } = count(laid);
    if (found.count !== 1) return undefined;
    return gradePath(
      position,
      packing.filter((fit) => !laid.includes(fit)),
      stop,
      wanted as ChallengeLevel,
      fits,
    ).level;
  };

  let best: Made | undefined;
  for (let attempt = 0; attempt < MAX_PACKINGS; attempt++) {
    const packing = randomPacking(
      random,
      size,
      kinds,
      fits,
      STARTS,
      () => {
        tries++;
        ctx.progress?.(tries);
      },
      stop,
    );
    if (stop()) throw new InputError('generation was stopped');
    if (!packing) continue;
    const order = random.shuffle([...packing]);
    let laid: Fit[] = [];
    let level: ChallengeLevel | undefined;
    for (const fit of order) {
      laid.push(fit);
      level = levelOf(laid, packing);
      if (level !== undefined && rank(level) <= rank(wanted)) break;
    }
    for (const fit of random.shuffle([...laid])) {
      const fewer = laid.filter((other) => other !== fit);
      if (fewer.length === 0) continue;
      const easier = levelOf(fewer, packing);
      if (easier !== undefined && rank(easier) <= rank(wanted)) {
        laid = fewer;
        level = easier;
      }
    }
    if (level === undefined) continue;
    if (!best || rank(level) > rank(best.level)) best = { laid, level };
    if (level === wanted) break;
  }
  if (!best) throw new InputError(`no ${size.join('x')} packing of ${setName} found in ${tries} tries (try another --seed)`);
  const laid = best.laid.map((fit) => ({ name: kinds[fit.kind]!.name, cells: fit.cells })).sort((a, b) => a.cells[0]! - b.cells[0]!);
  return { input: challengeText(box, laid, { set: setName }), size: size.join('x'), difficulty: best.level, tries };
}
