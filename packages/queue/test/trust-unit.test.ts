import { describe, expect, it } from 'vitest';
import {
  BadRecord,
  LIMITS,
  Signer,
  canonicalJson,
  checkJson,
  checkSummary,
  cutsText,
  loadSigner,
  readCuts,
  readSource,
  SUMMARY_BOUNDS,
} from '../src/trust/index.js';
import { QueueError, isLoopback, parseQueueUrl, redactUrl, withPassword } from '../src/connection.js';
import { blockCount, tasksOfBlock, RUN_BLOCKS, RUN_BLOCKS_EVEN, TASKS_PER_BLOCK } from '../src/spec.js';
import { checkBlockResult, checkRunResult, checkSpec, parseJson } from '../src/records.js';
import { tempDir, writeFile } from './support.js';

describe('canonical JSON and signatures', () => {
  it('gives the same bytes whatever the key order, and refuses what JSON cannot carry', () => {
    expect(canonicalJson({ b: [1, { d: 'x', c: null }], a: true })).toBe('{"a":true,"b":[1,{"c":null,"d":"x"}]}');
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(() => canonicalJson({ a: Number.NaN })).toThrow('NaN cannot be signed');
    expect(() => canonicalJson({ f: () => 1 })).toThrow('a function cannot be signed');
  });

  it('verifies its own signature only, for the same kind of record and the same bytes', () => {
    const signer = new Signer('a-secret-a-secret-a-secret-a-secret');
    const value = { run: 'run-0123456789', block: 3 };
    const signature = signer.sign('block-job', value);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signer.verify('block-job', { block: 3, run: 'run-0123456789' }, signature)).toBe(true);
    expect(signer.verify('block-result', value, signature)).toBe(false);
    expect(signer.verify('block-job', { ...value, block: 4 }, signature)).toBe(false);
    expect(new Signer('another-secret-another-secret-xx').verify('block-job', value, signature)).toBe(false);
    for (const bad of [undefined, 42, 'xyz', signature.toUpperCase(), `${signature}00`]) expect(signer.verify('block-job', value, bad)).toBe(false);
  });

  it('reads the secret from a file or a variable, never both, at least 32 characters', async () => {
    const dir = tempDir();
    const file = writeFile(dir, 'secret', `${'x'.repeat(40)}\n`);
    expect(await loadSigner({})).toBeUndefined();
    expect(await loadSigner({ KIT_QUEUE_SECRET_FILE: file })).toBeInstanceOf(Signer);
    await expect(loadSigner({ KIT_QUEUE_SECRET_FILE: file, KIT_QUEUE_SECRET: 'y'.repeat(40) })).rejects.toThrow(
      'set KIT_QUEUE_SECRET_FILE or KIT_QUEUE_SECRET, not both',
    );
    await expect(loadSigner({ KIT_QUEUE_SECRET: 'short' })).rejects.toThrow('KIT_QUEUE_SECRET: the secret must be one line of at least 32 characters');
    await expect(loadSigner({ KIT_QUEUE_SECRET_FILE: `${dir}/none` })).rejects.toThrow(`KIT_QUEUE_SECRET_FILE: ${dir}/none: no such secret file`);
    // The same secret in a file and in the variable signs alike.
    const a = (await loadSigner({ KIT_QUEUE_SECRET_FILE: file }))!.sign('shard', { x: 1 });
    expect((await loadSigner({ KIT_QUEUE_SECRET: 'x'.repeat(40) }))!.sign('shard', { x: 1 })).toBe(a);
  });
});

