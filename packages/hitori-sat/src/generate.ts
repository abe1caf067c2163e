import { InputError, Random } from '@kit/core';
import { searchHitori } from './encode.js';
import { neighbours, type Hitori } from './model.js';
import type { BackendFactory } from './sat/backend.js';

const MAX_ATTEMPTS = 200;

/** A generated puzzle with its one solution. */
export interface Generated {
  /** The puzzle, every cell numbered. */
  puzzle: Hitori;
  /** Its only solution, row-major, 1 shaded. */
  shaded: Uint8Array;
  /** Shadings tried and repairs made, for the curious. */
  attempts: number;
  /** Numbers changed to kill a second solution. */
  repairs: number;
}

/** A shuffled cyclic Latin square cut to width x height: no number repeats in a row or column. */
function latinNumbers(width: number, height: number, random: Random): number[] {
  const n = Math.max(width, height);
  const rows = random.shuffle(Array.from({ length: n }, (_, i) => i));
  const cols = random.shuffle(Array.from({ length: n }, (_, i) => i));
  const symbols = random.shuffle(Array.from({ length: n }, (_, i) => i + 1));
  const numbers: number[] = [];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) numbers.push(symbols[(rows[y]! + cols[x]!) % n]!);
  return numbers;
}

/**
 * A random shading that cannot take one more shaded cell. Maximal matters: if a cell could be added,
 * the shading plus that cell would be a second solution whatever the numbers, so no repair could help.
 */
function maximalShading(width: number, height: number, random: Random): Uint8Array {
  const size = width * height;
  const shaded = new Uint8Array(size);
  const mark = new Int32Array(size);
  const queue = new Int32Array(size);
  let stamp = 0;
  // Shading a cell keeps the rest connected exactly when its unshaded neighbours still reach each
  // other, so a search from one of them can stop as soon as it has met the others (usually nearby).
  const neighboursStayJoined = (cell: number): boolean => {
    const targets = neighbours(width, height, cell).filter((next) => !shaded[next]);
    if (targets.length <= 1) return true;
    stamp++;
    let head = 0;
    let tail = 0;
    queue[tail++] = targets[0]!;
    mark[targets[0]!] = stamp;
    let missing = targets.length - 1;
    while (head < tail) {
      const at = queue[head++]!;
      const x = at % width;
      const around = [x > 0 ? at - 1 : -1, x < width - 1 ? at + 1 : -1, at - width, at + width];
      for (const next of around) {
        if (next < 0 || next >= size || shaded[next] || mark[next] === stamp) continue;
        mark[next] = stamp;
        if (targets.includes(next) && --missing === 0) return true;
        queue[tail++] = next;
      }
    }
    return false;
  };
  for (const cell of random.shuffle(Array.from({ length: size }, (_, i) => i))) {
    if (neighbours(width, height, cell).some((next) => shaded[next])) continue;
    shaded[cell] = 1;
    if (!neighboursStayJoined(cell)) shaded[cell] = 0;
  }
  return shaded;
}

/**
 * Makes a puzzle with exactly one solution: a Latin grid, a maximal random shading, each shaded cell
 * given the number of an unshaded cell in its row or column; then, while a second solution exists,
 * a cell shaded in ours but not in the other copies a number that both leave unshaded in its line,
 * which kills the other solution and keeps ours.
 */
export function generateHitori(width: number, height: number, seed: number, backend: BackendFactory): Generated {
  const random = new Random(seed);
  const line = (cell: number) => {
    const x = cell % width;
    const y = (cell - x) / width;
    const cells: number[] = [];
    for (let i = 0; i < width; i++) if (i !== x) cells.push(y * width + i);
    for (let j = 0; j < height; j++) if (j !== y) cells.push(j * width + x);
    return cells;
  };
  let repairs = 0;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const numbers = latinNumbers(width, height, random);
    const shaded = maximalShading(width, height, random);
    for (let cell = 0; cell < numbers.length; cell++) {
      if (!shaded[cell]) continue;
      const partners = line(cell).filter((other) => !shaded[other]);
      if (partners.length > 0) numbers[cell] = numbers[random.pick(partners)]!;
    }
    const puzzle: Hitori = { width, height, numbers };
    for (let round = 0; round < 200; round++) {
      const found = searchHitori(puzzle, backend(), { maxSolutions: 2 });
      const other = found.solutions.find((s) => s.some((v, i) => v !== shaded[i]));
      if (!other) return { puzzle, shaded, attempts: attempt, repairs };
      const fixes: [number, number][] = [];
      for (let cell = 0; cell < numbers.length; cell++) {
        if (!shaded[cell] || other[cell]) continue;
        for (const partner of line(cell)) if (!shaded[partner] && !other[partner]) fixes.push([cell, partner]);
      }
      if (fixes.length === 0) break;
      const [cell, partner] = random.pick(fixes);
      numbers[cell] = numbers[partner]!;
      repairs++;
    }
  }
  throw new InputError(`could not make a ${width}x${height} puzzle with a unique solution in ${MAX_ATTEMPTS} attempts (try another --seed)`);
}
