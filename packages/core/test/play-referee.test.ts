// The referee over a third party's plugin (Binairo, test/fixtures/binairo-plugin.js): its counts,
// its mistakes and its hints checked against an enumeration of every 4x4 grid written here, and
// the same plugin from a temporary directory played to "solved" through the contract alone, its
// referee in a worker thread.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError, seededRandom as random } from '@kit/core';
import {
  type PlayMove,
  RefereeClient,
  findMistake,
  gameCode,
  gameStatus,
  judgeGame,
  playMove,
  playedMoves,
  remainingText,
  startGame,
  undoGame,
  type Game,
} from '@kit/core/play';
import { AbortedError, checkPlugin, type AnyPlugin } from '@kit/core/host';
import { discoverPlugins } from '@kit/core/discovery';
import { createRefereeWorker } from '@kit/core/node';
import binairoModule from './fixtures/binairo-plugin.js';

const binairo = checkPlugin(binairoModule, 'binairo') as AnyPlugin;

/** Every 4x4 Binairo grid, by brute force over the 65536 fillings. */
const ALL_GRIDS: string[] = (() => {
  const grids: string[] = [];
  const lines = (cells: string) => {
    const rows = [0, 1, 2, 3].map((r) => cells.slice(r * 4, r * 4 + 4));
    const cols = [0, 1, 2, 3].map((c) => [0, 1, 2, 3].map((r) => cells[r * 4 + c]).join(''));
    return { rows, cols };
  };
  for (let bits = 0; bits < 1 << 16; bits++) {
    const cells = Array.from({ length: 16 }, (_, i) => ((bits >> i) & 1 ? '1' : '0')).join('');
    const { rows, cols } = lines(cells);
    const fine = (line: string) => !line.includes('000') && !line.includes('111') && line.split('1').length - 1 === 2;
    if (rows.every(fine) && cols.every(fine) && new Set(rows).size === 4 && new Set(cols).size === 4) grids.push(cells);
  }
  return grids;
})();

const matching = (marks: readonly string[]) => ALL_GRIDS.filter((grid) => marks.every((mark, i) => mark === '.' || grid[i] === mark));

describe('findMistake', () => {
  it('names the move after which no completion remained, on random histories with clearing moves', async () => {
    const next = random(7);
    for (let trial = 0; trial < 2000; trial++) {
      const n = 1 + Math.floor(next() * 30);
      const additive = Array.from({ length: n + 1 }, () => next() < 0.8);
      // Consistency falls along additive moves and may do anything at the others; the last is false.
      const consistent: boolean[] = [next() < 0.9];
      for (let k = 1; k <= n; k++) consistent.push(additive[k] ? consistent[k - 1]! && next() < 0.85 : next() < 0.5);
      consistent[n] = false;
      for (let k = n; k >= 1 && additive[k] && consistent[k - 1]; k--) if (k === n) break;
      // Keep the history lawful: past the last false after an additive move, nothing turns true again.
      for (let k = 1; k <= n; k++) if (additive[k] && !consistent[k - 1]) consistent[k] = false;
      if (consistent[n]) continue;
      let expected = 0;
      for (let k = n; k >= 1; k--) {
        if (consistent[k - 1]) {
          expected = k;
          break;
        }
      }
      let calls = 0;
      const found = await findMistake(
        n,
        (move) => additive[move]!,
        async (k) => {
          calls++;
          return consistent[k]!;
        },
      );
      expect(found, `trial ${trial}`).toBe(expected);
      const runs = additive.slice(1).filter((a) => !a).length + 1;
      expect(calls).toBeLessThanOrEqual(2 * runs + Math.ceil(Math.log2(n + 1)) + 1);
    }
  });
});

