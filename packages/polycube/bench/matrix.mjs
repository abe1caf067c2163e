// Writes a case as the exact-cover problem bench/ref/dlx.c reads, from the kit's own compiled
// problem: the same placements, the same symmetry-breaking representatives and stabilisers, so the
// reference counts the same distinct packings (see dlx.c for the format).
import { prepare } from '../dist/index.js';
import { puzzleOf } from './cases.mjs';

export function exactCover(testCase) {
  const { target, pieces } = puzzleOf(testCase);
  if (pieces.kinds.some((kind) => kind.min !== 1 || kind.max !== 1)) throw new Error('dlx.c takes each piece once');
  // Unplanned: a plan may lay a second piece in every root, which this format cannot say; the
  // count is the same whatever the plan.
  const { problem, group, plan } = prepare(target, pieces, { kernel: 'wide', planAbove: Infinity });
  const rows = [];
  problem.placements.forEach((placement, id) => {
    if (plan.enabled[id]) rows.push([placement.kind, placement.cells.length, ...placement.cells, 0]);
  });
  for (const root of plan.roots) {
    if (root.prefix.length !== 1) throw new Error('expected one placement per root');
    const placement = problem.placements[root.prefix[0]];
    rows.push([placement.kind, placement.cells.length, ...placement.cells, root.check.length, ...root.check]);
  }
  const lines = [[problem.size, problem.kindNames.length, group.perms.length, rows.length].join(' '), Array.from(problem.hole).join(' ')];
  group.perms.forEach((perm, g) => {
    lines.push(`${Array.from(perm).join(' ')} ${Array.from(group.kindMaps[g]).join(' ')}`);
  });
  for (const row of rows) lines.push(row.join(' '));
  return `${lines.join('\n')}\n`;
}
