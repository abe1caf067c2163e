// Suggest in the chain builder (the play spec's `deduce`): on seeded random fields and queues, at
// the start and after random drops, the suggested drop is the first in the play's order of those
// whose sequences through the three pairs shown reach the largest chain, then the most points, as
// an independent brute force (brute-builder.ts: its own simulation and movement rules) finds them.
import { describe, expect, it } from 'vitest';
import { Random } from '@kit/core';
import { type DropsSetup, gameStatus, playMove, startGame, type Game } from '@kit/core/play';
import plugin, { parseInstance } from '../src/plugin.js';
import type { PuyoInstance } from '../src/types.js';
import { chainOf, columnsOf, firstDrops, place, reachable } from './brute-builder.js';

/** A field of random columns (heights below `tallest`, column 3 at most 9), four colours and a little garbage. */
function randomField(random: Random, tallest: number): string {
  const columns = Array.from({ length: 6 }, (_, x) => {
    const height = random.int(Math.min(tallest, x === 2 ? 10 : 12));
    return Array.from({ length: height }, () => (random.int(12) === 0 ? 'O' : random.pick(['R', 'G', 'B', 'Y'])));
  });
  return `${Array.from({ length: 13 }, (_, i) => columns.map((column) => column[12 - i] ?? '.').join('')).join('\n')}\n`;
}

const labels = (game: Game) => (game.setup as DropsSetup).queue.map((piece) => piece.label);

/** The brute force's view of the game: the field after the opening chain and every drop so far. */
function bruteField(text: string, game: Game) {
  const columns = columnsOf(text);
  chainOf(columns);
  const drops = game.position.kind === 'drops' ? game.position.drops : [];
  drops.forEach((drop, i) => {
    place(columns, labels(game)[i]!, drop);
    chainOf(columns);
  });
  return columns;
}

describe('Puyo play: Suggest', () => {
  it('suggests the first drop whose sequences through the pairs shown reach the largest chain, then the most points, as the brute force finds', () => {
    const random = new Random(20261203);
    const kinds = { none: 0, 'at once': 0, later: 0 };
    for (let trial = 0; trial < 30; trial++) {
      // A third of the fields are low: often no chain within three pairs.
      const text = randomField(random, trial % 3 === 0 ? 3 : 12);
      const instance: PuyoInstance = parseInstance({}, { name: 'random.txt', text });
      let game = startGame(plugin, instance, { seed: random.int(2 ** 32) });
      // Half the positions are a few random drops into the game.
      for (let k = trial % 2 === 0 ? 0 : 1 + random.int(4); k > 0; k--) {
        const legal = gameStatus(plugin, instance, game).legalDrops;
        if (legal.length === 0) break;
        game = playMove(plugin, instance, game, { type: 'drop', ...random.pick(legal) });
      }
      const columns = bruteField(text, game);
      const status = gameStatus(plugin, instance, game);
      // The movement rules agree first: the host offers exactly the placements the brute force reaches.
      expect(status.legalDrops).toEqual(reachable(columns));
      const hint = plugin.play!.deduce!(instance, game.setup, game.position);
      if (status.legalDrops.length === 0) {
        expect(hint).toBeUndefined();
        continue;
      }
      const at = game.position.kind === 'drops' ? game.position.drops.length : 0;
      const window = labels(game).slice(at, at + 3);
      const firsts = firstDrops(columns, window);
      const best = firsts.reduce((a, b) => (b.chain > a.chain || (b.chain === a.chain && b.score > a.score) ? b : a));
      expect(hint).toBeDefined();
      expect(hint!.move).toEqual({ type: 'drop', ...best.drop });
      expect(hint!.basis).toBe('search');
      if (best.chain === 0) {
        expect(hint!.reason).toBe('no placement of the 3 pairs shown sets off a chain, so this is the first one open');
        kinds.none++;
      } else {
        const said = /(\d+)-chain .*\((\d+) points over the (?:pair|\d pairs)\)$/.exec(hint!.reason);
        expect(said, hint!.reason).not.toBeNull();
        expect([Number(said![1]), Number(said![2])]).toEqual([best.chain, best.score]);
        kinds[hint!.reason.includes('at once') ? 'at once' : 'later']++;
      }
    }
    // The cases cover no chain, a chain set off at once and one set off by the pairs after the first.
    expect(Object.values(kinds).every((count) => count > 0)).toBe(true);
  });

  it('names the drops that set the chain off: the 2-chain of the builder sample', () => {
    const instance = parseInstance({}, { name: 'builder.txt', text: 'R.....\nG.....\nG.....\nGRRR..\n' });
    // The first seed whose first pair is green under yellow: green on column 2 pops the greens at once.
    let seed = 1;
    while (!/^GY$/.test(labels(startGame(plugin, instance, { seed }))[0]!)) seed++;
    const game = startGame(plugin, instance, { seed });
    const hint = plugin.play!.deduce!(instance, game.setup, game.position)!;
    const best = firstDrops(bruteField('R.....\nG.....\nG.....\nGRRR..\n', game), labels(game).slice(0, 3)).reduce((a, b) =>
      b.chain > a.chain || (b.chain === a.chain && b.score > a.score) ? b : a,
    );
    expect(best.chain).toBeGreaterThanOrEqual(2);
    expect(hint.move).toEqual({ type: 'drop', ...best.drop });
    expect(hint.reason).toMatch(
      new RegExp(
        `^(it sets off a ${best.chain}-chain at once|then [A-Z]{2} in column \\d \\((up|right|down|left)\\)( and [A-Z]{2} in column \\d \\((up|right|down|left)\\))? sets? off a ${best.chain}-chain) \\(${best.score} points over the 3 pairs\\)$`,
      ),
    );
  });

  it('gives no suggestion in a chain puzzle (its referee hints) or once the game is over', () => {
    const nazo = parseInstance({ nazo: true, pairs: 'GY', goal: 'chains>=2' }, { name: 'two-chain.txt', text: 'R.....\nG.....\nG.....\nGRRR..\n' });
    const puzzle = startGame(plugin, nazo);
    expect(plugin.play!.deduce!(nazo, puzzle.setup, puzzle.position)).toBeUndefined();
    // Column 3 full to row 12 with no pops: the builder's game is over before the first pair.
    const full = parseInstance({}, { name: 'full.txt', text: `${Array.from({ length: 12 }, (_, i) => (i % 2 ? '..R...' : '..G...')).join('\n')}\n` });
    const lost = startGame(plugin, full);
    expect(gameStatus(plugin, full, lost).legalDrops).toEqual([]);
    expect(plugin.play!.deduce!(full, lost.setup, lost.position)).toBeUndefined();
  });
});
