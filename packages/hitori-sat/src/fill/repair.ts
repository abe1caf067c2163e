import { Random } from '@kit/core';
import type { Classes, Pattern } from './classes.js';

/**
 * Finishes a filling the construction could not complete, by local search (tabu search in the
 * manner of TabuCol for graph colouring): every class gets a number, the lines where a number
 * repeats across classes are the conflicts, and each step moves one class of a conflicting line to
 * the number that removes the most conflicts, not undoing a recent move. A found filling is a
 * filling (the caller checks it); running out of steps proves nothing, and SAT decides then.
 *
 * `start`: numbers from the construction, 0 where none was placed. Returns the filling or undefined.
 */
export function repairFilling(pattern: Pattern, classes: Classes, start: Int32Array, maxSteps: number, seed = 1): Int32Array | undefined {
  const n = Math.max(pattern.width, pattern.height);
  const stride = n + 1;
  const lineCount = classes.lines.length;
  const random = new Random(seed);
  const value = Int32Array.from(start);
  const count = new Int32Array(lineCount * stride); // classes per line and number
  for (let k = 0; k < classes.count; k++) {
    const v = value[k]!;
    if (v) for (const line of classes.linesOf[k]!) count[line * stride + v] = count[line * stride + v]! + 1;
  }
  // Lines holding a repeat, as a set with O(1) insert and delete.
  const excess = new Int32Array(lineCount);
  const badLines: number[] = [];
  const badIndex = new Int32Array(lineCount).fill(-1);
  let conflicts = 0;
  const bump = (line: number, v: number, by: 1 | -1) => {
    const at = line * stride + v;
    const before = count[at]!;
    count[at] = before + by;
    const extra = by === 1 ? (before >= 1 ? 1 : 0) : before >= 2 ? -1 : 0;
    if (extra === 0) return;
    conflicts += extra;
    excess[line] = excess[line]! + extra;
    if (excess[line] === 1 && extra === 1) {
      badIndex[line] = badLines.length;
      badLines.push(line);
    } else if (excess[line] === 0) {
      const i = badIndex[line]!;
      const last = badLines.pop()!;
      if (last !== line) {
        badLines[i] = last;
        badIndex[last] = i;
      }
      badIndex[line] = -1;
    }
  };
  // Conflicts class k would have with number v (not counting itself).
  const cost = (k: number, v: number) => {
    let total = 0;
    for (const line of classes.linesOf[k]!) total += count[line * stride + v]! - (value[k] === v ? 1 : 0);
    return total;
  };
  for (let k = 0; k < classes.count; k++) {
    if (value[k]) continue;
    let best = 1;
    let bestCost = Infinity;
    for (let v = 1; v <= n; v++) {
      const c = cost(k, v);
      if (c < bestCost) [best, bestCost] = [v, c];
    }
    value[k] = best;
    for (const line of classes.linesOf[k]!) bump(line, best, 1);
  }
  // Recount so `excess` and `conflicts` include the construction's own numbers.
  count.fill(0);
  excess.fill(0);
  badLines.length = 0;
  badIndex.fill(-1);
  conflicts = 0;
  for (let k = 0; k < classes.count; k++) for (const line of classes.linesOf[k]!) bump(line, value[k]!, 1);

  const tabuUntil = new Int32Array(classes.count * stride);
  let fewest = conflicts;
  for (let step = 0; step < maxSteps && conflicts > 0; step++) {
    const line = badLines[random.int(badLines.length)]!;
    let moveClass = -1;
    let moveValue = 0;
    let moveDelta = Infinity;
    let ties = 0;
    for (const k of classes.lines[line]!) {
      const own = value[k]!;
      if (count[line * stride + own]! < 2) continue;
      const now = cost(k, own);
      for (let v = 1; v <= n; v++) {
        if (v === own) continue;
        const delta = cost(k, v) - now;
        const allowed = tabuUntil[k * stride + v]! <= step || conflicts + delta < fewest;
        if (!allowed) continue;
        if (delta < moveDelta) {
          [moveClass, moveValue, moveDelta, ties] = [k, v, delta, 1];
        } else if (delta === moveDelta && random.int(++ties) === 0) {
          [moveClass, moveValue] = [k, v];
        }
      }
    }
    if (moveClass < 0) continue;
    const old = value[moveClass]!;
    for (const l of classes.linesOf[moveClass]!) bump(l, old, -1);
    value[moveClass] = moveValue;
    for (const l of classes.linesOf[moveClass]!) bump(l, moveValue, 1);
    tabuUntil[moveClass * stride + old] = step + 1 + random.int(10) + Math.floor(0.6 * badLines.length);
    if (conflicts < fewest) fewest = conflicts;
  }
  return conflicts === 0 ? value : undefined;
}
