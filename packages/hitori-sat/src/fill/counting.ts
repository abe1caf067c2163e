import type { Classes, Pattern } from './classes.js';

export interface Fault {
  rows: number[];
  columns: number[];
  message: string;
}

const cellName = (width: number, cell: number) => `r${Math.floor(cell / width) + 1}c${(cell % width) + 1}`;

/** `2, 4-60` style: runs of three or more consecutive numbers shortened, the last joined by "and". */
export function listOf(items: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < items.length; ) {
    let j = i;
    while (j + 1 < items.length && items[j + 1] === items[j]! + 1) j++;
    if (j - i >= 2) parts.push(`${items[i]}-${items[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(items[k]));
    i = j + 1;
  }
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * A counting argument that catches what a SAT solver finds hardest (it is the pigeonhole problem).
 * A line with n different classes uses every number, so the number X of a class K appears in every
 * such row that K is not in, each time in a column K is not in. A column may hold X several times,
 * but only in cells of one class (two classes in a line differ), and not in a class that meets K
 * (it would differ from K). So column c holds X in at most `best(c)` of the rows that need it, the
 * most such rows one class that keeps clear of K covers in c; if these add up to fewer than the
 * rows that need X, there is no filling. The same with rows and columns swapped.
 */
export function countingFault(pattern: Pattern, classes: Classes): Fault | undefined {
  const { width, height, labels } = pattern;
  const n = Math.max(width, height);
  const full = classes.lines.map((members) => members.length === n);
  const across = [
    {
      need: 'row',
      hold: 'column',
      needCount: height,
      holdCount: width,
      needLine: (i: number) => i,
      holdLine: (i: number) => height + i,
      cell: (need: number, hold: number) => need * width + hold,
    },
    {
      need: 'column',
      hold: 'row',
      needCount: width,
      holdCount: height,
      needLine: (i: number) => height + i,
      holdLine: (i: number) => i,
      cell: (need: number, hold: number) => hold * width + need,
    },
  ] as const;
  for (let k = 0; k < classes.count; k++) {
    const cells = classes.cells[k]!;
    if (cells.length < 2) continue;
    const meets = new Set(classes.linesOf[k]);
    for (const side of across) {
      const needs: number[] = [];
      for (let i = 0; i < side.needCount; i++) if (full[side.needLine(i)] && !meets.has(side.needLine(i))) needs.push(i);
      if (needs.length === 0) continue;
      let total = 0;
      const holders: number[] = [];
      for (let j = 0; j < side.holdCount; j++) {
        if (meets.has(side.holdLine(j))) continue;
        const covered = new Map<number, number>();
        for (const i of needs) {
          const other = classes.classOf[side.cell(i, j)]!;
          if (other < 0 || classes.linesOf[other]!.some((line) => meets.has(line))) continue;
          covered.set(other, (covered.get(other) ?? 0) + 1);
        }
        let best = 0;
        for (const count of covered.values()) if (count > best) best = count;
        if (best > 0) holders.push(j + 1);
        total += best;
      }
      if (total >= needs.length) continue;
      const where = `the number of the ${labels[cells[0]!]}s at ${cells
        .slice(0, 4)
        .map((c) => cellName(width, c))
        .join(', ')}${cells.length > 4 ? ', ...' : ''}`;
      const needed = needs.map((i) => i + 1);
      const plural = (word: string, count: number) => `${word}${count > 1 ? 's' : ''}`;
      const why =
        holders.length === 0
          ? `no ${side.hold} can hold it`
          : total === holders.length
            ? `only ${plural(side.hold, holders.length)} ${listOf(holders)} ${holders.length > 1 ? 'are' : 'is'} free to hold it`
            : `${plural(side.hold, holders.length)} ${listOf(holders)} can hold it in at most ${total} of them`;
      const message = `${where} must appear in ${plural(side.need, needed.length)} ${listOf(needed)}, but ${why}`;
      return side.need === 'row' ? { rows: needed, columns: holders, message } : { rows: holders, columns: needed, message };
    }
  }
  return undefined;
}
