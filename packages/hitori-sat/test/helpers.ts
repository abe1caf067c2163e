import { checkShading } from '../src/check.js';
import type { Hitori } from '../src/model.js';

export function puzzle(rows: string): Hitori {
  const lines = rows
    .trim()
    .split('\n')
    .map((l) =>
      l
        .trim()
        .split(/\s+/)
        .map((t) => (t === '.' ? 0 : Number(t))),
    );
  return { width: lines[0]!.length, height: lines.length, numbers: lines.flat() };
}

/** Every valid shading by brute force, as `#`/`.` strings joined by `/`, for boards up to ~20 cells. */
export function bruteForce(p: Hitori): string[] {
  const n = p.width * p.height;
  const found: string[] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    const shaded = Uint8Array.from({ length: n }, (_, i) => (mask >> i) & 1);
    if (!checkShading(p, shaded)) found.push(rowsOf(p.width, shaded));
  }
  return found.sort();
}

export function rowsOf(width: number, shaded: ArrayLike<number>): string {
  const rows: string[] = [];
  for (let i = 0; i < shaded.length; i += width) rows.push(Array.from({ length: width }, (_, x) => (shaded[i + x] ? '#' : '.')).join(''));
  return rows.join('/');
}
