// Puyo in play: a chain builder over a seeded queue (reachable placements only, game over at
// column 3's 12th row, chains counted and scored as Tsu does), and chain puzzles whose referee
// counts the answers left, checked against the brute-force enumerator (brute-nazo.ts).
import { describe, expect, it } from 'vitest';
import { createRefereeWorker } from '@kit/core/node';
import { type DropsSetup, type PlayMove, gameStatus, judgeGame, playMove, startGame, undoGame, type Game } from '@kit/core/play';
import { playConformance } from '@kit/core/play/conformance';
import { fieldEditor } from '../src/editor.js';
import { decodeNazoLink } from '../src/nazo-link.js';
import { ROTATIONS } from '../src/nazo.js';
import plugin, { parseInstance } from '../src/plugin.js';
import { QUEUE_LENGTH, randomQueue } from '../src/play.js';
import { bruteNazo } from './brute-nazo.js';

const fieldOf = (text: string) => parseInstance({}, { name: 'field.txt', text });
/** Column 3 up: the pair's axis in column 3, its child above it. */
const drop = (column: number, rotation: number): PlayMove => ({ type: 'drop', column, rotation });
const counters = (game: Game, instance: ReturnType<typeof fieldOf>) =>
  Object.fromEntries((gameStatus(plugin, instance, game).view.counters ?? []).map((counter) => [counter.label, counter.value]));

/** The nazo sample's field: three greens under a red in column 1, three reds beside them on the floor. */
const NAZO_FIELD = 'R.....\nG.....\nG.....\nGRRR..\n';

describe('Puyo play: what every play mode does', () => {
  const checks = playConformance({
    plugin,
    games: [
      { name: 'the chain builder', instance: fieldOf(NAZO_FIELD), seed: 7 },
      // A drop in column 6 is no answer: the suite names it as the mistake.
      {
        name: 'the nazo sample',
        instance: parseInstance({ nazo: true, pairs: 'GY', goal: 'chains>=2' }, { name: 'nazo.txt', text: NAZO_FIELD }),
        wrong: { moves: [drop(5, 0)], mistake: 1 },
      },
    ],
    worker: { moduleUrl: new URL('../dist/plugin.js', import.meta.url).href, createWorker: createRefereeWorker },
  });
  for (const check of checks) it(check.name, check.run);
});

