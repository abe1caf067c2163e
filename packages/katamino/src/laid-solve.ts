// Solving a challenge file with pieces laid: the free cells are no 5 x N board any more, so the
// search is @kit/pentomino's (the laid cells as holes); solutions are drawn with the laid pieces.
// With the booklet's rule, tilings with an upright I are not counted.
import type { SolveContext, Summary } from '@kit/core';
import { pack, withLaid } from '@kit/pentomino/packing';
import type { KataminoInstance } from './instance.js';
import { ROWS, lettersOf } from './pieces.js';
import type { KataminoSolution, KataminoState } from './view.js';

type LaidInstance = Extract<KataminoInstance, { mode: 'laid' }>;

/** True when the I of a tiling (rows of piece letters) lies flat, or there is no I. */
export function flatI(rows: readonly string[]): boolean {
  const rowsWithI = rows.map((row, r) => (row.includes('I') ? r : -1)).filter((r) => r >= 0);
  return rowsWithI.length <= 1;
}

export function solveLaid(instance: LaidInstance, ctx: SolveContext<KataminoSolution, KataminoState>): Summary {
  let solutions = 0;
  const stopAt = ctx.limit;
  const { tries } = pack({
    board: instance.board,
    pieces: instance.left,
    all: instance.all,
    onSolution: (rows) => {
      if (stopAt !== undefined && solutions >= stopAt) return;
      const whole = withLaid(instance.board, instance.laid, rows);
      if (instance.horizontalI && !flatI(whole)) return;
      solutions++;
      if (ctx.wantSolutions) ctx.solution({ rows: whole });
    },
  });
  return { solutions, tries, board: `${ROWS}x${instance.width}`, pieces: lettersOf(instance.pieces) };
}
