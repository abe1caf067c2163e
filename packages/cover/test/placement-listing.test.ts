// The WebAssembly placement listing against a plain one written from its definition, on random
// boxes, planes (up to 64 cells), holes, shapes and listing orders.
import { seededRandom } from '@kit/core';
import { describe, expect, it } from 'vitest';
import { boxNeighbours, type ListingOrder, type ListingShape, listPlacementsInWasm } from '../src/index.js';

type Sides = [number, number, number];

/** Every position, anchors in `order`, as `shape anchor maskLo maskHi` strings: covers no hole; with `prune`, no empty cell beside it left without an empty neighbour. */
function plainListing(shapes: ListingShape[], sides: Sides, hole: Uint8Array, prune: boolean, order: ListingOrder): string[] {
  const [A, B] = sides;
  const inner = 3 - order[0] - order[1];
  const neighbours = boxNeighbours(sides);
  const out: string[] = [];
  shapes.forEach((shape, index) => {
    const steps = sides.map((side, axis) => side - shape.extent[axis]!);
    const offset = [0, 0, 0];
    for (offset[order[0]] = 0; offset[order[0]]! <= steps[order[0]]!; offset[order[0]]!++) {
      for (offset[order[1]] = 0; offset[order[1]]! <= steps[order[1]]!; offset[order[1]]!++) {
        for (offset[inner] = 0; offset[inner]! <= steps[inner]!; offset[inner]!++) {
          const anchor = offset[0]! + A * (offset[1]! + B * offset[2]!);
          const cells = new Set(shape.offsets.map((o) => anchor + o));
          if ([...cells].some((cell) => hole[cell])) continue;
          const empty = (cell: number) => !hole[cell] && !cells.has(cell);
          const cutOff = [...cells].some((cell) => [...neighbours[cell]!].some((beside) => empty(beside) && ![...neighbours[beside]!].some(empty)));
          if (prune && cutOff) continue;
          let lo = 0;
          let hi = 0;
          for (const cell of cells) {
            if (cell < 32) lo |= 1 << cell;
            else hi |= 1 << (cell - 32);
          }
          out.push(`${index} ${anchor} ${lo} ${hi}`);
        }
      }
    }
  });
  return out;
}

/** A random connected shape of `n` cells that fits in the box, as offsets and extent. */
function randomShape(random: () => number, sides: Sides, n: number): ListingShape {
  const cells: number[][] = [[0, 0, 0]];
  const key = (c: number[]) => c.join(',');
  const seen = new Set([key(cells[0]!)]);
  for (let guard = 0; cells.length < n && guard < 200; guard++) {
    const from = cells[Math.floor(random() * cells.length)]!;
    const axis = Math.floor(random() * 3);
    const next = [...from];
    next[axis]! += 1;
    if (next[axis]! >= sides[axis]! || seen.has(key(next))) continue;
    seen.add(key(next));
    cells.push(next);
  }
  const extent = [0, 1, 2].map((axis) => Math.max(...cells.map((c) => c[axis]!)) + 1) as Sides;
  const offsets = cells.map(([a, b, c]) => a! + sides[0] * (b! + sides[1] * c!)).sort((x, y) => x - y);
  return { extent, offsets };
}

describe('listPlacementsInWasm', () => {
  it('lists what the plain listing lists, in its order, on random boxes and planes', () => {
    const random = seededRandom(20261206);
    const boxes: Sides[] = [
      [8, 8, 1],
      [4, 4, 4],
      [3, 4, 5],
      [5, 6, 2],
      [6, 10, 1],
      [3, 20, 1],
      [2, 2, 16],
    ];
    const orders: ListingOrder[] = [
      [2, 1],
      [0, 1],
      [1, 0],
      [2, 0],
    ];
    let listed = 0;
    for (let round = 0; round < 40; round++) {
      const sides = boxes[round % boxes.length]!;
      const size = sides[0] * sides[1] * sides[2];
      const hole = new Uint8Array(size);
      for (let cell = 0; cell < size; cell++) if (random() < 0.12) hole[cell] = 1;
      let lo = 0;
      let hi = 0;
      hole.forEach((h, cell) => {
        if (h && cell < 32) lo |= 1 << cell;
        else if (h) hi |= 1 << (cell - 32);
      });
      const shapes = Array.from({ length: 6 }, () => randomShape(random, sides, 1 + Math.floor(random() * 5)));
      const order = orders[Math.floor(random() * orders.length)]!;
      const prune = random() < 0.7;
      const wasm = listPlacementsInWasm(shapes, sides, { lo, hi }, prune, order)!;
      const got: string[] = [];
      for (let i = 0; i < wasm.count; i++) got.push([...wasm.records.subarray(4 * i, 4 * i + 4)].join(' '));
      expect(got).toEqual(plainListing(shapes, sides, hole, prune, order));
      listed += wasm.count;
    }
    expect(listed).toBeGreaterThan(1000);
  });

  it('leaves a box of more than 64 cells to the geometry', () => {
    expect(listPlacementsInWasm([{ extent: [1, 1, 1], offsets: [0] }], [5, 13, 1], { lo: 0, hi: 0 }, false)).toBeUndefined();
  });

  it('refuses a listing order that does not name two different axes', () => {
    expect(() => listPlacementsInWasm([], [2, 2, 2], { lo: 0, hi: 0 }, false, [1, 1] as unknown as ListingOrder)).toThrow(
      'listing order [1,1]: two different axes of 0, 1, 2',
    );
  });
});
