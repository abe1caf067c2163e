// Polycubes in play: the box as a board of layers, the tray's rotations (R and T reach all of them,
// never a mirror image), pockets that cannot be filled shown at once, and the referee (every
// completion, as `--symmetry none` counts the target with the laid cubes as holes) against the
// independent packer of naive.ts on random positions.
import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '@kit/core';
import { piecesLeft, type PlayMove, gameStatus, judgeGame, playMove, startGame, type Game } from '@kit/core/play';
import { parseOptions, type RawOptions } from '@kit/core/host';
import { createRefereeWorker } from '@kit/core/node';
import { piecesGame, playConformance, randomPlacement } from '@kit/core/play/conformance';
import { packingCompletions } from '../src/play-referee.js';
import plugin from '../src/plugin.js';
import { naiveCount, rotations, type NaiveKind } from './naive.js';

const instanceOf = (raw: RawOptions, text?: string) =>
  plugin.parse(parseOptions(plugin.options, raw), text === undefined ? undefined : { name: 'target.txt', text });

/** The moves that lay a random one of the first 200 packings of the game's puzzle, in random order. */
function packingMoves(game: Game, instance: ReturnType<typeof instanceOf>, next: () => number): PlayMove[] {
  const { positions } = packingCompletions(instance, game.setup, game.position, { limit: 200, positions: true, shouldStop: () => false });
  const chosen = positions![Math.floor(next() * positions!.length)]!;
  if (chosen.kind !== 'pieces') throw new Error('pieces');
  const moves = chosen.placed.map(({ piece, orientation, cell }): PlayMove => ({ type: 'place', piece, orientation, cell }));
  for (let i = moves.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [moves[i], moves[j]] = [moves[j]!, moves[i]!];
  }
  return moves;
}

/** What the position leaves, for the naive packer: the target with laid cubes as holes, the pieces left. */
function leftOf(game: Game, shapes: Map<string, readonly (readonly number[])[]>): { layers: string[][]; kinds: NaiveKind[] } {
  const { setup, position } = piecesGame(game);
  const { width, height } = setup;
  const depth = setup.depth ?? 1;
  const free = Array.from({ length: width * height * depth }, (_, i) => !(setup.holes ?? []).includes(i));
  for (const placed of position.placed) for (const cell of placed.cells) free[cell] = false;
  const layers = Array.from({ length: depth }, (_, z) =>
    Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => (free[x + width * (y + height * z)] ? '.' : '#')).join('')),
  );
  const left = piecesLeft(setup, position);
  const kinds = setup.tray.flatMap((piece, i) => (left[i]! > 0 ? [{ name: piece.name, cubes: shapes.get(piece.name)!, count: left[i]! }] : []));
  return { layers, kinds };
}

const key = (cells: ReadonlyArray<readonly number[]>) =>
  cells
    .map((v) => v.join(','))
    .sort()
    .join(' ');
const normal = (cells: ReadonlyArray<readonly number[]>) => {
  const least = [0, 1, 2].map((axis) => Math.min(...cells.map((v) => v[axis]!)));
  return cells.map((v) => v.map((n, axis) => n - least[axis]!));
};

describe('polycube in play: what every play mode does', () => {
  const checks = playConformance({
    plugin,
    games: [
      { name: 'the Soma cube', instance: instanceOf({ set: 'soma' }) },
      { name: 'IOAB in a 2x2x4 box', instance: instanceOf({ set: 'tetracubes', pieces: 'IOAB', box: '2x2x4' }) },
    ],
    worker: { moduleUrl: new URL('../dist/plugin.js', import.meta.url).href, createWorker: createRefereeWorker },
  });
  for (const check of checks) it(check.name, check.run);
});

