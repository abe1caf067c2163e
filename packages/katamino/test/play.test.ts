// Katamino in play: the pieces laid on 5 x N, the booklet's flat I, and the referee against an
// enumeration written here.
import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '@kit/core';
import { piecesLeft, type PiecesSetup, judgeGame, playMove, startGame, type Game } from '@kit/core/play';
import { parseOptions } from '@kit/core/host';
import { createRefereeWorker } from '@kit/core/node';
import { playConformance, randomPlacement } from '@kit/core/play/conformance';
import { sweep } from '../src/api.js';
import plugin from '../src/plugin.js';

const tilingSets: Record<number, string[]> = Object.fromEntries([3, 4, 5].map((n) => [n, sweep({ n }).subsets.map((subset) => subset.pieces)]));

const instanceOf = (raw: Record<string, string | boolean>) => plugin.parse(parseOptions(plugin.options, raw));

const PENTOMINOES: Record<string, string[]> = {
  F: ['.##', '##.', '.#.'],
  I: ['#####'],
  L: ['####', '#...'],
  N: ['###.', '..##'],
  P: ['###', '##.'],
  T: ['###', '.#.', '.#.'],
  U: ['#.#', '###'],
  V: ['#..', '#..', '###'],
  W: ['#..', '##.', '.##'],
  X: ['.#.', '###', '.#.'],
  Y: ['####', '.#..'],
  Z: ['##.', '.#.', '.##'],
};

function orientationsOf(rows: string[]): number[][][] {
  let cells = rows.flatMap((row, r) => [...row].flatMap((char, c) => (char === '#' ? [[r, c]] : [])));
  const norm = (list: number[][]) => {
    const r0 = Math.min(...list.map((p) => p[0]!));
    const c0 = Math.min(...list.map((p) => p[1]!));
    return list.map(([r, c]) => [r! - r0, c! - c0]).sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  };
  const found = new Map<string, number[][]>();
  for (let mirror = 0; mirror < 2; mirror++) {
    for (let turn = 0; turn < 4; turn++) {
      found.set(JSON.stringify(norm(cells)), norm(cells));
      cells = cells.map(([r, c]) => [c!, -r!]);
    }
    cells = cells.map(([r, c]) => [r!, -c!]);
  }
  return [...found.values()];
}

/** Tilings of the free cells by the letters left; with `flatI`, I only lies flat. */
function countTilings(free: boolean[], width: number, letters: string, flatI: boolean): number {
  const left = [...letters];
  let count = 0;
  const visit = () => {
    const first = free.indexOf(true);
    if (first < 0) return void count++;
    const row = Math.floor(first / width);
    const col = first % width;
    for (let i = 0; i < left.length; i++) {
      const letter = left[i]!;
      if (left.indexOf(letter) !== i) continue;
      for (const shape of orientationsOf(PENTOMINOES[letter]!)) {
        if (flatI && letter === 'I' && shape.some(([r]) => r !== 0)) continue;
        const [r0, c0] = shape[0]!;
        const cells = shape.map(([r, c]) => [row + r! - r0!, col + c! - c0!]);
        if (!cells.every(([r, c]) => r! >= 0 && r! < 5 && c! >= 0 && c! < width && free[r! * width + c!])) continue;
        for (const [r, c] of cells) free[r! * width + c!] = false;
        left.splice(i, 1);
        visit();
        left.splice(i, 0, letter);
        for (const [r, c] of cells) free[r! * width + c!] = true;
      }
    }
  };
  visit();
  return count;
}

function leftOf(game: Game): { free: boolean[]; letters: string; width: number } {
  if (game.setup.kind !== 'pieces' || game.position.kind !== 'pieces') throw new Error('pieces');
  const setup = game.setup;
  const free = new Array<boolean>(setup.width * 5).fill(true);
  for (const placed of game.position.placed) for (const cell of placed.cells) free[cell] = false;
  const left = piecesLeft(setup, game.position);
  return { free, width: setup.width, letters: setup.tray.map((piece, i) => piece.name.repeat(left[i]!)).join('') };
}

