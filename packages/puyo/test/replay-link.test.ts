// The puyop.com link of the game so far (PlayView.links): the builder's field and drops as a replay
// (two digits a drop, read back here by hand: pair, then column and rotation), a chain puzzle as its
// nazo link with the drops played; none for a field that uses row 14.
import { describe, expect, it } from 'vitest';
import { Random } from '@kit/core';
import { type DropsSetup, gameStatus, playMove, startGame, type Game } from '@kit/core/play';
import { decodeNazoLink } from '../src/nazo-link.js';
import plugin, { parseInstance } from '../src/plugin.js';
import type { PuyoInstance } from '../src/types.js';

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ[]';
const linkOf = (instance: PuyoInstance, game: Game) => gameStatus(plugin, instance, game).view.links;

describe('Puyo play: the puyop.com link of the game so far', () => {
  it("writes the builder's drops as puyop.com replay moves after its field", () => {
    const text = 'R.....\nG.....\nG.....\nGRRR..\n';
    const instance = parseInstance({}, { name: 'builder.txt', text });
    const random = new Random(12);
    let game = startGame(plugin, instance, { seed: 4 });
    const fieldPart = linkOf(instance, game)![0]!.url;
    expect(linkOf(instance, game)).toEqual([{ label: 'puyop.com', url: fieldPart }]);
    expect(decodeNazoLink(fieldPart).field.rows).toEqual(instance.field.rows);
    const played: { pair: string; column: number; rotation: number }[] = [];
    for (let k = 0; k < 12; k++) {
      const legal = gameStatus(plugin, instance, game).legalDrops;
      if (legal.length === 0) break;
      const drop = random.pick(legal);
      played.push({ pair: (game.setup as DropsSetup).queue[k]!.label, ...drop });
      game = playMove(plugin, instance, game, { type: 'drop', ...drop });
    }
    const url = linkOf(instance, game)![0]!.url;
    expect(url.startsWith(`${fieldPart}_`)).toBe(true);
    const moves = url.slice(fieldPart.length + 1);
    const read = Array.from({ length: moves.length / 2 }, (_, i) => {
      const d = DIGITS.indexOf(moves[2 * i]!) | (DIGITS.indexOf(moves[2 * i + 1]!) << 6);
      return { pair: 'RGBYP'[Math.floor((d & 127) / 5)]! + 'RGBYP'[(d & 127) % 5]!, column: (d >> 9) - 1, rotation: (d >> 7) & 3 };
    });
    expect(read).toEqual(played);
    expect(decodeNazoLink(url).pairs.map((pair) => pair.axis + pair.child)).toEqual(played.map((drop) => drop.pair));
  });

  it('spells a drop by hand: RG in column 3, up, is d = 1 | 12 << 7 = 1537, the digits "1" and "o"', () => {
    const instance = parseInstance({}, { name: 'empty.txt', text: '......\n' });
    let seed = 1;
    while ((startGame(plugin, instance, { seed }).setup as DropsSetup).queue[0]!.label !== 'RG') seed++;
    const game = playMove(plugin, instance, startGame(plugin, instance, { seed }), { type: 'drop', column: 2, rotation: 0 });
    expect(linkOf(instance, game)![0]!.url).toMatch(/^https:\/\/puyop\.com\/s\/[^_]*_1o$/);
  });

  it("gives a chain puzzle's nazo link with its goal, and no link for a field that uses row 14", () => {
    const nazo = parseInstance({ nazo: true, pairs: 'GY,RB', goal: 'chains>=2' }, { name: 'two-chain.txt', text: 'R.....\nG.....\nG.....\nGRRR..\n' });
    const game = playMove(plugin, nazo, startGame(plugin, nazo), { type: 'drop', column: 1, rotation: 0 });
    const link = decodeNazoLink(linkOf(nazo, game)![0]!.url);
    expect(link.pairs.map((pair) => pair.axis + pair.child)).toEqual(['GY', 'RB']);
    expect(link.goal).toEqual(nazo.goal);
    // GY is child Y x 12 + axis G x 2 = 38, "C", dropped in column 2 up, "2"; RB not yet placed, "o1".
    expect(linkOf(nazo, game)![0]!.url).toMatch(/_C2o1__[^_]+$/);
    const high = parseInstance({}, { name: 'high.txt', text: `R.....\n${'......\n'.repeat(13)}` });
    expect(high.field.rows[0]).toBe('R.....');
    expect(linkOf(high, startGame(plugin, high))).toEqual([]);
  });
});
