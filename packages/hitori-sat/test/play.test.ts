// Hitori in play: the rules at once, and the referee (the SAT solver with the marks as unit
// clauses) against an enumeration of every shading written here, on random small puzzles.
import { seededRandom as random } from '@kit/core';
import { type PlayMove, gameStatus, judgeGame, playMove, startGame, type Game } from '@kit/core/play';
import { playConformance } from '@kit/core/play/conformance';
import { parseOptions } from '@kit/core/host';
import { createRefereeWorker } from '@kit/core/node';
import { describe, expect, it } from 'vitest';
import type { HitoriInstance } from '../src/instance.js';
import plugin from '../src/plugin.js';

const instanceOf = (text: string): HitoriInstance => plugin.parse(parseOptions(plugin.options, {}), { name: 'puzzle.txt', text });

interface Small {
  width: number;
  height: number;
  numbers: number[];
}

/**
 * Every valid shading, written for this test: shaded cells never touch (chosen cell by cell),
 * blank cells are never shaded; then no number twice among the unshaded cells of a line, and the
 * unshaded cells connected (a flood fill).
 */
function allShadings(p: Small): string[] {
  const { width, height, numbers } = p;
  const n = width * height;
  const shaded = new Array<boolean>(n).fill(false);
  const found: string[] = [];
  const valid = () => {
    for (let y = 0; y < height; y++) {
      const seen = new Set<number>();
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (shaded[i] || numbers[i] === 0) continue;
        if (seen.has(numbers[i]!)) return false;
        seen.add(numbers[i]!);
      }
    }
    for (let x = 0; x < width; x++) {
      const seen = new Set<number>();
      for (let y = 0; y < height; y++) {
        const i = y * width + x;
        if (shaded[i] || numbers[i] === 0) continue;
        if (seen.has(numbers[i]!)) return false;
        seen.add(numbers[i]!);
      }
    }
    const start = shaded.indexOf(false);
    if (start < 0) return false;
    const reached = new Set([start]);
    const stack = [start];
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % width;
      for (const j of [i - width, i + width, x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1]) {
        if (j >= 0 && j < n && !shaded[j] && !reached.has(j)) {
          reached.add(j);
          stack.push(j);
        }
      }
    }
    return reached.size === shaded.filter((s) => !s).length;
  };
  const visit = (i: number) => {
    if (i === n) {
      if (valid()) found.push(shaded.map((s) => (s ? '#' : '.')).join(''));
      return;
    }
    visit(i + 1);
    const x = i % width;
    if (numbers[i] !== 0 && !(x > 0 && shaded[i - 1]) && !(i >= width && shaded[i - width])) {
      shaded[i] = true;
      visit(i + 1);
      shaded[i] = false;
    }
  };
  visit(0);
  return found;
}

/** A random puzzle: a Latin-like grid with some numbers copied next door, a blank now and then. */
function randomPuzzle(next: () => number): Small {
  const width = 4 + Math.floor(next() * 2);
  const height = 4 + Math.floor(next() * 2);
  const n = Math.max(width, height);
  const shift = Math.floor(next() * n);
  const numbers = Array.from({ length: width * height }, (_, i) => (((i % width) + Math.floor(i / width) * 2 + shift) % n) + 1);
  const copies = 2 + Math.floor(next() * 6);
  for (let k = 0; k < copies; k++) {
    const i = Math.floor(next() * numbers.length);
    numbers[i] = numbers[Math.floor(next() * numbers.length)]!;
  }
  if (next() < 0.2) numbers[Math.floor(next() * numbers.length)] = 0;
  return { width, height, numbers };
}

/**
 * A puzzle with a planted solution: a random shading (no two shaded cells touch, the rest
 * connected) over a Latin-like grid, each shaded cell given the number of an unshaded cell in its
 * line. Such puzzles have at least one solution, often exactly one.
 */
function plantedPuzzle(next: () => number): Small {
  for (;;) {
    const p = randomPuzzle(next);
    const { width, height } = p;
    const n = Math.max(width, height);
    p.numbers = p.numbers.map((_, i) => (((i % width) + Math.floor(i / width) * (n > 4 ? 2 : 1) + 1) % n) + 1);
    const shaded = new Set<number>();
    for (let k = 0; k < width * height; k++) {
      const i = Math.floor(next() * width * height);
      const x = i % width;
      const touches = [i - width, i + width, x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1].some((j) => shaded.has(j));
      if (!touches && next() < 0.35) shaded.add(i);
    }
    for (const i of shaded) {
      const x = i % width;
      const y = Math.floor(i / width);
      const line = next() < 0.5 ? Array.from({ length: width }, (_, c) => y * width + c) : Array.from({ length: height }, (_, r) => r * width + x);
      const keep = line.filter((j) => !shaded.has(j));
      if (keep.length > 0) p.numbers[i] = p.numbers[keep[Math.floor(next() * keep.length)]!]!;
    }
    if (allShadings(p).length > 0) return p;
  }
}

