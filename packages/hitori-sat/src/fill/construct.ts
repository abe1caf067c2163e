import type { Classes, Pattern } from './classes.js';

/**
 * Builds a filling without search, line by line along the longer side, as one builds a Latin
 * square: each line's classes that have no number yet get distinct numbers that none of their
 * lines uses so far, found as a bipartite matching (classes to numbers, augmenting paths). On a
 * pattern of free cells Hall's theorem guarantees every line can be matched (the numbers still
 * free in a cell form a regular bipartite graph), so any all-free pattern fills at once; equal
 * labels can make a line unmatchable, and then the classes left over keep 0 for `repairFilling`.
 * Each number is first tried where the cyclic square (x + y) mod n would put it, which is usually
 * free, so most lines match without augmenting at all.
 *
 * Returns the number (1..n) of every class, 0 for those no matching could place, and how many those are.
 */
export function constructFilling(pattern: Pattern, classes: Classes, transpose: boolean): { value: Int32Array; unmatched: number } {
  const { width, height } = pattern;
  const n = Math.max(width, height);
  const lineCount = width + height;
  const stride = n + 1;
  // owner[line * stride + v]: the class holding number v in that line, or -1.
  const owner = new Int32Array(lineCount * stride).fill(-1);
  const value = new Int32Array(classes.count);
  const preferred = new Int32Array(classes.count);
  for (let k = 0; k < classes.count; k++) {
    const cell = classes.cells[k]![0]!;
    preferred[k] = ((cell % width) + Math.floor(cell / width)) % n;
  }
  const free = (k: number, v: number): boolean => {
    for (const line of classes.linesOf[k]!) if (owner[line * stride + v] !== -1) return false;
    return true;
  };
  const holder = new Int32Array(stride); // per number: the index in `open` matched to it, or -1
  const seen = new Int32Array(stride);
  let stamp = 0;
  let open: number[] = [];
  const augment = (u: number): boolean => {
    const k = open[u]!;
    const start = preferred[k]!;
    for (let step = 0; step < n; step++) {
      const v = ((start + step) % n) + 1;
      if (seen[v] === stamp || !free(k, v)) continue;
      seen[v] = stamp;
      if (holder[v] === -1 || augment(holder[v]!)) {
        holder[v] = u;
        return true;
      }
    }
    return false;
  };
  // Along the longer side each line has n cells and the cross lines at most n: the Hall argument.
  const alongRows = transpose ? width < height : width >= height;
  const order = alongRows ? Array.from({ length: height }, (_, y) => y) : Array.from({ length: width }, (_, x) => height + x);
  let unmatched = 0;
  for (const line of order) {
    open = classes.lines[line]!.filter((k) => value[k] === 0);
    if (open.length === 0) continue;
    holder.fill(-1);
    for (let u = 0; u < open.length; u++) {
      stamp++;
      if (!augment(u)) unmatched++; // left without a number, for the repair
    }
    for (let v = 1; v <= n; v++) {
      const u = holder[v]!;
      if (u === -1) continue;
      const k = open[u]!;
      value[k] = v;
      for (const l of classes.linesOf[k]!) owner[l * stride + v] = k;
    }
  }
  return { value, unmatched };
}
