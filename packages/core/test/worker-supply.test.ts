// One supply of workers a host: a run, a maker and a referee take theirs from the Node host's
// nodeWorkers by kind, and give the same answers as with workers they start themselves.
import { describe, expect, it } from 'vitest';
import { Random } from '@kit/core';
import { type SolveEvent, checkPlugin, parseOptions, type AnyPlugin, type WorkerKind, type WorkerSupply } from '@kit/core/host';
import { MakerClient } from '@kit/core/make';
import { createNodeWorker, nodeWorkers, runInWorkers } from '@kit/core/node';
import { RefereeClient, judgeGame, startGame } from '@kit/core/play';
import binairoModule from './fixtures/binairo-plugin.js';
import maker from './fixtures/maker-plugin.js';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).href;
const binairo = checkPlugin(binairoModule, 'binairo') as AnyPlugin;

/** A supply that records the kind of every worker taken from it. */
function counted(supply: WorkerSupply): { supply: WorkerSupply; taken: WorkerKind[] } {
  const taken: WorkerKind[] = [];
  return {
    taken,
    supply: {
      size: supply.size,
      take: (kind) => {
        taken.push(kind);
        return supply.take(kind);
      },
    },
  };
}

describe('nodeWorkers', () => {
  it('serves a run, a maker and a referee from one supply, each a worker of its kind', async () => {
    const host = nodeWorkers({ prestart: 1 });
    expect(host.size).toBe(1);
    const { supply, taken } = counted(host);
    try {
      const events: SolveEvent[] = [];
      const done = await runInWorkers(
        { moduleUrl: fixture('counting-plugin.js'), pluginId: 'counting', instance: { n: 35, mode: 'plain' }, threads: 1, onEvent: (e) => events.push(e) },
        supply,
      );
      expect(done.summary.solutions).toBe(35);
      expect(events.filter((event) => event.type === 'solution').map((event) => event.solution)).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
      expect(taken).toEqual(['solver']);

      const makerClient = new MakerClient({ moduleUrl: fixture('maker-plugin.js'), pluginId: 'maker', workers: supply });
      const request = { seed: 7, difficulty: 'hard', size: [6], parameters: parseOptions(maker.generator!.parameters!, { mode: 'plain' }) };
      try {
        const random = new Random(7);
        const digits = Array.from({ length: 6 }, () => random.int(10)).join('');
        expect((await makerClient.generate(request)).input).toBe(`${digits}\n`);
      } finally {
        makerClient.close();
      }
      expect(taken).toEqual(['solver', 'maker']);

      const instance = binairo.parse({ grid: '....\n..00\n.0..\n.00.' });
      const game = startGame(binairo, instance);
      const referee = new RefereeClient({ moduleUrl: fixture('binairo-plugin.js'), pluginId: 'binairo', workers: supply });
      try {
        const there = await referee.judge({ instance, seed: game.seed, moves: [], ask: { mistake: true } });
        const here = await judgeGame(binairo, instance, game, { mistake: true });
        expect(there.remaining).toBe(here.remaining);
      } finally {
        referee.close();
      }
      expect(taken).toEqual(['solver', 'maker', 'referee']);
    } finally {
      host.close();
    }
  });
});

describe('a client', () => {
  it('takes a supply or a function that starts a worker, one of them', () => {
    const target = { moduleUrl: fixture('maker-plugin.js'), pluginId: 'maker' };
    const refusal = 'give a client workers (a supply) or createWorker, one of them';
    expect(() => new MakerClient(target)).toThrow(refusal);
    expect(() => new MakerClient({ ...target, workers: nodeWorkers(), createWorker: createNodeWorker })).toThrow(refusal);
    expect(() => new RefereeClient({ moduleUrl: fixture('binairo-plugin.js'), pluginId: 'binairo' })).toThrow(refusal);
  });
});
