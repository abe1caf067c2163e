// Sudoku in play: digits and pencil marks, repeats shown at once, and the referee (dancing links
// with the digits played as clues) against an enumeration of every 4x4 grid written here.
import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '@kit/core';
import { type PlayMove, gameStatus, judgeGame, playMove, startGame, type Game } from '@kit/core/play';
import { playConformance } from '@kit/core/play/conformance';
import { parseOptions } from '@kit/core/host';
import { createRefereeWorker } from '@kit/core/node';
import plugin from '../src/plugin.js';
import { WIKIPEDIA, WIKIPEDIA_SOLUTION } from './puzzles.js';

const instanceOf = (text: string) => plugin.parse(parseOptions(plugin.options, {}), { name: 'puzzle.txt', text });

/** Every 4x4 Sudoku: rows from the 24 permutations of 1234, no digit twice in a column or 2x2 box. */
const GRIDS: string[] = (() => {
  const perms: string[] = [];
  const permute = (prefix: string, rest: string) => {
    if (!rest) perms.push(prefix);
    for (let i = 0; i < rest.length; i++) permute(prefix + rest[i], rest.slice(0, i) + rest.slice(i + 1));
  };
  permute('', '1234');
  const grids: string[] = [];
  const fine = (rows: string[]) => {
    for (let c = 0; c < 4; c++) if (new Set(rows.map((row) => row[c])).size !== rows.length) return false;
    for (let b = 0; b < 4; b++) {
      const cells = rows.flatMap((row, r) => (Math.floor(r / 2) === Math.floor(b / 2) ? [row[(b % 2) * 2], row[(b % 2) * 2 + 1]] : []));
      if (new Set(cells).size !== cells.length) return false;
    }
    return true;
  };
  const build = (rows: string[]) => {
    if (rows.length === 4) return grids.push(rows.join(''));
    for (const perm of perms) if (fine([...rows, perm])) build([...rows, perm]);
    return undefined;
  };
  build([]);
  return grids;
})();

const marksOf = (game: Game) => (game.position.kind === 'marks' ? game.position.marks : []);
const matching = (marks: readonly string[]) => GRIDS.filter((grid) => marks.every((mark, i) => mark === '.' || grid[i] === mark));

/** A random 4x4 puzzle: a grid's digits kept with probability `keep`. */
function randomPuzzle(next: () => number, keep: number): string {
  const grid = GRIDS[Math.floor(next() * GRIDS.length)]!;
  return [...grid].map((digit) => (next() < keep ? digit : '.')).join('');
}

/** A digit (mostly true to `towards`), a clearing, or a pencil mark, on a random open cell. */
function randomMove(puzzle: string, next: () => number, towards: string): PlayMove {
  const open = [...puzzle].flatMap((digit, i) => (digit === '.' ? [i] : []));
  const cell = open[Math.floor(next() * open.length)]!;
  const r = next();
  if (r < 0.5) return { type: 'mark', cell, value: towards[cell]! };
  if (r < 0.8) return { type: 'mark', cell, value: String(1 + Math.floor(next() * 4)) };
  if (r < 0.9) return { type: 'note', cell, value: String(1 + Math.floor(next() * 4)) };
  return { type: 'mark', cell, value: '.' };
}

describe('Sudoku play: the referee against an enumeration of 4x4 grids', () => {
  it('has the enumeration right: 288 grids', () => {
    expect(GRIDS).toHaveLength(288);
  });

  it('counts the completions of 300 random positions exactly, past the cap as 40+', async () => {
    const next = random(41);
    const seen = { none: 0, one: 0, some: 0, capped: 0 };
    for (let trial = 0; trial < 300; trial++) {
      const puzzle = randomPuzzle(next, next() * 0.5);
      const instance = instanceOf(puzzle);
      const towards = GRIDS.find((grid) => [...puzzle].every((d, i) => d === '.' || grid[i] === d))!;
      let game = startGame(plugin, instance);
      for (let k = Math.floor(next() * 6); k > 0; k--) game = playMove(plugin, instance, game, randomMove(puzzle, next, towards));
      const expected = matching(marksOf(game)).length;
      seen[expected === 0 ? 'none' : expected === 1 ? 'one' : expected > 40 ? 'capped' : 'some']++;
      const report = await judgeGame(plugin, instance, game, { cap: 40 });
      expect({ remaining: report.remaining, capped: report.capped }, `trial ${trial}: ${marksOf(game).join('')}`).toEqual({
        remaining: Math.min(expected, 40),
        capped: expected > 40,
      });
    }
    expect(Math.min(...Object.values(seen)), JSON.stringify(seen)).toBeGreaterThanOrEqual(20);
  });

  it('names the first move after which none remained, on 80 random histories with changed and cleared digits', async () => {
    const next = random(43);
    let named = 0;
    for (let trial = 0; named < 80 && trial < 3000; trial++) {
      const puzzle = randomPuzzle(next, 0.3);
      const instance = instanceOf(puzzle);
      const towards = GRIDS.find((grid) => [...puzzle].every((d, i) => d === '.' || grid[i] === d))!;
      let game = startGame(plugin, instance);
      const counts = [matching(marksOf(game)).length];
      for (let k = 3 + Math.floor(next() * 10); k > 0; k--) {
        const after = playMove(plugin, instance, game, randomMove(puzzle, next, towards));
        if (after === game) continue;
        game = after;
        counts.push(matching(marksOf(game)).length);
      }
      if (counts[counts.length - 1] !== 0) continue;
      named++;
      let expected = 0;
      for (let k = counts.length - 1; k >= 1; k--) {
        if (counts[k - 1]! > 0) {
          expected = k;
          break;
        }
      }
      expect((await judgeGame(plugin, instance, game, { mistake: true })).mistake, `counts ${counts.join(' ')}`).toBe(expected);
    }
    expect(named).toBe(80);
  });

  it('hints a digit every solution left has, on 150 random positions', async () => {
    const next = random(47);
    const bases = { rules: 0, uniqueness: 0, search: 0 };
    for (let trial = 0; trial < 150; trial++) {
      const puzzle = randomPuzzle(next, next() * 0.4);
      const instance = instanceOf(puzzle);
      const towards = GRIDS.find((grid) => [...puzzle].every((d, i) => d === '.' || grid[i] === d))!;
      let game = startGame(plugin, instance);
      for (let k = Math.floor(next() * 4); k > 0; k--) game = playMove(plugin, instance, game, randomMove(puzzle, next, towards));
      const marks = marksOf(game);
      const left = matching(marks);
      const report = await judgeGame(plugin, instance, game, { hint: true });
      if (left.length === 0) {
        expect(report.noHint).toBe('no solution from here: undo to the mistake first');
        continue;
      }
      if (!report.hint) {
        const decided = marks.flatMap((mark, i) => (mark === '.' && left.every((grid) => grid[i] === left[0]![i]) ? [i] : []));
        expect(decided.length === 0 || !marks.includes('.'), `trial ${trial}: ${report.noHint}`).toBe(true);
        continue;
      }
      const move = report.hint.move;
      if (move.type !== 'mark') throw new Error('a mark');
      bases[report.hint.basis]++;
      expect(marks[move.cell]).toBe('.');
      for (const grid of left) expect(grid[move.cell]).toBe(move.value);
    }
    // Singles decide every 4x4 position that has a decided cell.
    expect(bases.rules, JSON.stringify(bases)).toBeGreaterThanOrEqual(50);
  });
});

