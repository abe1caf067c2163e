// The landing preview (PlayView.landings): for every legal drop of random positions, the frame cells
// it names are where the independent model (brute-builder.ts) puts the pair's puyos, axis then child,
// null for a child that vanishes above row 13; none once the game is over.
import { describe, expect, it } from 'vitest';
import { Random } from '@kit/core';
import { type DropsSetup, gameStatus, playMove, startGame } from '@kit/core/play';
import plugin, { parseInstance } from '../src/plugin.js';
import { chainOf, columnsOf, place, type Columns } from './brute-builder.js';

/** Frame cell of column x, row 1..14: rows 14 and 13 on top, a divider, then 12 down to 1. */
const frameCell = (x: number, row: number) => (row >= 13 ? 14 - row : 15 - row) * 6 + x;

/** The cells that hold a puyo after the drop and did not before, keyed by their code. */
function newCells(before: Columns, after: Columns): Map<number, number[]> {
  const found = new Map<number, number[]>();
  for (let x = 0; x < 6; x++) {
    for (let row = 1; row <= 14; row++) {
      if (before[x]![row] !== 0 || after[x]![row] === 0) continue;
      found.set(after[x]![row]!, [...(found.get(after[x]![row]!) ?? []), frameCell(x, row)]);
    }
  }
  return found;
}

describe('Puyo play: the landing preview', () => {
  it('names where each legal drop lays the axis and the child, as the independent model lays them', () => {
    const random = new Random(31);
    let vanished = 0;
    for (let trial = 0; trial < 30; trial++) {
      const heights = Array.from({ length: 6 }, (_, x) => random.int(x === 2 ? 11 : 13));
      // Columns of alternating colours (nothing pops), so the field is as written.
      const rows = Array.from({ length: 13 }, (_, i) => heights.map((h, x) => (12 - i < h ? 'RGBY'[((12 - i + x) % 2) + (x % 2) * 2] : '.')).join(''));
      const text = `${rows.join('\n')}\n`;
      const instance = parseInstance({}, { name: 'random.txt', text });
      const game = startGame(plugin, instance, { seed: trial + 1 });
      const status = gameStatus(plugin, instance, game);
      const columns = columnsOf(text);
      expect(chainOf(columns).chain).toBe(0);
      const pair = (game.setup as DropsSetup).queue[0]!.label;
      expect(Object.keys(status.view.landings ?? {})).toEqual(status.legalDrops.map((drop) => `${drop.column}:${drop.rotation}`));
      for (const drop of status.legalDrops) {
        const after = columns.map((column) => column.slice());
        place(after, pair, drop);
        const landed = status.view.landings![`${drop.column}:${drop.rotation}`]!;
        expect(landed).toHaveLength(2);
        // Same colours: the two cells in either order; else each part's own.
        const cells = newCells(columns, after);
        const codes = [...pair].map((letter) => '.RGBYPO'.indexOf(letter));
        if (codes[0] === codes[1]) expect([...landed].filter((cell) => cell !== null).sort()).toEqual((cells.get(codes[0]!) ?? []).sort());
        else
          landed.forEach((cell, part) => {
            expect(cell === null ? [] : [cell]).toEqual(cells.get(codes[part]!) ?? []);
          });
        if (landed.includes(null)) vanished++;
      }
    }
    expect(vanished).toBeGreaterThan(0);
  });

  it('shows no landing once the game is over', () => {
    const tall = parseInstance(
      {},
      { name: 'tall.txt', text: `${Array.from({ length: 11 }, (_, i) => `..${'RGBY'[i % 4]}${'RGBY'[(i + 2) % 4]}..`).join('\n')}\n` },
    );
    let game = startGame(plugin, tall, { seed: 3 });
    expect(Object.keys(gameStatus(plugin, tall, game).view.landings ?? {})).toHaveLength(22);
    game = playMove(plugin, tall, game, { type: 'drop', column: 2, rotation: 0 });
    expect(gameStatus(plugin, tall, game).view.over).toBeDefined();
    expect(gameStatus(plugin, tall, game).view.landings).toBeUndefined();
  });
});