describe('Katamino play: what every play mode does', () => {
  const checks = playConformance({
    plugin,
    games: [
      { name: 'FILPU, I flat', instance: instanceOf({ pieces: 'FILPU', 'horizontal-i': true }) },
      { name: 'the small slam A', instance: instanceOf({ challenge: 'small-slam:A' }) },
    ],
    unplayable: [
      {
        name: 'a sweep of width 5',
        instance: instanceOf({ n: '5' }),
        message: 'a sweep tries every set of pieces of a width, which is no single board to play',
      },
    ],
    worker: { moduleUrl: new URL('../dist/plugin.js', import.meta.url).href, createWorker: createRefereeWorker },
  });
  for (const check of checks) it(check.name, check.run);
});

describe('Katamino play', () => {
  it('offers the booklet its flat I only, and counts no tiling with I upright', async () => {
    const flat = startGame(plugin, instanceOf({ pieces: 'FILPU', 'horizontal-i': true }));
    const free = startGame(plugin, instanceOf({ pieces: 'FILPU' }));
    const iOf = (game: Game) => (game.setup as PiecesSetup).tray.find((piece) => piece.name === 'I')!.orientations.length;
    expect([iOf(flat), iOf(free)]).toEqual([1, 2]);
    const board = Array<boolean>(25).fill(true);
    const counts = await Promise.all(
      [flat, free].map(
        async (game) =>
          (
            await judgeGame(plugin, game === flat ? instanceOf({ pieces: 'FILPU', 'horizontal-i': true }) : instanceOf({ pieces: 'FILPU' }), game, {
              cap: 100000,
            })
          ).remaining,
      ),
    );
    expect(counts).toEqual([countTilings([...board], 5, 'FILPU', true), countTilings([...board], 5, 'FILPU', false)]);
    expect(counts).toEqual([8, 16]);
  });

  it('counts the completions of 100 random positions exactly, with and without the flat-I rule', async () => {
    const next = random(71);
    const letters = 'FILNPTUVWXYZ';
    let positive = 0;
    for (let trial = 0; trial < 100; trial++) {
      const n = 3 + Math.floor(next() * 3);
      // Mostly sets that tile their board (from the sweep), some that may not.
      const tiling = tilingSets[n]!;
      const pool = [...letters];
      const chosen =
        next() < 0.7
          ? tiling[Math.floor(next() * tiling.length)]!
          : Array.from({ length: n }, () => pool.splice(Math.floor(next() * pool.length), 1)[0]!).join('');
      const flatI = next() < 0.5;
      const instance = instanceOf({ pieces: chosen, ...(flatI ? { 'horizontal-i': true } : {}) });
      let game = startGame(plugin, instance);
      for (let k = Math.floor(next() * 3); k > 0; k--) {
        const move = randomPlacement(game, next);
        if (move) game = playMove(plugin, instance, game, move);
      }
      const left = leftOf(game);
      const expected = left.letters === '' ? 1 : countTilings(left.free, left.width, left.letters, flatI);
      if (expected > 0) positive++;
      const report = await judgeGame(plugin, instance, game, { cap: 1000 });
      expect(report.remaining, `trial ${trial}: ${chosen} ${flatI}`).toBe(expected);
    }
    expect(positive).toBeGreaterThanOrEqual(30);
  });

  it('plays a booklet row as its largest board, I flat', () => {
    const setup = plugin.play!.setup(instanceOf({ challenge: 'small-slam:A' }), { seed: 0 }) as PiecesSetup;
    expect([setup.width, setup.height]).toEqual([8, 5]);
    expect(setup.tray.map((piece) => piece.name).join('')).toBe('LNPTVWYZ');
    expect(setup.tray.find((piece) => piece.name === 'I')).toBeUndefined();
    const ultimate = plugin.play!.setup(instanceOf({ challenge: 'ultimate:A' }), { seed: 0 }) as PiecesSetup;
    expect(ultimate.width).toBe(11);
    expect(ultimate.tray.find((piece) => piece.name === 'I')!.orientations.length).toBe(1);
  });
});