describe('the referee on Binairo', () => {
  const instance = binairo.parse({ grid: '....\n....\n....\n....' });

  it('has the enumeration right: 72 grids', () => {
    expect(ALL_GRIDS).toHaveLength(72);
  });

  it('counts the completions of 300 random positions exactly, with the cap', async () => {
    const next = random(11);
    const seen = { none: 0, some: 0, capped: 0 };
    for (let trial = 0; trial < 300; trial++) {
      let game = startGame(binairo, instance);
      const cells = Math.floor(next() * 10);
      for (let k = 0; k < cells; k++) {
        game = playMove(binairo, instance, game, { type: 'mark', cell: Math.floor(next() * 16), value: next() < 0.5 ? '0' : '1' });
      }
      if (game.position.kind !== 'marks') throw new Error('marks');
      const expected = matching(game.position.marks).length;
      seen[expected === 0 ? 'none' : expected > 20 ? 'capped' : 'some']++;
      const report = await judgeGame(binairo, instance, game, { cap: 20 });
      expect({ remaining: report.remaining, capped: report.capped }, `trial ${trial}`).toEqual({ remaining: Math.min(expected, 20), capped: expected > 20 });
      expect(remainingText(report)).toBe(expected > 20 ? '20+' : String(expected));
    }
    // Every kind of answer was exercised.
    expect(Math.min(seen.none, seen.some, seen.capped), JSON.stringify(seen)).toBeGreaterThanOrEqual(40);
  });

  it('names the mistake after clearing moves, and undo brings the count back', async () => {
    // A third 0 in column 1 is cleared; later a 0 under 011. leaves row 1 no way to balance.
    const moves: PlayMove[] = [
      { type: 'mark', cell: 0, value: '0' },
      { type: 'mark', cell: 1, value: '1' },
      { type: 'mark', cell: 4, value: '0' },
      { type: 'mark', cell: 8, value: '0' },
      { type: 'mark', cell: 8, value: '.' },
      { type: 'mark', cell: 2, value: '1' },
      { type: 'mark', cell: 12, value: '0' },
      { type: 'mark', cell: 3, value: '0' },
    ];
    let game: Game = startGame(binairo, instance);
    for (const move of moves) game = playMove(binairo, instance, game, move);
    // Brute force: the first move after which no prefix had a completion again.
    const prefixes = moves.map((_, k) => {
      let at = startGame(binairo, instance);
      for (const move of moves.slice(0, k + 1)) at = playMove(binairo, instance, at, move);
      return at.position.kind === 'marks' ? matching(at.position.marks).length : -1;
    });
    expect(prefixes).toEqual([36, 24, 8, 0, 8, 4, 0, 0]);
    const report = await judgeGame(binairo, instance, game, { mistake: true });
    expect(report.remaining).toBe(0);
    expect(report.mistake).toBe(7);
    // Three searches for the count and the runs' ends, two for the binary search between moves 5 and 8.
    expect(report.searches).toBeLessThanOrEqual(6);
    const undone = undoGame(binairo, instance, undoGame(binairo, instance, game));
    expect(await judgeGame(binairo, instance, undone, { mistake: true })).toMatchObject({ remaining: 4, capped: false });
  });

  it('says a puzzle with no solution has its mistake before the first move', async () => {
    const impossible = binairo.parse({ grid: '000.\n....\n....\n....' });
    const game = playMove(binairo, impossible, startGame(binairo, impossible), { type: 'mark', cell: 5, value: '1' });
    const report = await judgeGame(binairo, impossible, game, { mistake: true });
    expect(report).toMatchObject({ remaining: 0, mistake: 0 });
  });

  it('hints a mark every completion has, on 100 random positions', async () => {
    const next = random(3);
    for (let trial = 0; trial < 100; trial++) {
      let game = startGame(binairo, instance);
      for (let k = 0; k < 5; k++) game = playMove(binairo, instance, game, { type: 'mark', cell: Math.floor(next() * 16), value: next() < 0.5 ? '0' : '1' });
      if (game.position.kind !== 'marks') throw new Error('marks');
      const marks = game.position.marks;
      const grids = matching(marks);
      const report = await judgeGame(binairo, instance, game, { hint: true });
      const common = [...Array(16).keys()].filter((cell) => marks[cell] === '.' && grids.length > 0 && grids.every((grid) => grid[cell] === grids[0]![cell]));
      if (grids.length === 0) {
        expect(report.noHint).toBe('no solution from here: undo to the mistake first');
      } else if (common.length === 0) {
        expect(report.noHint).toBe(`no move is the same in all ${grids.length} solutions left`);
      } else {
        const move = report.hint!.move;
        if (move.type !== 'mark') throw new Error('a mark');
        expect(common).toContain(move.cell);
        expect(move.value).toBe(grids[0]![move.cell]);
        expect(report.hint!.basis).toBe(grids.length === 1 ? 'uniqueness' : 'search');
      }
    }
  });
});

