// The solving path of a challenge: the pieces left placed one at a time, each by the easiest
// reason a person could give. A piece is forced when it is the only one that can cover some cube,
// or when it fits only one way; a fit that cuts off a pocket of cubes the other pieces plainly
// cannot fill (too few, or not a multiple of their sizes) does not count. When nothing is forced,
// the piece covering the first empty cube is the one trying leads to: that step's level comes from
// the pieces left and the tries the kit's search takes to settle it.
import { InputError } from '@kit/core';
import type { GenerateContext, Grade, GradeStep } from '@kit/core/make';
import { countCompletions } from './completions.js';
import { type Fit, boxFits, cutsOffPocket, fitsFree } from './fits.js';
import type { PackingInstance } from './instance.js';
import { CHALLENGE_LEVELS, type ChallengeLevel, MEDIUM_PIECES, MEDIUM_TRIES } from './levels.js';
import type { PieceKind } from './pieces.js';
import { targetSize } from './target.js';

/** A box partly packed: which cubes are free and how many of each kind are left. */
export interface Position {
  size: [number, number, number];
  free: Uint8Array;
  kinds: readonly PieceKind[];
  left: number[];
}

export interface PathGrade {
  level: ChallengeLevel;
  steps: GradeStep[];
}

const rank = (level: ChallengeLevel) => CHALLENGE_LEVELS.indexOf(level);

/** `layer 1 r1c1 r1c2, layer 2 r1c1`: cubes as a person finds them on the play board's layers. */
export function cubesText(cells: readonly number[], [X, Y]: readonly number[]): string {
  const byLayer = new Map<number, string[]>();
  for (const cell of [...cells].sort((a, b) => a - b)) {
    const z = Math.floor(cell / (X! * Y!));
    const list = byLayer.get(z) ?? [];
    list.push(`r${(Math.floor(cell / X!) % Y!) + 1}c${(cell % X!) + 1}`);
    byLayer.set(z, list);
  }
  return [...byLayer].map(([z, list]) => `layer ${z + 1} ${list.join(' ')}`).join(', ');
}

/** The placements of the pieces left that lie on free cubes and cut off no plainly unfillable pocket. */
function sensibleFits(position: Position, all: readonly Fit[]): Fit[] {
  const { free, kinds, left, size } = position;
  return all.filter((fit) => {
    if (left[fit.kind]! <= 0 || !fitsFree(fit, free)) return false;
    const sizes: number[] = [];
    kinds.forEach((kind, k) => {
      if (left[k]! - (k === fit.kind ? 1 : 0) > 0) sizes.push(kind.shape.length);
    });
    return !cutsOffPocket(fit, free, size, sizes);
  });
}

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((cell, i) => cell === b[i]);

/**
 * The path through a position whose completion is unique (`solution`: that completion's pieces).
 * `stop` is asked between steps and inside searches. With a `ceiling`, the path is cut short as soon
 * as a step is harder than that level (the generator only asks whether a challenge stays within it):
 * the level returned is then the first level above the ceiling. `all`: the kinds' fits in the empty box.
 */
