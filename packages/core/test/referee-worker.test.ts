// The referee worker keeps each game: the host opens it once and sends only the moves the worker
// does not hold, a worker started afresh (after a cancelled question or an error) is sent the game
// again, the plugin's prepared problem serves every position of its game, and solver workers never
// load a referee.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AbortedError, checkPlugin, type AnyPlugin } from '@kit/core/host';
import { createRefereeWorker, runInWorkers } from '@kit/core/node';
import {
  RefereeClient,
  judgeGame,
  playMove,
  playedMoves,
  startGame,
  undoGame,
  type Game,
  type PlayMove,
  type RefereeMessage,
  type RefereePort,
} from '@kit/core/play';
import binairoModule from './fixtures/binairo-plugin.js';
import tally from './fixtures/tally-plugin.js';

const binairo = checkPlugin(binairoModule, 'binairo') as AnyPlugin;
const binairoUrl = new URL('./fixtures/binairo-plugin.js', import.meta.url).href;
const tallyUrl = new URL('./fixtures/tally-plugin.js', import.meta.url).href;

/** Referee workers whose posted messages are recorded, and how many were started. */
function recorded() {
  const sent: RefereeMessage[] = [];
  let started = 0;
  const createWorker = (): RefereePort => {
    started++;
    const port = createRefereeWorker();
    return {
      ...port,
      post: (message) => {
        sent.push(message);
        port.post(message);
      },
    };
  };
  return { sent, createWorker, started: () => started };
}

/** What was sent, short: `open 1`, `judge 1 keep 2 +1`, `close 1`. */
const said = (sent: readonly RefereeMessage[]) =>
  sent.map((message) => {
    if (message.type === 'judge') return `judge ${message.game} keep ${message.keep} +${message.moves.length}`;
    return message.type === 'preload' ? 'preload' : `${message.type} ${message.game}`;
  });

describe('the referee worker keeps the game', () => {
  const instance = binairo.parse({ grid: '....\n..00\n.0..\n.00.' });

  it('is sent the game once and then only the moves it does not hold, and judges as this thread does', async () => {
    const { sent, createWorker } = recorded();
    const referee = new RefereeClient({ moduleUrl: binairoUrl, pluginId: 'binairo', createWorker });
    try {
      let game: Game = startGame(binairo, instance);
      const judge = async (at: Game) => {
        const there = await referee.judge({ instance, seed: at.seed, moves: playedMoves(at.history), ask: { mistake: true } });
        const here = await judgeGame(binairo, instance, at, { mistake: true });
        expect({ remaining: there.remaining, mistake: there.mistake }).toEqual({ remaining: here.remaining, mistake: here.mistake });
        return there;
      };
      await judge(game);
      const moves: PlayMove[] = [
        { type: 'mark', cell: 0, value: '0' },
        { type: 'mark', cell: 1, value: '1' },
        { type: 'mark', cell: 2, value: '1' },
      ];
      for (const move of moves) {
        game = playMove(binairo, instance, game, move);
        await judge(game);
      }
      game = undoGame(binairo, instance, game);
      await judge(game);
      // Another line of play after the undo: the worker drops the move it held beyond it.
      game = playMove(binairo, instance, game, { type: 'mark', cell: 2, value: '0' });
      expect((await judge(game)).remaining).toBe(0);
      expect(said(sent)).toEqual([
        'open 1',
        'judge 1 keep 0 +0',
        'judge 1 keep 0 +1',
        'judge 1 keep 1 +1',
        'judge 1 keep 2 +1',
        'judge 1 keep 2 +0',
        'judge 1 keep 2 +1',
      ]);
      // Another game (another seed): the old one is let go.
      await referee.judge({ instance, seed: 2, moves: [], ask: {} });
      expect(said(sent).slice(-3)).toEqual(['close 1', 'open 2', 'judge 2 keep 0 +0']);
    } finally {
      referee.close();
    }
  });

  it('sends the whole game again to the fresh worker that follows a cancelled question', async () => {
    const { sent, createWorker, started } = recorded();
    const referee = new RefereeClient({ moduleUrl: binairoUrl, pluginId: 'binairo', createWorker });
    try {
      const moves: PlayMove[] = [{ type: 'mark', cell: 0, value: '0' }];
      await referee.judge({ instance, seed: 1, moves, ask: {} });
      const first = referee.judge({ instance, seed: 1, moves: [...moves, { type: 'mark', cell: 1, value: '1' }], ask: {} });
      const second = referee.judge({ instance, seed: 1, moves: [...moves, { type: 'mark', cell: 1, value: '0' }], ask: { mistake: true } });
      await expect(first).rejects.toBeInstanceOf(AbortedError);
      expect(await second).toMatchObject({ remaining: 0, mistake: 2 });
      expect(started()).toBe(2);
      expect(said(sent)).toEqual(['open 1', 'judge 1 keep 0 +1', 'judge 1 keep 1 +1', 'open 2', 'judge 2 keep 0 +2']);
    } finally {
      referee.close();
    }
  });

  it('names a move it refuses, and is sent the game again after that', async () => {
    const { sent, createWorker } = recorded();
    const referee = new RefereeClient({ moduleUrl: binairoUrl, pluginId: 'binairo', createWorker });
    try {
      const good: PlayMove = { type: 'mark', cell: 0, value: '0' };
      await expect(referee.judge({ instance, seed: 1, moves: [good, { type: 'mark', cell: 6, value: '1' }], ask: {} })).rejects.toThrow(
        'move 2: row 2, column 3 is given and cannot change',
      );
      expect((await referee.judge({ instance, seed: 1, moves: [good], ask: {} })).remaining).toBe(1);
      expect(said(sent)).toEqual(['open 1', 'judge 1 keep 0 +2', 'open 2', 'judge 2 keep 0 +1']);
    } finally {
      referee.close();
    }
  });
});