describe('bounds on what is read from elsewhere', () => {
  it('walks deep values without recursion and refuses what is out of bounds', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => checkJson(deep, SUMMARY_BOUNDS, 'x')).toThrow(new BadRecord('x is nested more than 16 deep'));
    expect(() => checkJson(new Array(200_000).fill(0), SUMMARY_BOUNDS, 'x')).toThrow('x has more than 100000 values');
    expect(() => checkJson({ s: 'a'.repeat(70_000) }, SUMMARY_BOUNDS, 'x')).toThrow('x holds a string of 70000 characters (at most 65536)');
    expect(() => checkJson({ s: 'red \u001b[31m' }, SUMMARY_BOUNDS, 'x')).toThrow('x holds a control character');
    expect(() => checkJson({ '\u009b': 1 }, SUMMARY_BOUNDS, 'x')).toThrow('x holds a control character');
    expect(() => checkJson({ n: 2 ** 60 }, SUMMARY_BOUNDS, 'x')).toThrow('x holds the number 1152921504606847000, out of range');
  });

  it('takes a summary whose solutions is a count', () => {
    expect(checkSummary({ solutions: 3, tries: 9, board: '6x10' }, 's')).toEqual({ solutions: 3, tries: 9, board: '6x10' });
    expect(() => checkSummary({ solutions: -5000 }, 's')).toThrow('s counts -5000 solutions');
    expect(() => checkSummary({ solutions: 1.5 }, 's')).toThrow('s counts 1.5 solutions');
    expect(() => checkSummary({ solutions: '3' }, 's')).toThrow('s counts "3" solutions');
    expect(() => checkSummary([1], 's')).toThrow('s is not a summary');
  });

  it('reads a search source: option names, text, flags and files, bounded', () => {
    const source = readSource(
      { options: { size: '6', all: true, 'piece-file': { name: 'p.txt', text: 'X\n' } }, input: { name: 'b.txt', text: '..\n' } },
      'run r',
    );
    expect(source).toEqual({ options: { size: '6', all: true, 'piece-file': { name: 'p.txt', text: 'X\n' } }, input: { name: 'b.txt', text: '..\n' } });
    expect(() => readSource({ options: { size: 6 } }, 'run r')).toThrow("run r: --size is not a file's name and text");
    expect(() => readSource({ options: { __proto__x: '1' } }, 'run r')).toThrow('run r has an option named "__proto__x"');
    expect(() => readSource({ options: {}, instance: {} }, 'run r')).toThrow('run r has an unknown field "instance"');
    expect(() => readSource({ options: { size: '6\u001b' } }, 'run r')).toThrow('run r: --size holds a control character');
    expect(() => readSource({ options: {}, input: { name: 'b', text: 'x'.repeat(LIMITS.inputText + 1) } }, 'run r')).toThrow(
      `run r: the input file is ${LIMITS.inputText + 1} characters long`,
    );
  });

  it("bounds a run's spec field by field (a task count of 1e10 is refused before anything is allocated)", () => {
    const spec = {
      run: 'run-0123456789',
      plugin: 'pentomino',
      version: '0.1.0',
      source: { options: {} },
      splitWidth: 256,
      tasksTotal: 3965,
      blocks: 1024,
      dealing: 'mixed',
      solutions: false,
      maxSolutions: 100000,
      submittedAt: 1,
      keepSeconds: 3600,
    };
    expect(checkSpec(spec, 'run-0123456789')).toEqual(spec);
    expect(() => checkSpec({ ...spec, tasksTotal: 1e10 }, 'run-0123456789')).toThrow(
      "run run-0123456789's spec: tasksTotal is 10000000000, not an integer from 1 to 1000000",
    );
    expect(() => checkSpec({ ...spec, blocks: 5000 }, 'run-0123456789')).toThrow('blocks is 5000, not an integer from 1 to 3965');
    expect(() => checkSpec({ ...spec, dealing: 'round-robin' }, 'run-0123456789')).toThrow(`run run-0123456789's spec: its dealing is not "mixed"`);
    expect(() => checkSpec({ ...spec, run: 'run-9999999999' }, 'run-0123456789')).toThrow('belongs to run run-9999999999');
    expect(() => checkSpec({ ...spec, plugin: '../../evil' }, 'run-0123456789')).toThrow('its plugin is "../../evil"');
    expect(checkSpec({ ...spec, cuts: '3 3.1 17' }, 'run-0123456789')).toEqual({ ...spec, cuts: '3 3.1 17' });
    expect(() => checkSpec({ ...spec, cuts: [[3]] }, 'run-0123456789')).toThrow("run run-0123456789's spec: its cuts is a list, not text");
  });

  it('records read back from Redis nested 100,000 deep are refused naming the limit, never recursed into', () => {
    const deep = `${'['.repeat(100_000)}1${']'.repeat(100_000)}`;
    const spec = checkSpec(
      {
        run: 'run-0123456789',
        plugin: 'pentomino',
        version: '0.1.0',
        source: { options: {} },
        splitWidth: 256,
        tasksTotal: 1,
        blocks: 1,
        dealing: 'mixed',
        solutions: true,
        maxSolutions: 100000,
        submittedAt: 1,
        keepSeconds: 3600,
      },
      'run-0123456789',
    );
    const block = (task: string) => parseJson(`{"run":"run-0123456789","block":0,"host":"h","tasks":[${task}]}`, 'a result');
    expect(() => checkBlockResult(block(`{"task":0,"summary":{"solutions":1,"x":${deep}},"solutions":[]}`), spec, 0, undefined)).toThrow(
      new BadRecord("block 0 of run run-0123456789: task 0's summary is nested more than 16 deep"),
    );
    expect(() => checkBlockResult(block(`{"task":0,"summary":{"solutions":1},"solutions":[${deep}]}`), spec, 0, undefined)).toThrow(
      new BadRecord("block 0 of run run-0123456789: task 0's solution 1 is nested more than 16 deep"),
    );
    // A deep field no check reads: signed records refuse it (the signature cannot cover it).
    const signer = new Signer('a-secret-a-secret-a-secret-a-secret');
    const extra = parseJson(
      `{"run":"run-0123456789","block":0,"host":"h","tasks":[{"task":0,"summary":{"solutions":1},"solutions":[]}],"x":${deep},"sig":"${'0'.repeat(64)}"}`,
      'a result',
    );
    expect(() => checkBlockResult(extra, spec, 0, signer)).toThrow(
      new BadRecord('block 0 of run run-0123456789: its result has a signature that does not match the shared secret'),
    );
    const result = parseJson(`{"run":"run-0123456789","host":"h","summary":{"solutions":1},"solutions":[${deep}],"finishedAt":1}`, 'a result');
    expect(() => checkRunResult(result, spec, undefined)).toThrow(new BadRecord("run run-0123456789's result: solution 1 is nested more than 16 deep"));
    expect(() =>
      checkSpec(
        parseJson(
          `{"run":"run-0123456789","plugin":"pentomino","version":"0.1.0","source":{"options":{"size":${deep}}},"tasksTotal":1,"solutions":false}`,
          'a spec',
        ),
        'run-0123456789',
      ),
    ).toThrow(new BadRecord("run run-0123456789's search: --size is not a file's name and text"));
  });

  it("reads a run's cuts as text, bounded: count, depth, each number", () => {
    const cuts = [[3], [3, 1], [3, 1, 12], [17]];
    expect(cutsText(cuts)).toBe('3 3.1 3.1.12 17');
    expect(readCuts(cutsText(cuts), 'cuts')).toEqual(cuts);
    expect(readCuts('', 'cuts')).toEqual([]);
    expect(() => readCuts(7, 'cuts')).toThrow(new BadRecord('cuts is 7, not text'));
    expect(() => readCuts('1 '.repeat(LIMITS.cutsText), 'cuts')).toThrow(`cuts is ${2 * LIMITS.cutsText} characters long (at most ${LIMITS.cutsText})`);
    expect(() => readCuts(Array.from({ length: LIMITS.cuts + 1 }, () => '1').join(' '), 'cuts')).toThrow(
      `cuts names ${LIMITS.cuts + 1} cuts (at most ${LIMITS.cuts})`,
    );
    expect(() => readCuts(Array.from({ length: 33 }, () => '0').join('.'), 'cuts')).toThrow(/^cuts: cut "0\.0\.[0.]+…" is more than 32 deep$/);
    for (const bad of ['1e3', '-1', '01', '1..2', '1.', ' 1', '2  3', '1000000', '99999999999', '1\u001b', 'x']) {
      expect(() => readCuts(bad, 'cuts'), bad).toThrow(/^cuts: cut .* is not task numbers \(as 12\.3\.0\)$/);
    }
  });
});