describe('games from links', () => {
  const instance = binairo.parse({ grid: '....\n..00\n.0..\n.00.' });

  it('reads a game back with its redo moves, and refuses a move the position does not allow, naming it', () => {
    let game = startGame(binairo, instance);
    game = playMove(binairo, instance, game, { type: 'mark', cell: 0, value: '0' });
    game = playMove(binairo, instance, game, { type: 'mark', cell: 1, value: '1' });
    game = undoGame(binairo, instance, game);
    const code = gameCode(game);
    expect(code).toBe('1-1-1.m0-1.m1-2');
    const again = startGame(binairo, instance, { code });
    expect(again.history).toEqual(game.history);
    expect(again.position).toEqual(game.position);
    expect(() => startGame(binairo, instance, { code: '1-1-2.m0-1.m6-2' })).toThrow(new InputError('move 2: row 2, column 3 is given and cannot change'));
    expect(() => startGame(binairo, instance, { code: '1-1-1.mg-1' })).toThrow(new InputError('move 1: cell 16 is not on the 4x4 board'));
    expect(() => startGame(binairo, instance, { code: '1-1-1.p0-0-0' })).toThrow(new InputError('move 1: a place move does not fit a board of marks'));
  });

  it('shows the rules a position breaks at once, with their cells', () => {
    let game = startGame(binairo, instance);
    for (const cell of [0, 1, 2]) game = playMove(binairo, instance, game, { type: 'mark', cell, value: '1' });
    expect(gameStatus(binairo, instance, game).violations).toEqual([
      { message: 'three 1s in a row in row 1', cells: [0, 1, 2] },
      { message: 'row 1 has more than 2 1s', cells: [0, 1, 2], lines: [[0, 3]] },
    ]);
  });
});

describe('a third-party plugin from a temporary directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kit-play-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is played to "solved" through the contract alone, its referee in a worker', async () => {
    const pkg = join(dir, 'kit-plugin-binairo');
    cpSync(fileURLToPath(new URL('./fixtures/binairo-plugin.js', import.meta.url)), join(pkg, 'plugin.js'));
    writeFileSync(
      join(pkg, 'package.json'),
      JSON.stringify({
        name: 'kit-plugin-binairo',
        type: 'module',
        kit: { apiVersion: 1, plugins: [{ id: 'binairo', title: 'Binairo', module: './plugin.js' }] },
      }),
    );
    const found = await discoverPlugins({ cwd: dir, plugins: [pkg], only: 'explicit' });
    expect(found.plugins.map((entry) => entry.id)).toEqual(['binairo']);
    const entry = found.plugins[0]!;
    const plugin = await entry.load();
    const instance = plugin.parse({ grid: '....\n..00\n.0..\n.00.' });
    let game = startGame(plugin, instance);
    expect(game.setup).toMatchObject({ kind: 'marks', width: 4, height: 4, fixed: [6, 7, 9, 13, 14] });
    const referee = new RefereeClient({ moduleUrl: entry.moduleUrl, pluginId: 'binairo', createWorker: createRefereeWorker });
    try {
      const judge = (ask = {}) => referee.judge({ instance, seed: game.seed, moves: playedMoves(game.history), ask });
      expect(await judge()).toMatchObject({ remaining: 1, capped: false });
      // Wrong first: the referee says none remain and that this move was it; undo.
      game = playMove(plugin, instance, game, { type: 'mark', cell: 0, value: '1' });
      expect(gameStatus(plugin, instance, game).violations).toEqual([]);
      expect(await judge({ mistake: true })).toMatchObject({ remaining: 0, mistake: 1 });
      game = undoGame(plugin, instance, game);
      // A question still being answered is cancelled by the next one.
      const first = judge();
      const second = judge({ hint: true });
      await expect(first).rejects.toBeInstanceOf(AbortedError);
      const hinted = await second;
      expect(hinted.hint?.basis).toBe('uniqueness');
      // Play every hint until the game is solved.
      let moves = 0;
      let status = gameStatus(plugin, instance, game);
      while (!status.solved) {
        const { hint } = await judge({ hint: true });
        if (!hint) throw new Error('no hint on the way');
        game = playMove(plugin, instance, game, hint.move);
        status = gameStatus(plugin, instance, game);
        moves++;
      }
      expect(moves).toBe(11);
      expect(status).toMatchObject({ complete: true, solved: true, violations: [] });
      expect(status.view.frame.cells.map((cell) => cell.label).join('')).toBe('0110110000111001');
      expect(await judge()).toMatchObject({ remaining: 1 });
      // The game survives a link: the code reads back to the same position.
      const again = startGame(plugin, instance, { code: gameCode(game) });
      expect(again.position).toEqual(game.position);
    } finally {
      referee.close();
    }
  });
});