const textOf = (p: Small) =>
  `${Array.from({ length: p.height }, (_, y) =>
    p.numbers
      .slice(y * p.width, (y + 1) * p.width)
      .map((v) => (v === 0 ? '.' : v))
      .join(' '),
  ).join('\n')}\n`;

function marksOf(game: Game): string[] {
  if (game.position.kind !== 'marks') throw new Error('marks');
  return game.position.marks;
}

/** Shadings that agree with the marks: shaded where `#`, unshaded where `o`. */
const consistent = (shadings: readonly string[], marks: readonly string[]) =>
  shadings.filter((s) => marks.every((mark, i) => (mark === '#' ? s[i] === '#' : mark === 'o' ? s[i] === '.' : true)));

/** A random mark on a random numbered cell (sometimes clearing it); mostly true to `towards` when given. */
function randomMove(p: Small, next: () => number, towards?: string): PlayMove {
  const cells = p.numbers.flatMap((n, i) => (n === 0 ? [] : [i]));
  const cell = cells[Math.floor(next() * cells.length)]!;
  const r = next();
  if (towards && r < 0.75) return { type: 'mark', cell, value: towards[cell] === '#' ? '#' : 'o' };
  return { type: 'mark', cell, value: r < 0.45 ? '#' : r < 0.9 ? 'o' : '.' };
}

