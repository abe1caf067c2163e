// Katamino's grader: a challenge file with pieces laid is graded as a pentomino challenge is (the
// pieces left, the search, the path); the booklet's form (a set on the empty board) needs one
// distinct tiling, and its level comes from its size and search. Levels are @kit/pentomino's.
import { InputError } from '@kit/core';
import type { PiecesSetup } from '@kit/core/play';
import type { Grade } from '@kit/core/make';
import { challengeLevel, gradeChallenge, packingPath } from '@kit/pentomino/packing';
import { packingCompletions } from '@kit/pentomino/play-referee';
import { katamino } from './api.js';
import type { KataminoInstance } from './instance.js';
import { play } from './play.js';
import { ROWS, lettersOf } from './pieces.js';

export function gradeKatamino(instance: KataminoInstance): Grade {
  const size = instance.mode === 'laid' || instance.mode === 'pieces' ? `${ROWS}x${instance.width}` : '';
  if (instance.mode !== 'laid' && instance.mode !== 'pieces')
    throw new InputError('a sweep or a booklet row is not one board to grade: give one set of pieces or a challenge file');
  const setup = play.setup(instance, { seed: 0 }) as PiecesSetup;
  if (instance.mode === 'laid') return gradeChallenge({ board: instance.board, pieces: instance.left, size, setup });
  const letters = lettersOf(instance.pieces);
  const { solutions, tries } = katamino({ pieces: letters, horizontalI: instance.horizontalI, limit: 2 });
  if (solutions !== 1) {
    throw new InputError(
      solutions === 0
        ? `${letters} cannot tile ${size}, so it has no grade`
        : `${letters} tiles ${size} in more than one distinct way; a challenge to grade has exactly one`,
    );
  }
  // One tiling of the orbit (its mirror images are the same answer); forced steps hold in all of them.
  const { positions } = packingCompletions(setup, { kind: 'pieces', placed: [] }, { limit: 1, positions: true, shouldStop: () => false });
  const position = positions![0]!;
  const steps = packingPath(setup, position.kind === 'pieces' ? position.placed : []);
  // On the empty board nothing is forced at first, so every set's path starts with trying: the
  // booklet's form is graded by its size and search alone.
  return { size, level: challengeLevel(instance.width, tries), steps };
}