/** 4 is the answer at row 1, column 3; a 1 there breaks no rule yet but leaves no solution. */
const WRONG_LINE: PlayMove[] = [
  { type: 'mark', cell: 2, value: '1' },
  { type: 'mark', cell: 72, value: '3' },
];

describe('Sudoku play: what every play mode does', () => {
  const checks = playConformance({
    plugin,
    games: [{ name: 'the Wikipedia puzzle', instance: instanceOf(WIKIPEDIA), wrong: { moves: WRONG_LINE, mistake: 1 } }],
    worker: { moduleUrl: new URL('../dist/plugin.js', import.meta.url).href, createWorker: createRefereeWorker },
  });
  for (const check of checks) it(check.name, check.run);
});

describe('Sudoku play: the Wikipedia puzzle', () => {
  const instance = instanceOf(WIKIPEDIA);
  const solution = WIKIPEDIA_SOLUTION.join('');

  it('selects cells and types digits and pencil marks; the clues cannot change', () => {
    let game = startGame(plugin, instance);
    expect(game.setup).toMatchObject({ kind: 'marks', width: 9, height: 9, click: 'select' });
    if (game.setup.kind !== 'marks') throw new Error('marks');
    expect(game.setup.marks.map((mark) => mark.value).join('')).toBe('.123456789');
    expect(game.setup.fixed).toHaveLength(30);
    expect(() => playMove(plugin, instance, game, { type: 'mark', cell: 0, value: '1' })).toThrow('row 1, column 1 is given and cannot change');
    game = playMove(plugin, instance, game, { type: 'note', cell: 2, value: '4' });
    game = playMove(plugin, instance, game, { type: 'note', cell: 2, value: '1' });
    game = playMove(plugin, instance, game, { type: 'mark', cell: 2, value: '4' });
    expect(game.position).toMatchObject({ kind: 'marks' });
    if (game.position.kind !== 'marks') throw new Error('marks');
    expect(game.position.notes[2]).toEqual(['4', '1']);
    const frame = gameStatus(plugin, instance, game).view.frame;
    expect(frame.cells.slice(0, 3)).toEqual([
      { fill: 'given', label: '5' },
      { fill: 'given', label: '3' },
      { fill: 'found', label: '4' },
    ]);
  });

  it('shows a repeated digit at once, with its row and box', () => {
    let game = startGame(plugin, instance);
    game = playMove(plugin, instance, game, { type: 'mark', cell: 2, value: '5' });
    expect(gameStatus(plugin, instance, game).violations).toEqual([
      { message: 'row 1 has two 5s', cells: [0, 2], lines: [[0, 8]] },
      { message: 'box 1 has two 5s', cells: [0, 2] },
    ]);
  });

  it('is played to "solved" with hints, all of them by the rules; a wrong digit breaks no rule yet', async () => {
    let game = startGame(plugin, instance);
    expect(await judgeGame(plugin, instance, game)).toMatchObject({ remaining: 1, capped: false });
    // The conformance suite names its first move as the mistake; the rules cannot see it yet.
    const wrong = WRONG_LINE.reduce((at, move) => playMove(plugin, instance, at, move), game);
    expect(gameStatus(plugin, instance, wrong).violations).toEqual([]);
    let hints = 0;
    while (!gameStatus(plugin, instance, game).solved) {
      const { hint } = await judgeGame(plugin, instance, game, { hint: true });
      expect(hint?.basis).toBe('rules');
      game = playMove(plugin, instance, game, hint!.move);
      hints++;
    }
    expect(hints).toBe(51);
    expect(marksOf(game).join('')).toBe(solution);
  });
});
