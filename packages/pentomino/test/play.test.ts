// Pentomino in play: pieces laid from a tray, regions that cannot be filled shown at once, and the
// referee (every completion, as `--all` counts the board with the laid cells as holes) against an
// enumeration written here, on random small boards; and against the CLI on 6x10.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '@kit/core';
import {
  pieceCells,
  piecesLeft,
  planarPiece,
  type PiecesSetup,
  type PlayMove,
  type PlayViolation,
  gameStatus,
  judgeGame,
  playMove,
  startGame,
  type Game,
} from '@kit/core/play';
import { parseOptions, type RawOptions } from '@kit/core/host';
import { createRefereeWorker } from '@kit/core/node';
import { piecesGame, playConformance, randomPlacement } from '@kit/core/play/conformance';
import { fitsNowhere, unfillable } from '../src/play.js';
import { packingCompletions, preparePacking } from '../src/play-referee.js';
import plugin from '../src/plugin.js';

const instanceOf = (board: string, raw: RawOptions = {}) => plugin.parse(parseOptions(plugin.options, raw), { name: 'board.txt', text: board });

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

/** The 1 to 8 distinct orientations of a piece, each as sorted `[row, col]` from 0: turned and mirrored here. */
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
      const shape = norm(cells);
      found.set(JSON.stringify(shape), shape);
      cells = cells.map(([r, c]) => [c!, -r!]);
    }
    cells = cells.map(([r, c]) => [r!, -c!]);
  }
  return [...found.values()];
}
const ORIENTATIONS = Object.fromEntries(Object.entries(PENTOMINOES).map(([name, rows]) => [name, orientationsOf(rows)]));

/** Every packing of `letters` into the free cells (`.`): first free cell, each piece left, each orientation. */
function countPackings(rows: string[], letters: string): number {
  const height = rows.length;
  const width = rows[0]!.length;
  const free = rows
    .join('')
    .split('')
    .map((char) => char === '.');
  const left = new Map<string, number>();
  for (const letter of letters) left.set(letter, (left.get(letter) ?? 0) + 1);
  let count = 0;
  const visit = () => {
    const first = free.indexOf(true);
    if (first < 0) {
      count++;
      return;
    }
    const row = Math.floor(first / width);
    const col = first % width;
    for (const [letter, n] of left) {
      if (n === 0) continue;
      for (const shape of ORIENTATIONS[letter]!) {
        // The shape's first cell in reading order lands on the first free cell.
        const [r0, c0] = shape[0]!;
        const cells = shape.map(([r, c]) => [row + r! - r0!, col + c! - c0!]);
        if (!cells.every(([r, c]) => r! >= 0 && r! < height && c! >= 0 && c! < width && free[r! * width + c!])) continue;
        for (const [r, c] of cells) free[r! * width + c!] = false;
        left.set(letter, n - 1);
        visit();
        left.set(letter, n);
        for (const [r, c] of cells) free[r! * width + c!] = true;
      }
    }
  };
  visit();
  return count;
}

/** A board grown from a random packing of `letters` (so it can be filled), cropped; or a plain rectangle. */
function randomBoard(next: () => number, letters: string): string[] {
  const size = 7;
  for (;;) {
    const taken = new Array<boolean>(size * size).fill(false);
    let ok = true;
    for (const letter of letters) {
      const shapes = ORIENTATIONS[letter]!;
      let placed = false;
      for (let attempt = 0; attempt < 60 && !placed; attempt++) {
        const shape = shapes[Math.floor(next() * shapes.length)]!;
        const top = Math.floor(next() * size);
        const left = Math.floor(next() * size);
        const cells = shape.map(([r, c]) => [top + r!, left + c!]);
        if (!cells.every(([r, c]) => r! < size && c! < size && !taken[r! * size + c!])) continue;
        // Keep the board in one piece: touch what is there (after the first).
        const touches = taken.some(Boolean)
          ? cells.some(([r, c]) =>
              [
                [r! - 1, c!],
                [r! + 1, c!],
                [r!, c! - 1],
                [r!, c! + 1],
              ].some(([a, b]) => a! >= 0 && b! >= 0 && a! < size && b! < size && taken[a! * size + b!]),
            )
          : true;
        if (!touches) continue;
        for (const [r, c] of cells) taken[r! * size + c!] = true;
        placed = true;
      }
      if (!placed) ok = false;
    }
    if (!ok) continue;
    const rows = Array.from({ length: size }, (_, r) =>
      taken
        .slice(r * size, (r + 1) * size)
        .map((t) => (t ? '.' : '#'))
        .join(''),
    );
    const used = rows.map((row, r) => [r, row] as const).filter(([, row]) => row.includes('.'));
    const cols = [...Array(size).keys()].filter((c) => rows.some((row) => row[c] === '.'));
    return used.map(([, row]) => row.slice(cols[0], cols[cols.length - 1]! + 1));
  }
}