describe("a referee's prepared problem", () => {
  const instance = tally.parse({});

  it('is made once a game in the worker and answers for every position of that game', async () => {
    const referee = new RefereeClient({ moduleUrl: tallyUrl, pluginId: 'tally', createWorker: createRefereeWorker });
    try {
      const counts: number[] = [];
      const mark = (cell: number): PlayMove => ({ type: 'mark', cell, value: '1' });
      for (const moves of [[], [mark(0)], [mark(0), mark(1)]]) counts.push((await referee.judge({ instance, seed: 1, moves, ask: {} })).remaining);
      counts.push((await referee.judge({ instance, seed: 2, moves: [], ask: {} })).remaining);
      expect(counts).toEqual([1, 1, 1, 2]);
    } finally {
      referee.close();
    }
  });

  it('is made once a game in this thread too', async () => {
    let game = startGame(tally, instance, { seed: 3 });
    const first = (await judgeGame(tally, instance, game)).remaining;
    game = playMove(tally, instance, game, { type: 'mark', cell: 0, value: '3' });
    expect((await judgeGame(tally, instance, game)).remaining).toBe(first);
    expect((await judgeGame(tally, instance, startGame(tally, instance, { seed: 4 }))).remaining).toBe(first + 1);
  });
});

describe('solver workers', () => {
  it('never load the play referee: a plugin whose referee cannot load still solves', async () => {
    process.env['KIT_TALLY_REFEREE_FAILS'] = '1';
    try {
      const done = await runInWorkers({ moduleUrl: tallyUrl, pluginId: 'tally', instance: { n: 3 } });
      expect(done.summary).toEqual({ solutions: 3 });
    } finally {
      delete process.env['KIT_TALLY_REFEREE_FAILS'];
    }
  });
});

describe('the worker bundles', () => {
  const bundle = (path: string) => readFileSync(fileURLToPath(new URL(`../dist/${path}`, import.meta.url)), 'utf8');

  it('keep the referee out of the solver worker and the solver loop out of the referee worker', () => {
    const solver = bundle('node-worker.js');
    const referee = bundle('play/referee-node-worker.js');
    // A sentence of each loop stands for it (the bundles are standalone: one file each).
    expect(solver).toContain('received before the search was split');
    expect(solver).not.toContain('the referee holds no game');
    expect(solver).not.toContain('nothing for a referee to count');
    expect(referee).toContain('the referee holds no game');
    expect(referee).not.toContain('received before the search was split');
  });
});
