// The play conformance suite on a third party's Binairo: it passes every check, in this thread and
// in a referee worker; and each check fails, with a line that says why, on a Binairo broken the way
// that check is there to catch.
import { describe, expect, it } from 'vitest';
import { InputError } from '@kit/core';
import { checkPlugin, type AnyPlugin } from '@kit/core/host';
import { createRefereeWorker } from '@kit/core/node';
import type { PlayMove, PlaySpec } from '@kit/core/play';
import { ConformanceError, playConformance, type ConformanceCheck } from '@kit/core/play/conformance';
import binairoModule from './fixtures/binairo-plugin.js';

const binairo = checkPlugin(binairoModule, 'binairo') as AnyPlugin;
const binairoUrl = new URL('./fixtures/binairo-plugin.js', import.meta.url).href;
const instance = binairo.parse({ grid: '....\n..00\n.0..\n.00.' });
const mark = (cell: number, value: string): PlayMove => ({ type: 'mark', cell, value });
/** 0 then 0 in the top row: after the second, no completion remains. */
const wrong = { moves: [mark(0, '0'), mark(1, '0'), mark(2, '1')], mistake: 2 };

describe('play conformance on Binairo', () => {
  const checks = playConformance({
    plugin: binairo,
    games: [{ name: '4x4', instance, wrong }],
    worker: { moduleUrl: binairoUrl, createWorker: createRefereeWorker },
  });

  it('lists its checks by name', () => {
    expect(checks.map((check) => check.name.replace(/^Binairo, 4x4: /, ''))).toEqual([
      'makes the same game from the same seed, also from the instance a worker receives',
      'refuses moves outside the rules in one line, leaving the game as it was',
      'takes undo and redo back to the exact positions and views',
      'reads its game code back to the same game, undo cursor included',
      'refuses hostile game codes in one line',
      "plays a completion the plugin's referee finds to solved, breaking no rule on the way",
      'hints a legal move that keeps every completion, or says why not in one line',
      'names move 2 of a wrong line as the mistake, and undo brings completions back',
      'judges in a referee worker exactly as in this thread',
    ]);
  });

  for (const check of checks) it(check.name, check.run);
});

/** Binairo with its play spec changed as `change` says. */
function broken(change: (play: PlaySpec) => Partial<PlaySpec>, parse = binairo.parse): AnyPlugin {
  const play = binairo.play as PlaySpec;
  return { ...binairo, parse, play: { ...play, ...change(play) } };
}

/** The one check of `plugin`'s list whose name has `what`. */
function checkOf(checks: ConformanceCheck[], what: string): ConformanceCheck {
  const found = checks.filter((check) => check.name.includes(what));
  expect(found).toHaveLength(1);
  return found[0]!;
}

const fails = async (plugin: AnyPlugin, what: string, message: string, game: object = {}) => {
  const check = checkOf(playConformance({ plugin, games: [{ name: '4x4', instance, wrong, ...game }] }), what);
  await expect(check.run()).rejects.toThrow(new ConformanceError(message));
};

describe('play conformance on a broken Binairo', () => {
  it('catches an instance said unplayable that plays, and passes one refused in those words', async () => {
    const unplayable = [{ name: 'a 2x2', instance: binairo.parse({ grid: '..\n..' }), message: 'a 2x2 is too small to play' }];
    const refuses = broken((play) => ({
      setup: (i, options) => {
        if ((i as { size: number }).size === 2) throw new InputError('a 2x2 is too small to play');
        return play.setup(i, options);
      },
    }));
    await checkOf(playConformance({ plugin: refuses, games: [{ name: '4x4', instance }], unplayable }), 'a 2x2').run();
    await expect(checkOf(playConformance({ plugin: binairo, games: [{ name: '4x4', instance }], unplayable }), 'a 2x2').run()).rejects.toThrow(
      new ConformanceError('playing a 2x2 was accepted'),
    );
  });

  it('catches a setup that changes from one game to the next', async () => {
    let games = 0;
    const plugin = broken((play) => ({ setup: (i, options) => ({ ...play.setup(i, options), click: games++ % 2 ? 'select' : 'cycle' }) }));
    const check = checkOf(playConformance({ plugin, games: [{ name: '4x4', instance }] }), 'same game from the same seed');
    await expect(check.run()).rejects.toThrow(/^a second game from the same seed: expected \{.*, got \{/);
  });

  it('catches an instance a worker cannot receive', async () => {
    const plugin = broken(() => ({}));
    const check = checkOf(playConformance({ plugin, games: [{ name: '4x4', instance: { ...instance, redraw: () => {} } }] }), 'same game from the same seed');
    await expect(check.run()).rejects.toThrow('could not be cloned');
  });

  it('catches a puzzle that is never solved', async () => {
    await fails(
      broken(() => ({ complete: () => false })),
      'to solved',
      'the status after the completion\'s last move: expected {"complete":true,"solved":true}, got {"complete":false,"solved":false}',
    );
  });

  it('catches a rule said broken on the way to a completion', async () => {
    await fails(
      broken((play) => ({ check: (i, s, position) => [...play.check(i, s, position), { message: 'always', cells: [] }] })),
      'to solved',
      'the rules broken after 0 moves of a completion: expected [], got ["always"]',
    );
  });

  it('catches a view that forgets what undo should bring back', async () => {
    let calls = 0;
    await fails(
      broken((play) => ({ view: (i, s, position) => ({ ...play.view(i, s, position), counters: [{ label: 'calls', value: calls++ }] }) })),
      'undo and redo',
      'undo to 10 moves did not give back the view after 10 moves',
    );
  });

  it('catches a mistake named at the wrong move', async () => {
    await fails(
      broken(() => ({})),
      'as the mistake',
      'the referee on the wrong line: expected {"capped":false,"mistake":3,"remaining":0}, got {"capped":false,"mistake":2,"remaining":0}',
      { wrong: { ...wrong, mistake: 3 } },
    );
  });

  it('catches a hint that loses completions', async () => {
    // The completion as the hint sees it has every digit the wrong way round.
    const plugin = broken((play) => ({
      fromSolution: (i, s, position, solution) => {
        const done = play.fromSolution!(i, s, position, solution) as { kind: 'marks'; marks: string[]; notes: string[][] };
        return { ...done, marks: done.marks.map((digit) => String(1 - Number(digit))) };
      },
    }));
    await fails(plugin, 'hints a legal move', 'the completions left after the hint {"cell":0,"type":"mark","value":"1"}: expected 1, got 0');
  });
});