describe('Redis URLs', () => {
  it('never prints a password', () => {
    expect(redactUrl('redis://:s3cret@10.0.0.5:6379')).toBe('redis://:***@10.0.0.5:6379');
    expect(redactUrl('rediss://kit:p%40ss@host:6380/2')).toBe('rediss://kit:***@host:6380/2');
    expect(redactUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });

  it('takes redis:// and rediss:// only, with a database number', () => {
    expect(parseQueueUrl('rediss://kit:p%40ss@host:6380/2')).toEqual({
      url: 'rediss://kit:p%40ss@host:6380/2',
      host: 'host',
      port: 6380,
      db: 2,
      tls: true,
      username: 'kit',
      password: 'p@ss',
    });
    expect(parseQueueUrl('redis://[::1]').host).toBe('::1');
    expect(() => parseQueueUrl('http://h:1')).toThrow(QueueError);
    expect(() => parseQueueUrl('localhost:6379')).toThrow(
      '--queue must be a Redis URL, redis://HOST:PORT or rediss://[:PASSWORD@]HOST:PORT (got "localhost:6379")',
    );
    expect(() => parseQueueUrl('redis://h/x')).toThrow('redis://h/x: the database must be a number, as in redis://HOST:PORT/2 (got "x")');
    expect(() => parseQueueUrl('redis://h:1/?db=2')).toThrow('a Redis URL takes no ?query or #fragment');
    expect(parseQueueUrl(withPassword('redis://h:1', 'p@ss/w:rd'))).toMatchObject({ password: 'p@ss/w:rd' });
  });

  it('knows a Redis on this machine', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '[::1]']) expect(isLoopback(parseQueueUrl(`redis://${host}:6379`))).toBe(true);
    for (const host of ['10.0.0.5', '192.0.2.1', 'redis', '128.0.0.1']) expect(isLoopback(parseQueueUrl(`redis://${host}:6379`))).toBe(false);
  });
});

