// The human summary: a chain-by-chain table, then the totals on the last line.
import type { Summary } from '@kit/core';
import type { ChainStep } from './chain.js';

/** A table row: a chain step, and in a chain puzzle the move that set it off. */
type Row = Omit<ChainStep, 'colours'> & { move?: number };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function chainTable(rows: Row[]): string[] {
  if (rows.length === 0) return [];
  const withMoves = rows.some((row) => row.move !== undefined);
  const header = [...(withMoves ? ['move'] : []), 'chain', 'popped', 'groups', 'power', 'colour', 'group', 'x', 'score', 'O cleared'];
  const body = rows.map((row) => [
    ...(withMoves ? [String(row.move)] : []),
    String(row.chain),
    String(row.popped),
    row.groups.map((g) => `${g.size}${g.colour}`).join(' '),
    String(row.chainPower),
    String(row.colourBonus),
    String(row.groupBonus),
    String(row.multiplier),
    String(row.score),
    String(row.garbageCleared),
  ]);
  const widths = header.map((h, i) => body.reduce((most, r) => Math.max(most, r[i]!.length), h.length));
  const textColumn = header.indexOf('groups');
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === textColumn ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...body.map(line)];
}

export function totalsLine(summary: Record<string, unknown>): string {
  const chains = Number(summary.chains ?? 0);
  const score = Number(summary.score ?? 0);
  return `${plural(chains, 'chain')}, ${score} points${summary.allClear ? ', all clear' : ''}`;
}

/**
 * A chain puzzle's answer, move by move: `chains 3 then 2` (the goal may be met on any move, so the
 * largest chain alone would contradict a `chains=2` goal), or `2 chains` for a one-move answer.
 */
function chainsByMove(summary: Summary, moves: number): string {
  const rows = (summary.breakdown ?? []) as unknown as Row[];
  const perMove = Array.from({ length: moves }, (_, i) => rows.filter((row) => row.move === i + 1).reduce((most, row) => Math.max(most, row.chain), 0));
  if (perMove.length <= 1) return plural(Number(summary.chains ?? 0), 'chain');
  return `chains ${perMove.slice(0, -1).join(', ')} then ${perMove.at(-1)}`;
}

export function summarize(summary: Summary): string {
  const lines = chainTable((summary.breakdown ?? []) as unknown as Row[]);
  if (summary.goal !== undefined) {
    const tried = `goal ${summary.goal}, ${plural(Number(summary.tries ?? 0), 'placement')} tried`;
    if (summary.solutions === 0) return [...lines, `no solution (${tried})`].join('\n');
    lines.push(`best: ${summary.best}; garbage sent ${summary.garbage ?? 0}, ${summary.cleared} puyos cleared`);
    if (typeof summary.answerLink === 'string') lines.push(`answer: ${summary.answerLink}`);
    const pairs = String(summary.best ?? '').split(', ').length;
    const score = Number(summary.score ?? 0);
    lines.push(
      `${plural(summary.solutions, 'solution')} (${tried}); best ${plural(pairs, 'pair')}, ${chainsByMove(summary, pairs)}, ${score} points${summary.allClear ? ', all clear' : ''}`,
    );
    return lines.join('\n');
  }
  lines.push(`garbage sent ${summary.garbage ?? 0}, ${summary.cleared ?? 0} puyos cleared`);
  if (typeof summary.puyonexus === 'string') {
    lines.push(`share: ${[summary.puyop, summary.puyonexus].filter((url) => typeof url === 'string').join('  ')}`);
  }
  lines.push(totalsLine(summary));
  return lines.join('\n');
}