describe('Hitori play: the referee against an enumeration', () => {
  it('counts the completions of 300 random positions exactly, past the cap as 50+', async () => {
    const next = random(19);
    const seen = { none: 0, one: 0, some: 0, capped: 0 };
    for (let trial = 0; trial < 300; trial++) {
      const p = trial % 2 === 0 ? plantedPuzzle(next) : randomPuzzle(next);
      const instance = instanceOf(textOf(p));
      const shadings = allShadings(p);
      const towards = shadings[Math.floor(next() * shadings.length)];
      let game = startGame(plugin, instance);
      const moves = Math.floor(next() * 9);
      for (let k = 0; k < moves; k++) game = playMove(plugin, instance, game, randomMove(p, next, towards));
      const expected = consistent(shadings, marksOf(game)).length;
      seen[expected === 0 ? 'none' : expected === 1 ? 'one' : expected > 50 ? 'capped' : 'some']++;
      const report = await judgeGame(plugin, instance, game, { cap: 50 });
      expect({ remaining: report.remaining, capped: report.capped }, `trial ${trial}: ${textOf(p)} ${marksOf(game).join('')}`).toEqual({
        remaining: Math.min(expected, 50),
        capped: expected > 50,
      });
    }
    expect(Math.min(...Object.values(seen)), JSON.stringify(seen)).toBeGreaterThanOrEqual(15);
  });

  it('names the first move after which none remained, on random histories with changed and cleared marks', async () => {
    const next = random(23);
    let named = 0;
    for (let trial = 0; named < 60 && trial < 2000; trial++) {
      const p = trial % 2 === 0 ? plantedPuzzle(next) : randomPuzzle(next);
      const shadings = allShadings(p);
      if (shadings.length === 0) continue;
      const instance = instanceOf(textOf(p));
      let game = startGame(plugin, instance);
      const counts: number[] = [shadings.length];
      const length = 4 + Math.floor(next() * 10);
      for (let k = 0; k < length; k++) {
        const after = playMove(plugin, instance, game, randomMove(p, next));
        if (after === game) continue;
        game = after;
        counts.push(consistent(shadings, marksOf(game)).length);
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
      const report = await judgeGame(plugin, instance, game, { mistake: true });
      expect(report.mistake, `trial ${trial}: counts ${counts.join(' ')}`).toBe(expected);
    }
    expect(named).toBe(60);
  });

  it('hints a mark every remaining solution has, on 150 random positions', async () => {
    const next = random(29);
    const bases = { rules: 0, uniqueness: 0, search: 0 };
    for (let trial = 0; trial < 150; trial++) {
      const p = plantedPuzzle(next);
      const instance = instanceOf(textOf(p));
      const shadings = allShadings(p);
      const towards = shadings[Math.floor(next() * shadings.length)];
      let game = startGame(plugin, instance);
      for (let k = Math.floor(next() * 6); k > 0; k--) game = playMove(plugin, instance, game, randomMove(p, next, towards));
      const marks = marksOf(game);
      const left = consistent(shadings, marks);
      const report = await judgeGame(plugin, instance, game, { hint: true, cap: 1000 });
      if (left.length === 0) {
        expect(report.noHint).toBe('no solution from here: undo to the mistake first');
        continue;
      }
      if (!report.hint) {
        // No hint only when no open cell is decided the same way in every solution left.
        const open = marks.flatMap((mark, i) => (mark === '.' && p.numbers[i] !== 0 ? [i] : []));
        const decided = open.filter((i) => left.every((s) => s[i] === left[0]![i]));
        const solved = gameStatus(plugin, instance, game).solved;
        expect(decided.length === 0 || solved, `trial ${trial}`).toBe(true);
        continue;
      }
      const move = report.hint.move;
      if (move.type !== 'mark') throw new Error('a mark');
      bases[report.hint.basis]++;
      expect(marks[move.cell]).toBe('.');
      for (const s of left) expect(s[move.cell], `trial ${trial}`).toBe(move.value === '#' ? '#' : '.');
      if (report.hint.basis !== 'rules') expect(report.hint.basis).toBe(left.length === 1 ? 'uniqueness' : 'search');
    }
    // Rules of thumb answer most; the rest come from the solutions themselves.
    expect(Math.min(bases.rules, bases.uniqueness + bases.search), JSON.stringify(bases)).toBeGreaterThanOrEqual(5);
  });
});

const FIVE = '1 1 3 3 5\n4 2 3 5 5\n4 4 2 1 2\n1 5 2 4 3\n4 3 3 2 2\n';
/** The 5x5's top-left 1 shaded (right), then the second 3 of row 1 (wrong: that 3 stays), then a circle. */
const WRONG_LINE: PlayMove[] = [
  { type: 'mark', cell: 0, value: '#' },
  { type: 'mark', cell: 3, value: '#' },
  { type: 'mark', cell: 23, value: 'o' },
];

describe('Hitori play: what every play mode does', () => {
  const checks = playConformance({
    plugin,
    games: [{ name: 'a 5x5', instance: instanceOf(FIVE), wrong: { moves: WRONG_LINE, mistake: 2 } }],
    unplayable: [
      {
        name: '--generate 5x5',
        instance: plugin.parse(parseOptions(plugin.options, { generate: '5x5' })),
        message: 'play mode takes a puzzle to solve, not --fill or --generate',
      },
    ],
    worker: { moduleUrl: new URL('../dist/plugin.js', import.meta.url).href, createWorker: createRefereeWorker },
  });
  for (const check of checks) it(check.name, check.run);
});

describe('Hitori play: a 5x5 game', () => {
  const instance = instanceOf(FIVE);
  const solution = allShadings(instance.mode === 'solve' ? instance.puzzle : { width: 0, height: 0, numbers: [] });

  it('has one solution, which clicks alone reach: shade, circle, clear', () => {
    expect(solution).toEqual(['#.#......##.#.......#.#.#']);
    let game = startGame(plugin, instance);
    expect(game.setup).toMatchObject({ kind: 'marks', width: 5, height: 5, click: 'cycle', fixed: [] });
    // The click cycle: empty, shaded, circled, empty.
    const cycle = game.setup.kind === 'marks' ? game.setup.marks.map((mark) => mark.value) : [];
    expect(cycle).toEqual(['.', '#', 'o']);
    for (const [cell, mark] of [...solution[0]!].entries()) if (mark === '#') game = playMove(plugin, instance, game, { type: 'mark', cell, value: '#' });
    const status = gameStatus(plugin, instance, game);
    expect(status).toMatchObject({ complete: true, solved: true, violations: [] });
    expect(status.view.frame.cells.slice(0, 5)).toEqual([
      { fill: 'shaded', label: '1' },
      { fill: 'unshaded', label: '1' },
      { fill: 'shaded', label: '3' },
      { fill: 'unshaded', label: '3' },
      { fill: 'unshaded', label: '5' },
    ]);
  });

  it('shows broken rules at once: touching shaded cells, a circled pair, a walled-off corner', () => {
    let game = startGame(plugin, instance);
    for (const move of [
      { type: 'mark', cell: 1, value: '#' },
      { type: 'mark', cell: 5, value: '#' },
      { type: 'mark', cell: 2, value: '#' },
      { type: 'mark', cell: 7, value: 'o' },
      { type: 'mark', cell: 22, value: 'o' },
    ] as const)
      game = playMove(plugin, instance, game, move);
    expect(gameStatus(plugin, instance, game).violations).toEqual([
      { message: 'two shaded cells touch', cells: [1, 2] },
      { message: 'column 3 keeps 2 3s unshaded', cells: [7, 22], lines: [[2, 22]] },
      { message: 'the shaded cells wall off 1 cell', cells: [0] },
    ]);
    expect(gameStatus(plugin, instance, game).solved).toBe(false);
  });

  it('counts 1 left after a right shade, breaks no rule after the wrong one; a hint agrees with the solution', async () => {
    const first = playMove(plugin, instance, startGame(plugin, instance), WRONG_LINE[0]!);
    expect(await judgeGame(plugin, instance, first, { mistake: true })).toMatchObject({ remaining: 1, capped: false });
    // The second 3 of row 1 is the one that stays: shading it breaks no rule yet, but ends every
    // solution (the conformance suite names it as the mistake).
    const wrong = WRONG_LINE.slice(1).reduce((at, move) => playMove(plugin, instance, at, move), first);
    expect(gameStatus(plugin, instance, wrong).violations).toEqual([]);
    const report = await judgeGame(plugin, instance, first, { mistake: true, hint: true });
    expect(report).toMatchObject({ remaining: 1, capped: false });
    expect(report.mistake).toBeUndefined();
    expect(report.hint).toEqual({
      move: { type: 'mark', cell: 20, value: '#' },
      reason: 'column 1 has two 4s side by side, one of which stays, so this 4 is shaded',
      basis: 'rules',
    });
    expect(solution[0]![20]).toBe('#');
  });
});