/** The board left for the enumeration: laid cells become holes; the letters of the pieces left. */
function leftOf(game: Game): { rows: string[]; letters: string } {
  const { setup, position } = piecesGame(game);
  const free = Array.from({ length: setup.width * setup.height }, (_, i) => !(setup.holes ?? []).includes(i));
  for (const placed of position.placed) for (const cell of placed.cells) free[cell] = false;
  const rows = Array.from({ length: setup.height }, (_, r) =>
    free
      .slice(r * setup.width, (r + 1) * setup.width)
      .map((f) => (f ? '.' : '#'))
      .join(''),
  );
  const left = piecesLeft(setup, position);
  return { rows, letters: setup.tray.map((piece, i) => piece.name.repeat(left[i]!)).join('') };
}

const LETTERS = 'FILNPTUVWXYZ';
const pick = (next: () => number, n: number) => {
  const pool = [...LETTERS];
  let out = '';
  while (out.length < n) out += pool.splice(Math.floor(next() * pool.length), 1)[0];
  return [...out].sort((a, b) => LETTERS.indexOf(a) - LETTERS.indexOf(b)).join('');
};

describe('pentomino play: the referee against an enumeration', () => {
  it('counts the completions of 300 random positions exactly, past the cap as 10+', async () => {
    const next = random(53);
    const seen = { none: 0, one: 0, some: 0, capped: 0 };
    for (let trial = 0; trial < 300; trial++) {
      // A board grown from a packing; a rectangle the pieces may or may not fill; 5x6 with six pieces.
      const kind = trial % 3;
      const n = kind === 2 ? 6 : 3 + Math.floor(next() * 3);
      const letters = kind === 2 && next() < 0.5 ? 'LNPUVY' : pick(next, n);
      const rows = kind === 0 ? randomBoard(next, letters) : Array.from({ length: n }, () => '.....');
      const instance = instanceOf(`${rows.join('\n')}\n`, { pieces: letters });
      let game = startGame(plugin, instance);
      for (let k = Math.floor(next() * 3); k > 0; k--) {
        const move = randomPlacement(game, next);
        if (move) game = playMove(plugin, instance, game, move);
      }
      const left = leftOf(game);
      const expected = left.letters === '' ? 1 : countPackings(left.rows, left.letters);
      seen[expected === 0 ? 'none' : expected === 1 ? 'one' : expected > 10 ? 'capped' : 'some']++;
      const report = await judgeGame(plugin, instance, game, { cap: 10 });
      expect({ remaining: report.remaining, capped: report.capped }, `trial ${trial}: ${left.rows.join('/')} ${left.letters}`).toEqual({
        remaining: Math.min(expected, 10),
        capped: expected > 10,
      });
    }
    expect(Math.min(...Object.values(seen)), JSON.stringify(seen)).toBeGreaterThanOrEqual(5);
  });

  it('names the first move after which none remained, on 60 random histories with lifted pieces', async () => {
    const next = random(59);
    let named = 0;
    for (let trial = 0; named < 60 && trial < 3000; trial++) {
      const letters = pick(next, 3 + Math.floor(next() * 2));
      const instance = instanceOf(`${randomBoard(next, letters).join('\n')}\n`, { pieces: letters });
      let game = startGame(plugin, instance);
      const counts = [countPackings(leftOf(game).rows, leftOf(game).letters)];
      for (let k = 2 + Math.floor(next() * 6); k > 0; k--) {
        const { position } = piecesGame(game);
        let move: PlayMove | undefined;
        if (position.placed.length > 0 && next() < 0.3) move = { type: 'lift', cell: position.placed[Math.floor(next() * position.placed.length)]!.cells[0]! };
        else move = randomPlacement(game, next);
        if (!move) continue;
        game = playMove(plugin, instance, game, move);
        const left = leftOf(game);
        counts.push(left.letters === '' ? 1 : countPackings(left.rows, left.letters));
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
    expect(named).toBe(60);
  });

  it('hints a piece every completion has, on 100 random positions', async () => {
    const next = random(61);
    let hinted = 0;
    for (let trial = 0; trial < 100; trial++) {
      const letters = pick(next, 3 + Math.floor(next() * 2));
      const instance = instanceOf(`${randomBoard(next, letters).join('\n')}\n`, { pieces: letters });
      let game = startGame(plugin, instance);
      const move = randomPlacement(game, next);
      if (move && next() < 0.5) game = playMove(plugin, instance, game, move);
      const report = await judgeGame(plugin, instance, game, { hint: true });
      const left = leftOf(game);
      const count = countPackings(left.rows, left.letters);
      if (!report.hint) {
        expect(report.noHint).toMatch(count === 0 ? /^no solution from here/ : /^no move is the same in all \d+ solutions left$/);
        continue;
      }
      hinted++;
      // The hinted piece laid: the completions are the same number as before.
      const after = playMove(plugin, instance, game, report.hint.move);
      const rest = leftOf(after);
      expect(rest.letters === '' ? 1 : countPackings(rest.rows, rest.letters), `trial ${trial}`).toBe(count);
      expect(report.hint.basis).toBe(count === 1 ? 'uniqueness' : 'search');
    }
    expect(hinted).toBeGreaterThanOrEqual(40);
  });
});

describe("pentomino play: the game's board compiled once", () => {
  it('gives every position the completions, in order, that its own board left gives', () => {
    const next = random(67);
    const request = { limit: 40, positions: true, shouldStop: () => false };
    let compared = 0;
    for (let trial = 0; trial < 120; trial++) {
      const letters = pick(next, 3 + Math.floor(next() * 3));
      const rows = trial % 2 === 0 ? randomBoard(next, letters) : Array.from({ length: letters.length }, () => '.....');
      const instance = instanceOf(`${rows.join('\n')}\n`, { pieces: letters });
      let game = startGame(plugin, instance);
      const prepared = preparePacking(game.setup);
      // Every position of one game, from the same prepared board: pieces laid, some lifted again.
      for (let k = 0; k < 4; k++) {
        const { position } = piecesGame(game);
        expect(prepared.completions(position, request), `trial ${trial}, move ${k}: ${leftOf(game).rows.join('/')}`).toEqual(
          packingCompletions(game.setup, position, request),
        );
        compared++;
        const move = position.placed.length > 0 && next() < 0.3 ? { type: 'lift' as const, cell: position.placed[0]!.cells[0]! } : randomPlacement(game, next);
        if (!move) break;
        game = playMove(plugin, instance, game, move);
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});

describe('pentomino play: what every play mode does', () => {
  const sixByTen = instanceOf('..........\n'.repeat(6));
  const tray = (startGame(plugin, sixByTen).setup as PiecesSetup).tray;
  // A V around the top-left 2x2 corner shuts in 4 cells: the suite names it as the mistake.
  const v = tray[7]!.orientations.findIndex((cells) => JSON.stringify(cells) === '[[0,2],[1,2],[2,0],[2,1],[2,2]]');
  const checks = playConformance({
    plugin,
    games: [
      { name: '6x10', instance: sixByTen, wrong: { moves: [{ type: 'place', piece: 7, orientation: v, cell: 0 }], mistake: 1 } },
      { name: '5x6 with LNPUVY', instance: instanceOf('.....\n'.repeat(6), { pieces: 'LNPUVY' }) },
    ],
    worker: { moduleUrl: new URL('../dist/plugin.js', import.meta.url).href, createWorker: createRefereeWorker },
  });
  for (const check of checks) it(check.name, check.run);
});

describe('pentomino play on 6x10', () => {
  const instance = instanceOf('..........\n'.repeat(6));
  const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');

  it('lays pieces with R and F from the tray', () => {
    const game = startGame(plugin, instance);
    const setup = game.setup as PiecesSetup;
    expect(setup.tray.map((piece) => `${piece.name}${piece.orientations.length}`).join(' ')).toBe('F8 I2 L8 N8 P8 T4 U4 V4 W4 X1 Y8 Z4');
    expect(setup.tray[1]!.turns).toEqual([
      { key: 'r', label: 'rotate', next: [1, 0] },
      { key: 'f', label: 'flip', next: [0, 1] },
    ]);
    const x = pieceCells(setup, 9, 0, 0);
    expect(x).toEqual([1, 10, 11, 12, 21]);
  });

  it('counts what the CLI counts with --all for the board with the laid cells as holes and the pieces left', async () => {
    let game = startGame(plugin, instance);
    // X, I and L where the first solution the CLI prints has them.
    const first = spawnSync(process.execPath, [join(repoRoot, 'apps/cli/dist/bin.cjs'), 'run', 'pentomino', '--limit', '1', '--json'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    const rows: string[] = JSON.parse(first.stdout.trim().split('\n')[0]!).solution.rows;
    const setup = game.setup as PiecesSetup;
    for (const letter of 'XIL') {
      const cells = [...rows.join('')].flatMap((char, i) => (char === letter ? [i] : []));
      const piece = setup.tray.findIndex((p) => p.name === letter);
      const top = Math.min(...cells.map((cell) => Math.floor(cell / 10)));
      const left = Math.min(...cells.map((cell) => cell % 10));
      const shape = JSON.stringify(cells.map((cell) => [Math.floor(cell / 10) - top, (cell % 10) - left]));
      const orientation = setup.tray[piece]!.orientations.findIndex((o) => JSON.stringify(o) === shape);
      game = playMove(plugin, instance, game, { type: 'place', piece, orientation, cell: top * 10 + left });
    }
    const left = leftOf(game);
    expect(left.letters).toBe('FNPTUVWYZ');
    const dir = mkdtempSync(join(tmpdir(), 'pentomino-play-'));
    writeFileSync(join(dir, 'left.txt'), `${left.rows.join('\n')}\n`);
    const cli = spawnSync(
      process.execPath,
      [join(repoRoot, 'apps/cli/dist/bin.cjs'), 'run', 'pentomino', join(dir, 'left.txt'), '--pieces', left.letters, '--all', '--count', '--json'],
      {
        cwd: repoRoot,
        encoding: 'utf8',
      },
    );
    expect(cli.status).toBe(0);
    const done = JSON.parse(cli.stdout.trim());
    const report = await judgeGame(plugin, instance, game, { cap: 100000 });
    expect(report.remaining).toBe(done.solutions);
    expect(report.remaining).toBeGreaterThan(0);
    expect(report.capped).toBe(false);
  });

  it('shows every pocket but the rest of the board, unless the rest is at fault on its own', () => {
    // A 3x5 board with a column of holes: pieces of 5 (a 1x5 bar, twice) and regions of 3 and 9 cells.
    const bar = [
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
    ] as [number, number][];
    const setup: PiecesSetup = { kind: 'pieces', width: 5, height: 3, holes: [3, 8, 13], tray: [planarPiece('I', bar, { count: 2 })] };
    const cells = (list: PlayViolation[]) => list.map((violation) => violation.cells);
    // 12 empty cells in all, no multiple of 5: both regions are at fault and both show.
    expect(cells(unfillable(setup, { kind: 'pieces', placed: [] }))).toEqual([
      [0, 1, 2, 5, 6, 7, 10, 11, 12],
      [4, 9, 14],
    ]);
    // Without the holes, a bar along the middle row leaves two rows of 5: nothing shows.
    const open: PiecesSetup = { ...setup, holes: [] };
    expect(unfillable(open, { kind: 'pieces', placed: [{ piece: 0, orientation: 0, cell: 5, cells: [5, 6, 7, 8, 9] }] })).toEqual([]);
  });

  it('names a piece left that fits nowhere, when no pocket shows', () => {
    // A 2x5 board for an I and an X: ten cells, rows of five, but the X needs three rows.
    const bar = [
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
    ] as [number, number][];
    const cross = [
      [0, 1],
      [1, 0],
      [1, 1],
      [1, 2],
      [2, 1],
    ] as [number, number][];
    const setup: PiecesSetup = { kind: 'pieces', width: 5, height: 2, holes: [], tray: [planarPiece('I', bar), planarPiece('X', cross)] };
    expect(unfillable(setup, { kind: 'pieces', placed: [] })).toEqual([]);
    expect(fitsNowhere(setup, { kind: 'pieces', placed: [] })).toEqual([{ message: 'the X fits nowhere in the cells left', cells: [] }]);
    // The I fits, laid or not; once it is laid, only the X is named again.
    const laid = { kind: 'pieces' as const, placed: [{ piece: 0, orientation: 0, cell: 0, cells: [0, 1, 2, 3, 4] }] };
    expect(fitsNowhere(setup, laid).map((violation) => violation.message)).toEqual(['the X fits nowhere in the cells left']);
    // On the 6x10 board from the start, every piece has room.
    const game = startGame(plugin, instance);
    expect(gameStatus(plugin, instance, game).violations).toEqual([]);
  });

  it('shows a shut-in region at once, and only the pocket', () => {
    let game = startGame(plugin, instance);
    // A V around the top-left 2x2 corner.
    const v = (game.setup as PiecesSetup).tray[7]!.orientations.findIndex((cells) => JSON.stringify(cells) === '[[0,2],[1,2],[2,0],[2,1],[2,2]]');
    game = playMove(plugin, instance, game, { type: 'place', piece: 7, orientation: v, cell: 0 });
    // Only the pocket: the other 51 cells are no multiple of 5 because of it, and are not shown.
    // (The conformance suite plays this V as its wrong line: the referee names it, undo undoes it.)
    expect(gameStatus(plugin, instance, game).violations).toEqual([
      { message: 'these 4 cells cannot be filled by the pieces left: the smallest has 5', cells: [0, 1, 10, 11] },
    ]);
  });
});
