// The referee of a chain puzzle in play: the answers (placement sequences that meet the goal, the
// puzzle ending where it does) that begin with the drops played so far, counted by the solver with
// those drops as its fixed prefix. Loaded lazily, in the worker.
import type { CompletionRequest, CompletionResult, DropPlacement, PlayPosition, PlayReferee, PlaySetup } from '@kit/core/play';
import { ROTATIONS, solveNazo } from './nazo.js';
import { placementIndex } from './placement-index.js';
import type { PuyoInstance } from './types.js';

export function answersFrom(instance: PuyoInstance, setup: PlaySetup, position: PlayPosition, request: CompletionRequest): CompletionResult {
  if (setup.kind !== 'drops' || position.kind !== 'drops') throw new Error('Puyo is played by dropping pairs');
  if (instance.mode !== 'nazo' || !instance.goal || !instance.pairs) throw new Error('only a chain puzzle has answers to count');
  const pairs = instance.pairs;
  const drops = position.drops;
  if (drops.length > pairs.length) return { count: 0, ...(request.positions ? { positions: [] } : {}) };
  const prefix = drops.map((drop, i) => placementIndex(pairs[i]!, drop));
  if (prefix.some((index) => index < 0)) return { count: 0, ...(request.positions ? { positions: [] } : {}) };
  let count = 0;
  const positions: PlayPosition[] = [];
  solveNazo(
    { field: instance.field, pairs, goal: instance.goal },
    {
      wantMoves: request.positions,
      shouldStop: () => count >= request.limit || request.shouldStop(),
      onSolution(answer) {
        if (count >= request.limit) return;
        count++;
        if (!answer) return;
        // The drops played stay as played (a one-colour pair may have been turned the other way up).
        const rest: DropPlacement[] = answer.moves.slice(drops.length).map((move) => ({ column: move.column - 1, rotation: ROTATIONS.indexOf(move.rotation) }));
        positions.push({ kind: 'drops', drops: [...drops, ...rest] });
      },
    },
    prefix,
  );
  return { count, ...(request.positions ? { positions } : {}) };
}

export const referee: PlayReferee<PuyoInstance> = { completions: answersFrom };
