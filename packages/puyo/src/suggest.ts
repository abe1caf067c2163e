// Suggest, in the chain builder: the placement of the current pair that leads to the largest chain
// the pairs shown (the current one and the next ones) can set off. Every reachable placement
// sequence of the window is tried on the fast simulator, depth first: 22^3 sequences for three pairs.
// A sequence is worth its largest chain, then its points; the first placement of the best sequence
// is suggested, ties going to the first in the play's own order (rotation up, right, down, left;
// columns left to right). A sequence ends early where the game would be over.
import type { DropPlacement } from '@kit/core/play';
import { type Board, columnHeight, createBoard, createResult, simulateBoard } from './bitboard.js';
import { WIDTH } from './field.js';
import { dropPair, placementsFor, type Pair } from './nazo.js';
import { gameOver, placementReachable, reachableColumns } from './reach.js';

/** One pair of the best sequence: where it goes, and the chain its drop set off. */
export interface SuggestedDrop {
  pair: Pair;
  drop: DropPlacement;
  chain: number;
}

export interface Suggestion {
  /** The current pair's placement. */
  drop: DropPlacement;
  /** The largest chain of the best sequence, and the points of all its drops. */
  chain: number;
  score: number;
  /** The best sequence, the suggested drop first (shorter than the window when the game ends in it). */
  line: SuggestedDrop[];
}

const better = (chain: number, score: number, than: { chain: number; score: number }) => chain > than.chain || (chain === than.chain && score > than.score);

/**
 * The best placement of `pairs[0]` on a settled board (which is not changed), looking through all of
 * `pairs`; undefined when no placement is reachable.
 */
export function suggestDrop(start: Board, pairs: readonly Pair[]): Suggestion | undefined {
  const depth = pairs.length;
  if (depth === 0) return undefined;
  const boards = Array.from({ length: depth + 1 }, () => createBoard());
  boards[0]!.set(start);
  const result = createResult();
  const heights = new Int32Array(WIDTH);
  const path: SuggestedDrop[] = [];
  let best: { chain: number; score: number; line: SuggestedDrop[] } | undefined;
  // The best sequence below the current first placement; strictly better only, so the first found wins.
  let branch = { chain: -1, score: -1, line: [] as SuggestedDrop[] };

  const visit = (level: number, chain: number, score: number): void => {
    const board = boards[level]!;
    if (level < depth) for (let x = 0; x < WIDTH; x++) heights[x] = columnHeight(board, x);
    if (level < depth && !gameOver(heights)) {
      const open = reachableColumns(heights);
      // In the play's order; a one-colour pair turned half way lands as it does the first way round
      // (which comes first in that order), so it is tried that first way only.
      const reachable = placementsFor(pairs[level]!).filter((p) => placementReachable(open, heights, p.x, p.childX, p.rotation));
      for (const placement of reachable) {
        const next = boards[level + 1]!;
        next.set(board);
        if (!dropPair(next, pairs[level]!, placement)) continue;
        const chains = simulateBoard(next, result);
        path[level] = { pair: pairs[level]!, drop: { column: placement.x, rotation: placement.rotation }, chain: chains };
        if (level === 0) branch = { chain: -1, score: -1, line: [] };
        visit(level + 1, Math.max(chain, chains), score + result.score);
        if (level === 0 && (!best || better(branch.chain, branch.score, best))) best = branch;
      }
      // A sequence with no placement left ends where it is (only past the first pair).
      if (reachable.length > 0 || level === 0) return;
    }
    if (better(chain, score, branch)) branch = { chain, score, line: path.slice(0, level) };
  };

  visit(0, 0, 0);
  if (!best) return undefined;
  return { drop: best.line[0]!.drop, chain: best.chain, score: best.score, line: best.line };
}
