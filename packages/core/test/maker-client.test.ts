// MakerClient through real Node worker threads: the fixture plugin's generator and grader run in
// a worker, an abort ends that worker, and the next request starts a fresh one.
import { describe, expect, it } from 'vitest';
import { Random } from '@kit/core';
import { gradeLine, type GenerateRequest, MakerClient } from '@kit/core/make';
import { AbortedError, parseOptions, type WorkerPort } from '@kit/core/host';
import { createNodeWorker } from '@kit/core/node';
import maker from './fixtures/maker-plugin.js';

const moduleUrl = new URL('./fixtures/maker-plugin.js', import.meta.url).href;

/** A client whose workers are counted, so a test can tell a fresh worker from a kept one. */
function client() {
  const started: WorkerPort[] = [];
  const makerClient = new MakerClient({
    moduleUrl,
    pluginId: 'maker',
    createWorker: () => {
      const worker = createNodeWorker();
      started.push(worker);
      return worker;
    },
  });
  return { makerClient, started };
}

const request = (seed: number, mode = 'plain', size = [6]): GenerateRequest => ({
  seed,
  difficulty: 'hard',
  size,
  parameters: parseOptions(maker.generator!.parameters!, { mode }),
});

/** The fixture's digits, worked out here from the seed as the contract's Random gives them. */
const digitsOf = (seed: number, width: number) => {
  const random = new Random(seed);
  return Array.from({ length: width }, () => random.int(10)).join('');
};

describe('MakerClient', () => {
  it('generates in a worker, the same puzzle for the same seed, and keeps the worker between requests', async () => {
    const { makerClient, started } = client();
    try {
      const first = await makerClient.generate(request(7));
      expect(first).toEqual({
        input: `${digitsOf(7, 6)}\n`,
        size: '6x1',
        difficulty: 'hard',
        formats: { reversed: [...digitsOf(7, 6)].reverse().join('') },
        tries: 0,
      });
      expect(await makerClient.generate(request(7))).toEqual(first);
      expect((await makerClient.generate(request(8))).input).toBe(`${digitsOf(8, 6)}\n`);
      expect(started).toHaveLength(1);
    } finally {
      makerClient.close();
    }
  });

  it('grades a parsed puzzle in the worker', async () => {
    const { makerClient } = client();
    try {
      const grade = await makerClient.grade(maker.parse({}, { name: 'row.txt', text: '# maker 3x1 hard 1\n172\n' }));
      expect(grade).toEqual({
        size: '3x1',
        level: 'hard',
        steps: [
          { rule: 'read', level: 'easy', text: 'cell 1 is 1.', cells: [0] },
          { rule: 'read', level: 'hard', text: 'cell 2 is 7.', cells: [1] },
          { rule: 'read', level: 'easy', text: 'cell 3 is 2.', cells: [2] },
        ],
      });
      expect(gradeLine(grade, maker.grader!.levels)).toBe('3x1: hard (3 steps: 2 easy, 1 hard)');
    } finally {
      makerClient.close();
    }
  });

  it("reports a slow generator's progress, in rising numbers of tries", async () => {
    const { makerClient } = client();
    const reported: number[] = [];
    try {
      const puzzle = await makerClient.generate(request(3, 'slow'), { onProgress: (tries) => reported.push(tries) });
      expect(puzzle.tries).toBe(30);
      // 30 candidates of 10 ms each, progress at most every 100 ms: the first at once, then a few.
      expect(reported.length).toBeGreaterThanOrEqual(2);
      expect(reported[0]).toBe(1);
      expect(reported.every((tries, i) => i === 0 || tries > reported[i - 1]!)).toBe(true);
      expect(reported.at(-1)!).toBeLessThanOrEqual(30);
    } finally {
      makerClient.close();
    }
  });

  it('rejects an aborted request with AbortedError, ends its worker, and makes the next request in a fresh one', async () => {
    const { makerClient, started } = client();
    const controller = new AbortController();
    try {
      const endless = makerClient.generate(request(1, 'forever'), { signal: controller.signal, onProgress: () => controller.abort() });
      await expect(endless).rejects.toBeInstanceOf(AbortedError);
      expect(started).toHaveLength(1);
      expect((await makerClient.generate(request(2))).input).toBe(`${digitsOf(2, 6)}\n`);
      expect(started).toHaveLength(2);
      // Already aborted: refused before any worker hears of it.
      await expect(makerClient.generate(request(2), { signal: controller.signal })).rejects.toBeInstanceOf(AbortedError);
      expect(started).toHaveLength(2);
    } finally {
      makerClient.close();
    }
  });

  it("rejects with the generator's own error, and the worker goes on to the next request", async () => {
    const { makerClient, started } = client();
    try {
      const failed = makerClient.generate(request(5, 'throw'));
      await expect(failed).rejects.toThrow('no puzzle from seed 5');
      await expect(failed).rejects.toMatchObject({ name: 'RangeError' });
      expect((await makerClient.generate(request(5))).input).toBe(`${digitsOf(5, 6)}\n`);
      expect(started).toHaveLength(1);
    } finally {
      makerClient.close();
    }
  });

  it('rejects a puzzle that breaks the contract, naming what is wrong', async () => {
    const { makerClient } = client();
    try {
      await expect(makerClient.generate(request(5, 'lie'))).rejects.toThrow(
        `generate returned a puzzle whose difficulty "medium" is not one of the generator's levels (easy, hard)`,
      );
    } finally {
      makerClient.close();
    }
  });

  it('answers requests made at once in turn, each with its own puzzle', async () => {
    const { makerClient, started } = client();
    try {
      const puzzles = await Promise.all([1, 2, 3].map((seed) => makerClient.generate(request(seed, 'plain', [seed + 2]))));
      expect(puzzles.map((puzzle) => puzzle.input)).toEqual([1, 2, 3].map((seed) => `${digitsOf(seed, seed + 2)}\n`));
      expect(started).toHaveLength(1);
    } finally {
      makerClient.close();
    }
  });

  it('refuses every request once closed', async () => {
    const { makerClient } = client();
    makerClient.close();
    await expect(makerClient.generate(request(1))).rejects.toBeInstanceOf(AbortedError);
  });
});
