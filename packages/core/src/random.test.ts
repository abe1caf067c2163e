import { describe, expect, it } from 'vitest';
import { Random, seededRandom } from './random.js';

const TWO_32 = 4294967296;

describe('seededRandom', () => {
  it('gives the mulberry32 sequence of a seed, as 32-bit fractions', () => {
    const next = seededRandom(42);
    expect([next(), next(), next(), next()].map((x) => x * TWO_32)).toEqual([2581720956, 1925393290, 3661312704, 2876485805]);
    const zero = seededRandom(0);
    expect([zero(), zero()].map((x) => x * TWO_32)).toEqual([1144304738, 1416247]);
  });

  it('reads a seed as an unsigned 32-bit number', () => {
    const a = seededRandom(-1);
    const b = seededRandom(TWO_32 - 1);
    const c = seededRandom(TWO_32 * 3 - 1);
    for (let i = 0; i < 5; i++) {
      const x = a();
      expect(Number.isInteger(x * TWO_32)).toBe(true);
      expect(b()).toBe(x);
      expect(c()).toBe(x);
    }
  });

  it('stays in [0, 1)', () => {
    const next = seededRandom(7);
    for (let i = 0; i < 100_000; i++) {
      const x = next();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});

describe('Random', () => {
  it('draws the same numbers as seededRandom', () => {
    const random = new Random(42);
    const next = seededRandom(42);
    for (let i = 0; i < 10; i++) expect(random.next()).toBe(next());
    expect(new Random(42).int(10)).toBe(Math.floor((2581720956 / TWO_32) * 10));
  });

  it('int(n) gives each of 0..n-1 and nothing else', () => {
    const random = new Random(3);
    for (const n of [1, 2, 7, 100]) {
      const seen = new Map<number, number>();
      for (let i = 0; i < n * 200; i++) {
        const k = random.int(n);
        expect(Number.isInteger(k) && k >= 0 && k < n).toBe(true);
        seen.set(k, (seen.get(k) ?? 0) + 1);
      }
      expect(seen.size).toBe(n);
    }
  });

  it('pick gives each item and only items', () => {
    const random = new Random(5);
    const items = ['a', 'b', 'c'] as const;
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const item = random.pick(items);
      expect(items).toContain(item);
      seen.add(item);
    }
    expect([...seen].sort()).toEqual(['a', 'b', 'c']);
  });

  it('shuffle permutes in place, the same for the same seed, and reaches every order', () => {
    const orders = new Set<string>();
    for (let seed = 0; seed < 500; seed++) {
      const items = [1, 2, 3, 4];
      const shuffled = new Random(seed).shuffle(items);
      expect(shuffled).toBe(items);
      expect([...shuffled].sort()).toEqual([1, 2, 3, 4]);
      expect(new Random(seed).shuffle([1, 2, 3, 4])).toEqual(shuffled);
      orders.add(shuffled.join(''));
    }
    expect(orders.size).toBe(24);
    expect(new Random(1).shuffle([])).toEqual([]);
    expect(new Random(1).shuffle(['x'])).toEqual(['x']);
  });
});