export function gradePath(
  position: Position,
  solution: ReadonlyArray<{ kind: number; cells: number[] }>,
  stop?: () => boolean,
  ceiling?: ChallengeLevel,
  all: readonly Fit[] = boxFits(position.size, position.kinds),
): PathGrade {
  const free = Uint8Array.from(position.free);
  const left = [...position.left];
  let pending = [...solution];
  const steps: GradeStep[] = [];
  let level: ChallengeLevel = 'easy';
  while (pending.length > 0) {
    if (stop?.()) throw new InputError('grading was stopped');
    const here: Position = { ...position, free, left };
    const fits = sensibleFits(here, all);
    const name = (kind: number) => position.kinds[kind]!.name;
    let step: GradeStep | undefined;
    let chosen: { kind: number; cells: number[] } | undefined;
    // A piece with one way to go (counted once per kind: copies of a kind share their fits).
    for (let k = 0; k < position.kinds.length && !step; k++) {
      if (left[k] !== 1) continue;
      const own = fits.filter((fit) => fit.kind === k);
      if (own.length !== 1) continue;
      chosen = pending.find((piece) => piece.kind === k && same(piece.cells, own[0]!.cells));
      if (!chosen) continue;
      step = {
        rule: 'only place',
        level: 'easy',
        cells: chosen.cells,
        text: `${name(k)} fits only one way in the space left without cutting off cubes the other pieces cannot fill, so it goes at ${cubesText(chosen.cells, position.size)}.`,
      };
    }
    // A cube that one piece alone can cover.
    for (let cell = 0; cell < free.length && !step; cell++) {
      if (!free[cell]) continue;
      const covering = fits.filter((fit) => fit.cells.includes(cell));
      if (covering.length !== 1) continue;
      chosen = pending.find((piece) => piece.kind === covering[0]!.kind && same(piece.cells, covering[0]!.cells));
      if (!chosen) continue;
      step = {
        rule: 'only cover',
        level: 'easy',
        cells: chosen.cells,
        text: `Only ${name(chosen.kind)} can cover ${cubesText([cell], position.size)} without cutting off cubes the other pieces cannot fill, so it goes at ${cubesText(chosen.cells, position.size)}.`,
      };
    }
    if (!step) {
      const first = free.indexOf(1);
      chosen = pending.find((piece) => piece.cells.includes(first))!;
      const piecesLeft = left.reduce((n, count) => n + count, 0);
      // Too many pieces left for medium whatever the search costs: no need to measure it.
      if (ceiling !== undefined && rank(ceiling) < rank('hard') && piecesLeft > MEDIUM_PIECES) return { level: 'hard', steps };
      const { tries } = countCompletions(position.size, free, position.kinds, left, 2, stop);
      const stepLevel: ChallengeLevel = piecesLeft <= MEDIUM_PIECES && tries <= MEDIUM_TRIES ? 'medium' : 'hard';
      step = {
        rule: 'trial',
        level: stepLevel,
        cells: chosen.cells,
        text: `Nothing is forced with ${piecesLeft} pieces left: trying each at ${cubesText([first], position.size)}, the first empty cube, only ${name(chosen.kind)} at ${cubesText(chosen.cells, position.size)} leads to a full packing (${tries} tries).`,
      };
    }
    if (rank(step.level as ChallengeLevel) > rank(level)) level = step.level as ChallengeLevel;
    steps.push(step);
    if (ceiling !== undefined && rank(level) > rank(ceiling)) return { level, steps };
    for (const cell of chosen!.cells) free[cell] = 0;
    left[chosen!.kind]!--;
    pending = pending.filter((piece) => piece !== chosen);
  }
  return { level, steps };
}

/** The position a challenge instance starts from: its target's cubes free, every piece left. */
export function startOf(instance: PackingInstance): Position {
  const size = targetSize(instance.target);
  const [X, Y] = size;
  const free = new Uint8Array(size[0] * size[1] * size[2]);
  instance.target.layers.forEach((layer, z) => {
    layer.forEach((row, y) => {
      for (let x = 0; x < row.length; x++) if (row[x] === '.') free[x + X * (y + Y * z)] = 1;
    });
  });
  if (instance.pieces.kinds.some((kind) => kind.min !== kind.max)) throw new InputError('a puzzle with ranges of piece counts cannot be graded');
  return { size, free, kinds: instance.pieces.kinds, left: instance.pieces.kinds.map((kind) => kind.max) };
}

/** `Solver.grade`: a challenge with a unique completion, its level and path. */
export function gradeChallenge(instance: PackingInstance, ctx: GenerateContext): Grade {
  const position = startOf(instance);
  const stop = () => ctx.signal?.aborted === true;
  const found = countCompletions(position.size, position.free, position.kinds, position.left, 2, stop);
  if (stop()) throw new InputError('grading was stopped');
  if (found.count === 0) throw new InputError('the puzzle has no completion, so it cannot be graded');
  if (found.count > 1) throw new InputError('the puzzle has more than one completion, so it cannot be graded (lay more pieces)');
  const { level, steps } = gradePath(position, found.first!, stop);
  return { size: position.size.join('x'), level, steps };
}