describe('Puyo play: the chain builder', () => {
  it('deals a seeded queue of pairs in four colours, shows two ahead, and has nothing for a referee to count', () => {
    const instance = fieldOf(NAZO_FIELD);
    const game = startGame(plugin, instance, { seed: 7 });
    const setup = game.setup as DropsSetup;
    expect(setup).toMatchObject({ kind: 'drops', columns: 6, preview: 2, repeat: true, judged: false, spawn: { column: 2, rotation: 0 } });
    expect(setup.queue).toHaveLength(QUEUE_LENGTH);
    expect(setup.queue.slice(0, 3).map((piece) => piece.label)).toEqual(
      randomQueue(7)
        .slice(0, 3)
        .map((pair) => pair.axis + pair.child),
    );
    expect(new Set(setup.queue.flatMap((piece) => [...piece.label]))).toEqual(new Set(['R', 'G', 'B', 'Y']));
    expect(startGame(plugin, instance, { seed: 8 }).setup).not.toEqual(setup);
  });

  it('builds a 2-chain: 4 greens then 4 reds, 40 + 320 = 360 points, and undo takes it back', () => {
    const instance = fieldOf(NAZO_FIELD);
    // The first seed whose first pair is green with a yellow or blue child.
    const seed = [...Array(200).keys()].find((s) => /^G[YB]$/.test(randomQueue(s)[0]!.axis + randomQueue(s)[0]!.child))!;
    let game = startGame(plugin, instance, { seed });
    const status = gameStatus(plugin, instance, game);
    // A two-colour pair on an open field: 6 columns up and down, 5 right and left.
    expect(status.legalDrops).toHaveLength(22);
    expect(counters(game, instance)).toEqual({ chain: 0, score: 0, 'best chain': 0 });
    game = playMove(plugin, instance, game, drop(1, 0));
    expect(counters(game, instance)).toEqual({ chain: 2, score: 360, 'best chain': 2 });
    const view = gameStatus(plugin, instance, game).view;
    expect(view.steps?.map((step) => step.caption)).toEqual(['chain 1: 4G pop, +40', 'fall', 'chain 2: 4R pop, +320']);
    // The greens about to pop are lit; every puyo carries its colour's letter.
    expect(view.steps![0]!.frame.cells.filter((cell) => cell.fill === 'popping').map((cell) => cell.label)).toEqual(['G', 'G', 'G', 'G']);
    game = undoGame(plugin, instance, game);
    expect(counters(game, instance)).toEqual({ chain: 0, score: 0, 'best chain': 0 });
  });

  it("counts an all clear, told with the chain's last step and never added to the score, on either simulator", () => {
    const instance = fieldOf('GGG...\n');
    const seed = [...Array(400).keys()].find((s) => randomQueue(s)[0]!.axis + randomQueue(s)[0]!.child === 'GG')!;
    let game = playMove(plugin, instance, startGame(plugin, instance, { seed }), drop(3, 1));
    // Five greens, one colour: 10 x 5 x (0 + 0 + 2) = 100 points, as `kit run puyo` scores GGGGG.
    expect(counters(game, instance)).toEqual({ chain: 1, score: 100, 'best chain': 1, 'all clears': 1 });
    expect(gameStatus(plugin, instance, game).view.steps?.map((step) => step.caption)).toEqual(['chain 1: 5G pop, +100, all clear']);
    // The next drop pops nothing: the all clear stays counted (the first drop now goes through the fast simulator).
    game = playMove(plugin, instance, game, drop(0, 0));
    expect(counters(game, instance)).toEqual({ chain: 0, score: 100, 'best chain': 1, 'all clears': 1 });
    expect(gameStatus(plugin, instance, game).view.description).toMatch(/^Field from the floor up .*; column 1: \w \w; column 2: empty;/);
  });

  it('offers only the placements a player can reach, and ends when column 3 fills to row 12', () => {
    // Column 2 stands 12 high: columns 1 and 2 are cut off from the spawn.
    const wall = fieldOf(`${Array.from({ length: 13 }, (_, i) => (i % 2 ? '.B....' : '.Y....')).join('\n')}\n`);
    const columns = new Set(gameStatus(plugin, wall, startGame(plugin, wall)).legalDrops.map((d) => d.column));
    expect([...columns].sort()).toEqual([2, 3, 4, 5]);
    // Columns 3 and 4 eleven high, no two neighbours alike.
    const tall = fieldOf(`${Array.from({ length: 11 }, (_, i) => `..${'RGBY'[i % 4]}${'RGBY'[(i + 2) % 4]}..`).join('\n')}\n`);
    let game = startGame(plugin, tall, { seed: 3 });
    expect(gameStatus(plugin, tall, game).view.over).toBeUndefined();
    game = playMove(plugin, tall, game, drop(2, 0));
    const status = gameStatus(plugin, tall, game);
    expect(status.view.over).toBe('game over: column 3 is filled to row 12');
    expect(status.legalDrops).toEqual([]);
    expect(() => playMove(plugin, tall, game, drop(0, 0))).toThrow('no piece can be dropped any more');
  });
});

