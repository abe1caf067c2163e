// The grader: a challenge's level (pieces left, search effort, the path's hardest rule) and its
// solving path, one step a piece (path.ts). The completion must be unique: a grade is a person's way
// to the one answer.
import { InputError } from '@kit/core';
import type { PiecesSetup, PlacedPiece } from '@kit/core/play';
import type { Grade } from '@kit/core/make';
import { pack } from './pack.js';
import { packingCompletions } from './play-referee.js';
import { type ChallengeLevel, CHALLENGE_LEVELS, challengeLevel } from './levels.js';
import { packingPath } from './path.js';
import type { PieceSet } from './pieces.js';

/** What grading a board with some pieces laid needs: its free cells as a play setup. */
export interface PackingChallenge {
  /** The board's rows, laid cells as holes (`.` free, `#` not). */
  board: readonly string[];
  /** The pieces to place. */
  pieces: PieceSet;
  /** The board's own size as it is written (`6x10`). */
  size: string;
  /** The play setup of that board and those pieces (the tray's orientations are the moves'). */
  setup: PiecesSetup;
}

/** The one completion, its search effort, or an InputError saying why there is no grade. */
export function uniqueCompletion(challenge: PackingChallenge): { solution: PlacedPiece[]; tries: number } {
  const { count, positions } = packingCompletions(challenge.setup, { kind: 'pieces', placed: [] }, { limit: 2, positions: true, shouldStop: () => false });
  if (count !== 1) {
    throw new InputError(
      count === 0
        ? 'this board cannot be completed, so it has no grade'
        : 'this board can be completed in more than one way; a challenge to grade has exactly one completion',
    );
  }
  const { tries } = pack({ board: challenge.board, pieces: challenge.pieces, all: true, limit: 2 });
  const position = positions![0]!;
  return { solution: position.kind === 'pieces' ? position.placed : [], tries };
}

/** A challenge's grade. */
export function gradeChallenge(challenge: PackingChallenge): Grade {
  const { solution, tries } = uniqueCompletion(challenge);
  const steps = packingPath(challenge.setup, solution);
  const pathLevel = steps.reduce<ChallengeLevel>(
    (hardest, step) => (CHALLENGE_LEVELS.indexOf(step.level as ChallengeLevel) > CHALLENGE_LEVELS.indexOf(hardest) ? (step.level as ChallengeLevel) : hardest),
    'easy',
  );
  return { size: challenge.size, level: challengeLevel(solution.length, tries, pathLevel), steps };
}