describe('polycube in play', () => {
  it('lays the Soma pieces in a 3x3x3 box by layer, row and column, each in its rotations and no mirror image', () => {
    const instance = instanceOf({ set: 'soma' });
    const game = startGame(plugin, instance);
    const { setup } = piecesGame(game);
    expect({ width: setup.width, height: setup.height, depth: setup.depth, holes: setup.holes }).toEqual({ width: 3, height: 3, depth: 3, holes: [] });
    expect(setup.tray.map((piece) => `${piece.name}${piece.orientations.length}`).join(' ')).toBe('V12 L24 T12 Z12 A12 B12 P8');
    for (const [i, piece] of setup.tray.entries()) {
      // Every rotation of the piece, by the naive packer's matrices, and no other shape.
      const cubes = instance.pieces.kinds[i]!.shape.map(([x, y, z]) => [z, y, x]);
      const expected = new Set(rotations().map((m) => key(normal(cubes.map((v) => m.map((row) => row[0]! * v[0]! + row[1]! * v[1]! + row[2]! * v[2]!))))));
      expect(new Set(piece.orientations.map(key))).toEqual(expected);
      // R and T from the first orientation reach every one.
      const reached = new Set([0]);
      const queue = [0];
      while (queue.length > 0) {
        const at = queue.pop()!;
        for (const turn of piece.turns) {
          const next = turn.next[at]!;
          if (reached.has(next)) continue;
          reached.add(next);
          queue.push(next);
        }
      }
      expect(reached.size).toBe(piece.orientations.length);
      expect(piece.turns.map((turn) => turn.key)).toEqual(['r', 't']);
    }
  });

  it('draws the layers stacked, bottom first, holes of a shaped target as holes, and shows a pocket no piece left can fill', () => {
    const instance = instanceOf({ set: 'soma' }, '.....\n.....\n.....\n\n.....\n.###.\n.....\n');
    let game = startGame(plugin, instance);
    const { setup } = piecesGame(game);
    expect([setup.width, setup.height, setup.depth, setup.holes]).toEqual([5, 3, 2, [21, 22, 23]]);
    // L flat in the bottom layer's corner: x 0..2 on row 0 and x 0 on row 1.
    const l = setup.tray.findIndex((piece) => piece.name === 'L');
    const flatL = setup.tray[l]!.orientations.findIndex(
      (shape) =>
        key(shape) ===
        key([
          [0, 0, 0],
          [0, 0, 1],
          [0, 0, 2],
          [0, 1, 0],
        ]),
    );
    game = playMove(plugin, instance, game, { type: 'place', piece: l, orientation: flatL, cell: 0 });
    let status = gameStatus(plugin, instance, game);
    expect(status.violations).toEqual([]);
    expect(status.view.frame.width).toBe(5);
    expect(status.view.frame.height).toBe(6);
    expect(status.view.frame.title).toBe('2 layers of 3 rows, the bottom layer first');
    expect(status.view.frame.cells.map((cell) => (cell.hole ? '#' : (cell.label ?? '.'))).join('')).toBe(
      'LLL..' + 'L....' + '.....' + '.....' + '.###.' + '.....',
    );
    // V flat around cube (1, 1, 0) (cell 6): with L and the hole above it, that cube is cut off,
    // and the 19 other free cubes are not a multiple of the tetracubes left.
    const v = setup.tray.findIndex((piece) => piece.name === 'V');
    const flatV = setup.tray[v]!.orientations.findIndex(
      (shape) =>
        key(shape) ===
        key([
          [0, 0, 1],
          [0, 1, 0],
          [0, 1, 1],
        ]),
    );
    game = playMove(plugin, instance, game, { type: 'place', piece: v, orientation: flatV, cell: 6 });
    status = gameStatus(plugin, instance, game);
    const taken = new Set([0, 1, 2, 5, 7, 11, 12, 21, 22, 23, 6]);
    const rest = Array.from({ length: 30 }, (_, i) => i).filter((i) => !taken.has(i));
    expect(status.violations).toEqual([
      { message: 'these 19 cubes cannot be filled by the pieces left: 19 is not a multiple of 4', cells: rest },
      { message: 'this cube cannot be filled by the pieces left: the smallest has 4', cells: [6] },
    ]);
    expect(status.complete).toBe(false);
  });

  it('counts every completion as the naive packer does, on 80 random positions', { timeout: 300_000 }, async () => {
    const next = random(23);
    const seen = { none: 0, one: 0, some: 0, capped: 0 };
    const puzzles: Array<[RawOptions, string?]> = [
      [{ set: 'soma' }],
      [{ set: 'soma' }, '.....\n.....\n.....\n\n.....\n.###.\n.....\n'],
      [{ set: 'tetracubes', pieces: 'IOAB', box: '2x2x4' }],
      [{ set: 'tetracubes' }],
    ];
    for (let trial = 0; trial < 80; trial++) {
      const [raw, text] = puzzles[trial % puzzles.length]!;
      const instance = instanceOf(raw, text);
      const shapes = new Map(instance.pieces.kinds.map((kind) => [kind.name, kind.shape.map(([x, y, z]) => [x, y, z])]));
      let game = startGame(plugin, instance);
      // Half the positions lay pieces of a packing (so some completions remain), half at random.
      const fromPacking = trial % 8 < 4 ? packingMoves(game, instance, next) : [];
      for (let k = 1 + Math.floor(next() * 3); k > 0; k--) {
        const move = fromPacking.pop() ?? randomPlacement(game, next, 400);
        if (move) game = playMove(plugin, instance, game, move);
      }
      const left = leftOf(game, shapes);
      const expected = left.kinds.length === 0 ? 1 : naiveCount(left.layers, left.kinds, false).raw;
      seen[expected === 0 ? 'none' : expected === 1 ? 'one' : expected > 10 ? 'capped' : 'some']++;
      const report = await judgeGame(plugin, instance, game, { cap: 10 });
      expect({ remaining: report.remaining, capped: report.capped }, `trial ${trial}: ${left.layers.map((l) => l.join('/')).join('|')}`).toEqual({
        remaining: Math.min(expected, 10),
        capped: expected > 10,
      });
    }
    expect(Math.min(...Object.values(seen)), JSON.stringify(seen)).toBeGreaterThanOrEqual(3);
  });

  it('lists as many completions as it counts (a listed packing does not end the search)', () => {
    const instance = instanceOf({ set: 'soma' });
    const game = startGame(plugin, instance);
    const listed = packingCompletions(instance, game.setup, game.position, { limit: 5, positions: true, shouldStop: () => false });
    expect([listed.count, listed.positions?.length]).toEqual([5, 5]);
  });

  it('hints moves that finish the Soma cube, each a completion the referee counted, and then it is solved', async () => {
    const instance = instanceOf({ set: 'soma' });
    const next = random(7);
    let game = startGame(plugin, instance);
    // Lay the pieces of one packing until it is the only completion left.
    const moves = packingMoves(game, instance, next);
    while ((await judgeGame(plugin, instance, game, { cap: 1000 })).remaining > 1) game = playMove(plugin, instance, game, moves.pop()!);
    expect((await judgeGame(plugin, instance, game)).remaining).toBe(1);
    for (let steps = 0; !gameStatus(plugin, instance, game).complete; steps++) {
      expect(steps).toBeLessThan(7);
      const report = await judgeGame(plugin, instance, game, { hint: true });
      expect(report.hint?.basis).toBe('uniqueness');
      game = playMove(plugin, instance, game, report.hint!.move);
    }
    const status = gameStatus(plugin, instance, game);
    expect({ complete: status.complete, solved: status.solved, violations: status.violations }).toEqual({ complete: true, solved: true, violations: [] });
    expect(status.view.frame.cells.every((cell) => cell.label !== undefined)).toBe(true);
  });
});
