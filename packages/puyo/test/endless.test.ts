// Tokopuyo, the endless chain builder: the queue is the seed's alone (mulberry32, written again here),
// 4096 pairs before it starts again, and a long game's score and best chain, replayed on the fast
// simulator, agree with the independent model (brute-builder.ts) drop by drop.
import { describe, expect, it } from 'vitest';
import { Random } from '@kit/core';
import { type DropsSetup, gameStatus, playMove, startGame } from '@kit/core/play';
import plugin, { parseInstance } from '../src/plugin.js';
import { QUEUE_LENGTH } from '../src/play.js';
import { chainOf, columnsOf, over, place } from './brute-builder.js';

/** mulberry32, as the page and Node must both run it. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EMPTY = parseInstance({}, { name: 'empty.txt', text: '......\n' });
const labels = (seed: number) => (startGame(plugin, EMPTY, { seed }).setup as DropsSetup).queue.map((piece) => piece.label);

describe('Puyo play: the endless queue', () => {
  it("deals the seed's pairs (axis, then child, each one of RGBY from mulberry32), 4096 of them, the same every time", () => {
    expect(QUEUE_LENGTH).toBe(4096);
    for (const seed of [1, 2, 0xffffffff, 20261203]) {
      const next = mulberry32(seed);
      const expected = Array.from({ length: QUEUE_LENGTH }, () => 'RGBY'[Math.floor(next() * 4)]! + 'RGBY'[Math.floor(next() * 4)]!);
      expect(labels(seed)).toEqual(expected);
      expect(labels(seed)).toEqual(labels(seed));
    }
    expect(labels(1)).not.toEqual(labels(2));
    // No short period: the first 128 pairs (Tsu's own list length) are not dealt again after them.
    const queue = labels(7);
    for (let start = 1; start < QUEUE_LENGTH - 128; start++) expect(queue.slice(start, start + 128)).not.toEqual(queue.slice(0, 128));
    expect((startGame(plugin, EMPTY, { seed: 7 }).setup as DropsSetup).repeat).toBe(true);
  });

  it('plays a long game past the 128th pair: score and best chain as the independent model counts them', () => {
    const random = new Random(5);
    const seed = 99;
    const queue = labels(seed);
    let game = startGame(plugin, EMPTY, { seed });
    const columns = columnsOf('......\n');
    let score = 0;
    let best = 0;
    let drops = 0;
    // Each drop where the field stays lowest (as the model sees it), ties picked at random: pops
    // keep it low enough to go on for hundreds of pairs.
    const tallest = (after: typeof columns) => Math.max(...after.map((column) => column.slice(1, 14).filter((code) => code !== 0).length));
    while (drops < 300) {
      const legal = gameStatus(plugin, EMPTY, game).legalDrops;
      expect(legal.length).toBeGreaterThan(0);
      const heights = legal.map((each) => {
        const after = columns.map((column) => column.slice());
        place(after, queue[drops]!, each);
        chainOf(after);
        return tallest(after);
      });
      const drop = random.pick(legal.filter((_, i) => heights[i] === Math.min(...heights)));
      game = playMove(plugin, EMPTY, game, { type: 'drop', ...drop });
      place(columns, queue[drops]!, drop);
      const chain = chainOf(columns);
      score += chain.score;
      best = Math.max(best, chain.chain);
      drops++;
      const view = gameStatus(plugin, EMPTY, game).view;
      const counters = Object.fromEntries((view.counters ?? []).map((counter) => [counter.label, counter.value]));
      expect(counters).toEqual({ chain: chain.chain, score, 'best chain': best });
      expect(view.over !== undefined).toBe(over(columns));
      if (view.over) break;
    }
    expect(drops).toBeGreaterThan(128);
  });
});
