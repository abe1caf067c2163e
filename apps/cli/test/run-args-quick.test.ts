// The quick parser must read every input it accepts exactly as the commander command does, and
// accept the plain inputs most runs are.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { OptionSpec } from '@kit/core';
import type { AnyPlugin } from '@kit/core/host';
import { configureCommand } from '../src/commander-setup.js';
import { buildRunCommand } from '../src/run-command.js';
import { parseRunArgsQuickly } from '../src/run-args-quick.js';
import { COMMON_FLAGS, COMMON_VALUE_FLAGS } from '../src/run-flag-names.js';
import { COUNTING, REPO } from './helpers.js';

// The plugins of this repository, as the CLI finds them (built), and the test fixture.
const load = async (path: string) => ((await import(pathToFileURL(path).href)) as { default: AnyPlugin }).default;
const [pentomino, katamino, puyo, hitori, counting] = await Promise.all([
  ...['pentomino', 'katamino', 'puyo', 'hitori-sat'].map((name) => load(join(REPO, 'packages', name, 'dist', 'plugin.js'))),
  load(COUNTING),
]);

function byCommander(plugin: AnyPlugin, args: string[]): { opts: Record<string, unknown>; args: readonly string[] } | 'error' {
  const command = configureCommand(buildRunCommand(plugin));
  command.configureOutput({ writeOut: () => {}, writeErr: () => {}, outputError: () => {} });
  try {
    command.parse(args, { from: 'user' });
  } catch {
    return 'error';
  }
  return { opts: { ...command.opts() }, args: command.args };
}

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const COMMON_WORDS = [
  ['-q'],
  ['--quiet'],
  ['--count'],
  ['--json'],
  ['--no-color'],
  ['--limit', '3'],
  ['--limit=7'],
  ['--threads', '1'],
  ['--delay', '0'],
  ['--shard', '1/2'],
  ['--queue', 'redis://h:1'],
  ['--max-solutions=9'],
  ['--plugin', './p.js'],
  ['--limit', '-1'],
  ['--count=yes'],
  ['-h'],
  ['--bogus'],
  ['--'],
  ['-qx'],
];

/** Words a user might type for one option spec: valid and not. */
function wordsFor(spec: OptionSpec, pick: <T>(list: readonly T[]) => T): string[] {
  const flag = pick([`--${spec.name}`, ...(spec.short ? [`-${spec.short}`] : [])]);
  if (spec.type === 'boolean') return pick([[flag], [`--no-${spec.name}`], [`${flag}=true`]]);
  const value = pick(['3', 'abc', 'FILN', '', '-2', '--json', 'x y']);
  return pick([[flag, value], [`--${spec.name}=${value}`], [flag]]);
}

describe('kit run arguments read without commander', () => {
  it('know the common flags the commander command has, and which take a value', () => {
    const command = buildRunCommand({ ...pentomino!, options: [] } as AnyPlugin);
    const commanderFlags = Object.fromEntries(
      command.options
        .filter((option) => !option.negate && option.long !== '--help' && option.long !== '--version')
        .map((option) => [option.long!.slice(2), { value: option.required, ...(option.short ? { short: option.short.slice(1) } : {}) }]),
    );
    expect(commanderFlags).toEqual(COMMON_FLAGS);
    expect(command.options.filter((option) => option.negate).map((option) => option.long)).toEqual(['--no-color']);
    expect(COMMON_VALUE_FLAGS).toEqual(['--limit', '--delay', '--threads', '--plugin', '--shard', '--queue', '--max-solutions', '--keep', '--example']);
  });

  it.each([pentomino!, katamino!, puyo!, hitori!, counting!].map((plugin) => [plugin.id, plugin] as const))(
    'read as commander reads them (%s, 2,000 random inputs)',
    (_id, plugin) => {
      const random = seeded(plugin.id.length * 7919);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
      let quick = 0;
      for (let i = 0; i < 2000; i++) {
        const words: string[] = [];
        const count = Math.floor(random() * 5);
        for (let j = 0; j < count; j++) {
          const r = random();
          if (r < 0.45 && plugin.options.length > 0) words.push(...wordsFor(pick(plugin.options), pick));
          else if (r < 0.85) words.push(...pick(COMMON_WORDS));
          else words.push(pick(['board.txt', '-', 'x']));
        }
        const fast = parseRunArgsQuickly(plugin, words);
        if (fast === undefined) continue;
        quick++;
        expect({ opts: { ...fast.opts }, args: fast.args }, words.join(' ')).toEqual(byCommander(plugin, words));
      }
      // Most plain inputs are read quickly: the fast path is real.
      expect(quick).toBeGreaterThan(500);
    },
  );

  it('leaves help, negations of options on by default, clusters and mistakes to commander', () => {
    for (const words of [['-h'], ['--help'], ['--bogus'], ['-q6'], ['--limit'], ['--count=1'], ['--size', '--no-color']]) {
      expect(parseRunArgsQuickly(pentomino!, words), words.join(' ')).toBeUndefined();
    }
    const onByDefault = { ...pentomino!, options: [...pentomino!.options, { name: 'fancy', type: 'boolean', default: true, help: 'x' }] } as AnyPlugin;
    expect(parseRunArgsQuickly(onByDefault, ['--count'])).toBeUndefined();
    expect(parseRunArgsQuickly(pentomino!, ['--size', '6', '--count', '--no-color', 'b.txt'])).toEqual({
      opts: Object.assign(Object.create(null), { size: '6', count: true, color: false }) as Record<string, unknown>,
      args: ['b.txt'],
    });
  });
});
