// `--count` prints the plugin's summary alone (docs/contract.md): the last line of what a full run
// ends with, for every plugin the kit ships, even one whose summary opens with a table (Puyo).
import { describe, expect, it } from 'vitest';
import { kit } from './helpers.js';

const shipped = kit(['list'])
  .stdout.trim()
  .split('\n')
  .map((line) => line.split(/\s+/)[0]!);

function firstExample(id: string): string {
  const listed = /kit run \S+ --example (\S+)/.exec(kit(['info', id]).stdout);
  if (!listed) throw new Error(`kit info ${id} names no example`);
  return listed[1]!;
}

describe('kit run ID --count', () => {
  it('covers every plugin the kit ships', () => {
    expect(shipped).toEqual(['hitori-sat', 'katamino', 'pentomino', 'polycube', 'puyo', 'sudoku']);
  });

  for (const id of shipped) {
    it(`${id}: one line, the last line of the full run`, { timeout: 90_000 }, () => {
      const example = firstExample(id);
      const full = kit(['run', id, '--example', example, '--limit', '2', '--quiet', '--no-color']);
      const count = kit(['run', id, '--example', example, '--limit', '2', '--count']);
      expect([full.status, count.status, count.stderr]).toEqual([0, 0, '']);
      expect(count.stdout).toBe(`${full.stdout.trimEnd().split('\n').at(-1)}\n`);
      expect(full.stdout.trimEnd().split('\n').length).toBeGreaterThan(1);
    });
  }

  it('puyo: the totals without the chain table or the share links', () => {
    expect(kit(['run', 'puyo', '--example', 'two-chain', '--count']).stdout).toBe('2 chains, 360 points\n');
  });
});