describe('blocks of a run', () => {
  it('gives a run one job a task up to RUN_BLOCKS_EVEN, then one more per TASKS_PER_BLOCK tasks up to RUN_BLOCKS', () => {
    expect(blockCount(3)).toBe(3);
    expect(blockCount(RUN_BLOCKS_EVEN)).toBe(RUN_BLOCKS_EVEN);
    expect(blockCount(5000)).toBe(RUN_BLOCKS_EVEN);
    expect(blockCount(RUN_BLOCKS_EVEN * TASKS_PER_BLOCK + 1)).toBe(RUN_BLOCKS_EVEN + 1);
    expect(blockCount(32768)).toBe(RUN_BLOCKS);
    expect(blockCount(1_000_000)).toBe(RUN_BLOCKS);
  });

  it('deals a shuffle of the tasks round-robin: each task once, ascending in its block, the same deal on every call', () => {
    const blocks = Array.from({ length: 1024 }, (_, block) => tasksOfBlock(block, 1024, 3000, 'mixed'));
    expect(blocks.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 3000 }, (_, task) => task));
    for (const tasks of blocks) {
      expect(tasks.length === 2 || tasks.length === 3).toBe(true);
      expect([...tasks].sort((a, b) => a - b)).toEqual(tasks);
    }
    // Neighbours in task order (a cut task's pieces) land in different blocks.
    expect(new Set(Array.from({ length: 64 }, (_, task) => blocks.findIndex((tasks) => tasks.includes(task)))).size).toBeGreaterThan(60);
    expect(tasksOfBlock(5, 1024, 3000, 'mixed')).toEqual(blocks[5]);
    expect(tasksOfBlock(1024, 1024, 3000, 'mixed')).toEqual([]);
    // One task a block: task t is block t's.
    expect(tasksOfBlock(7, 10, 10, 'mixed')).toEqual([7]);
  });
});
