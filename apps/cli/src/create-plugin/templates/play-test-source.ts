import type { TemplateVars } from './vars.js';

/**
 * test/play.test.ts: play as the web page plays it (the same @kit/core functions, no browser): the
 * play conformance suite every plugin runs, then this puzzle's own rules, and the input file and
 * the editor, against a count of the ways to finish made here by brute force.
 */
export function playTestSource(vars: TemplateVars): string {
  return `import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@kit/core';
import { parseOptions } from '@kit/core/host';
import { createRefereeWorker } from '@kit/core/node';
import { gameStatus, judgeGame, playMove, startGame, type Game } from '@kit/core/play';
import { playConformance } from '@kit/core/play/conformance';
import { boardEditor, samples } from '../src/editor.js';
import plugin, { type Instance } from '../src/plugin.js';

const fromFile = (text: string, name = 'board.txt') => plugin.parse(parseOptions(plugin.options, {}), { name, text });
const queen = (instance: Instance, row: number, column: number) => ({ type: 'mark' as const, cell: row * instance.size + column, value: 'Q' });
const marksOf = (game: Game) => (game.position.kind === 'marks' ? game.position.marks : []);

/** The ways to finish a board, counted independently: every column for every row, checked at the end. */
function finishes(size: number, marks: readonly string[]): number {
  let count = 0;
  const columns: number[] = [];
  const fits = (row: number, column: number) => columns.every((c, r) => c !== column && Math.abs(c - column) !== row - r);
  const walk = (row: number) => {
    if (row === size) {
      const placed = marks.every((mark, cell) => mark !== 'Q' || columns[Math.floor(cell / size)] === cell % size);
      if (placed) count++;
      return;
    }
    for (let column = 0; column < size; column++) {
      if (!fits(row, column)) continue;
      columns.push(column);
      walk(row + 1);
      columns.pop();
    }
  };
  walk(0);
  return count;
}

describe('${vars.id}: the board file', () => {
  it('reads the given queens and counts the ways to finish around them', async () => {
    const instance = fromFile(readFileSync(new URL('../boards/corner.txt', import.meta.url), 'utf8'));
    expect(instance).toEqual({ size: 8, given: [[0, 0]] });
    const solver = await plugin.solver();
    const ctx = { wantSolutions: false, wantProgress: false, shouldStop: () => false, progressDue: () => false, solution() {}, progress() {}, step() {} };
    expect(solver.solve(instance, ctx as never)).toMatchObject({ solutions: 4 });
  });

  it('names the line and column of a mistake', () => {
    expect(() => fromFile('Q..\\n.x.\\n...\\n')).toThrow(expect.objectContaining({ message: "'x' is not a cell: Q is a queen, . an empty cell", where: { file: 'board.txt', line: 2, column: 2 } }));
    expect(() => fromFile('Q..\\n..\\n...\\n')).toThrow('line 2 has 2 cells, not 3 (the board is square)');
  });

  it('has examples that fit the editor (read back to the same text)', () => {
    for (const sample of samples) {
      const grid = boardEditor.fromText(sample.input!, sample.name);
      expect(boardEditor.toText(grid)).toBe(sample.input);
    }
  });
});

describe('${vars.id}: what every play mode does', () => {
  // The corner board's given queen is fixed; a second queen beside it leaves no way to finish.
  const corner = fromFile(readFileSync(new URL('../boards/corner.txt', import.meta.url), 'utf8'));
  const checks = playConformance({
    plugin,
    games: [{ name: 'the corner board', instance: corner, wrong: { moves: [queen(corner, 1, 1)], mistake: 1 } }],
    // The referee in a worker, as the web page runs it: the built plugin (npm test builds first).
    worker: { moduleUrl: new URL('../dist/plugin.js', import.meta.url).href, createWorker: createRefereeWorker },
  });
  for (const check of checks) it(check.name, check.run);
});

describe('${vars.id}: play', () => {
  it('counts the ways to finish after each move, and is solved with the last queen', async () => {
    const instance = plugin.parse(parseOptions(plugin.options, { size: '6' }));
    let game = startGame(plugin, instance);
    expect((await judgeGame(plugin, instance, game)).remaining).toBe(4);
    const solution = [1, 3, 5, 0, 2, 4];
    solution.forEach((column, row) => {
      game = playMove(plugin, instance, game, queen(instance, row, column));
    });
    expect((await judgeGame(plugin, instance, game)).remaining).toBe(1);
    expect(gameStatus(plugin, instance, game)).toMatchObject({ complete: true, solved: true, violations: [] });
  });

  it('shows two queens that attack each other at once', () => {
    const instance = plugin.parse(parseOptions(plugin.options, { size: '5' }));
    let game = startGame(plugin, instance);
    game = playMove(plugin, instance, game, queen(instance, 0, 0));
    game = playMove(plugin, instance, game, queen(instance, 2, 2));
    expect(gameStatus(plugin, instance, game).violations).toEqual([
      { message: 'the queens at row 1, column 1 and row 3, column 3 attack each other', cells: [0, 12], lines: [[0, 12]] },
    ]);
  });

  it('counts exactly what brute force counts, on 60 random positions', async () => {
    const next = seededRandom(7);
    for (let trial = 0; trial < 60; trial++) {
      const instance = plugin.parse(parseOptions(plugin.options, { size: String(4 + Math.floor(next() * 4)) }));
      let game = startGame(plugin, instance);
      for (let k = Math.floor(next() * 3); k > 0; k--) game = playMove(plugin, instance, game, queen(instance, Math.floor(next() * instance.size), Math.floor(next() * instance.size)));
      const report = await judgeGame(plugin, instance, game);
      expect(report.remaining, \`trial \${trial}: \${marksOf(game).join('')}\`).toBe(finishes(instance.size, marksOf(game)));
    }
  });
});
`;
}