describe('Puyo play: the field edited in place', () => {
  it('gives the field as it stands to the field editor, each cell of the play frame tied to the editor cell it shows', () => {
    const instance = fieldOf(NAZO_FIELD);
    const seed = [...Array(200).keys()].find((s) => /^G[YB]$/.test(randomQueue(s)[0]!.axis + randomQueue(s)[0]!.child))!;
    const game = playMove(plugin, instance, startGame(plugin, instance, { seed }), drop(1, 0));
    const frame = gameStatus(plugin, instance, game).view.frame;
    const edit = plugin.play!.editable!(instance, game.setup, game.position)!;
    expect(edit.target).toBe('input');
    expect(edit.cells).toHaveLength(frame.cells.length);
    // Rows 13 to 1 are the editor's; row 14 and the divider are not.
    expect(edit.cells.filter((cell) => cell !== null)).toHaveLength(13 * 6);
    expect(edit.cells.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(edit.cells.slice(12, 18)).toEqual([null, null, null, null, null, null]);
    const grid = fieldEditor.fromText(edit.text, 'input');
    edit.cells.forEach((at, i) => {
      if (at) expect([i, grid[at[0]]![at[1]]]).toEqual([i, frame.cells[i]!.label ?? '.']);
    });
    // The text is the field the 2-chain left: played from it, a new game starts where this one stands.
    const from = fieldOf(edit.text);
    expect(gameStatus(plugin, from, startGame(plugin, from, { seed })).view.frame).toEqual(frame);
  });

  it('gives nothing to edit while row 14 holds a puyo (the editor shows rows 13 to 1)', () => {
    const instance = fieldOf(`R.....\n${'G.....\nB.....\n'.repeat(6)}Y.....\n`);
    const game = startGame(plugin, instance);
    expect(plugin.play!.editable!(instance, game.setup, game.position)).toBeUndefined();
  });
});

describe('Puyo play: chain puzzles', () => {
  it('plays the sample to its goal; a wrong drop ends it short of the goal; no hint when the answers differ in their drop', async () => {
    const instance = parseInstance({ nazo: true, pairs: 'GY', goal: 'chains>=2' }, { name: 'nazo.txt', text: NAZO_FIELD });
    const answers = bruteNazo(instance.field, ['GY'], 'chains>=2');
    let game = startGame(plugin, instance);
    expect(game.setup).toMatchObject({ kind: 'drops', repeat: false, goal: 'chains>=2' });
    expect(gameStatus(plugin, instance, game).view.goal).toEqual({ text: 'chains>=2', met: false });
    expect(answers).toEqual(['GY 2up', 'GY 2right', 'GY 2down', 'GY 2left']);
    const report = await judgeGame(plugin, instance, game, { hint: true });
    expect(report).toMatchObject({ remaining: 4, capped: false, noHint: 'no move is the same in all 4 solutions left' });
    const wrong = playMove(plugin, instance, game, drop(5, 0));
    expect(gameStatus(plugin, instance, wrong).view.over).toBe('no pairs left, and the goal is not met');
    game = playMove(plugin, instance, game, drop(1, 1));
    expect(await judgeGame(plugin, instance, game)).toMatchObject({ remaining: 1 });
    const status = gameStatus(plugin, instance, game);
    expect(status).toMatchObject({ solved: true, complete: true, legalDrops: [] });
    expect(status.view.goal).toEqual({ text: 'chains>=2', met: true });
  });

  it("counts the answers left after every first drop of the issue's two-pair puzzle, as the brute force lists them", async () => {
    const link = decodeNazoLink('https://puyop.com/s/x00900z00A40j1gr29h1hi9i_c1c1__u02', { pairs: false });
    for (const goal of ['chains=2', 'chains>=2', 'chains>=1']) {
      const instance = parseInstance({ nazo: true, pairs: 'RG,RG', goal }, { name: 'f.txt', text: `${link.field.rows.join('\n')}\n` });
      const answers = bruteNazo(instance.field, ['RG', 'RG'], goal);
      const start = startGame(plugin, instance);
      expect((await judgeGame(plugin, instance, start)).remaining).toBe(answers.length);
      for (const first of gameStatus(plugin, instance, start).legalDrops) {
        const game = playMove(plugin, instance, start, { type: 'drop', ...first });
        const prefix = `RG ${first.column + 1}${ROTATIONS[first.rotation]}`;
        const expected = answers.filter((answer) => answer === prefix || answer.startsWith(`${prefix}, `)).length;
        expect((await judgeGame(plugin, instance, game)).remaining, `${goal} after ${prefix}`).toBe(expected);
      }
    }
  });

  it('hints the drop every answer left has', async () => {
    const link = decodeNazoLink('https://puyop.com/s/x00900z00A40j1gr29h1hi9i_c1c1__u02', { pairs: false });
    const instance = parseInstance({ nazo: true, pairs: 'RG,RG', goal: 'chains=2' }, { name: 'f.txt', text: `${link.field.rows.join('\n')}\n` });
    const game = playMove(plugin, instance, startGame(plugin, instance), drop(5, 0));
    const report = await judgeGame(plugin, instance, game, { hint: true });
    expect(report.hint).toEqual({
      move: { type: 'drop', column: 1, rotation: 1 },
      reason: 'the one solution left has this drop, and no single rule shows it (it follows from the solution being unique)',
      basis: 'uniqueness',
    });
  });
});
