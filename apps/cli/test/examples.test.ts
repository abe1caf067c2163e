// `kit run ID --example NAME` runs one of the plugin's named examples (its samples, which the page
// offers as ?example=NAME), and `kit info` lists them.
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { kit, tempDir, writeFiles } from './helpers.js';

// Adds the numbers of its input (and of --extra), --times times over.
const SUMS = `export default {
  apiVersion: 1,
  id: 'sums',
  title: 'Sums',
  description: 'Adds numbers.',
  version: '1.0.0',
  input: { formats: ['numbers'], required: true, help: 'numbers, one a line' },
  options: [
    { name: 'times', type: 'int', min: 1, max: 9, default: 1, help: 'how many times over' },
    { name: 'extra', type: 'file', help: 'more numbers' },
  ],
  samples: [
    { name: 'three', title: 'One, two, three', input: '1\\n2\\n3\\n', options: { times: 2 } },
    { name: 'with-extra', title: 'Ten and an extra file', input: '10\\n', options: { extra: '5\\n5\\n' } },
  ],
  parse: (options, file) => {
    const numbers = (text) => text.trim().split('\\n').map(Number);
    return { total: [...numbers(file.text), ...(options.extra ? numbers(options.extra.text) : [])].reduce((a, b) => a + b, 0) * options.times, from: file.name };
  },
  solver: async () => ({ solve: (instance, ctx) => { ctx.solution(instance); return { solutions: 1 }; } }),
  view: () => ({ width: 1, height: 1, cells: [{ label: 'x' }] }),
  summarize: (summary, instance) => 'sum ' + instance.total + ' from ' + instance.from,
};
`;

function sums(): string {
  const cwd = tempDir();
  writeFiles(cwd, { 'sums.js': SUMS });
  return cwd;
}

describe('named examples', () => {
  it('kit info lists them with the command that runs each', () => {
    const result = kit(['info', 'sums', '--plugin', './sums.js'], { cwd: sums() });
    expect(result.stdout).toContain(
      'Named examples:\n  kit run sums --example three       One, two, three\n  kit run sums --example with-extra  Ten and an extra file\n',
    );
  });

  it('runs one: its input and options, and a file option given as text', () => {
    const cwd = sums();
    expect(kit(['run', 'sums', '--example', 'three', '--count', '--plugin', './sums.js'], { cwd }).stdout).toBe('sum 12 from example three\n');
    expect(kit(['run', 'sums', '--example=with-extra', '--count', '--plugin', './sums.js'], { cwd }).stdout).toBe('sum 20 from example with-extra\n');
  });

  it('takes the options given beside it over its own', () => {
    const result = kit(['run', 'sums', '--example', 'three', '--times', '3', '--count', '--plugin', './sums.js'], { cwd: sums() });
    expect([result.status, result.stdout]).toEqual([0, 'sum 18 from example three\n']);
  });

  it('refuses an unknown name, listing the known ones, and a file given as well: one line, exit 2', () => {
    const cwd = sums();
    writeFiles(cwd, { 'mine.txt': '4\n' });
    const unknown = kit(['run', 'sums', '--example', 'four', '--plugin', './sums.js'], { cwd });
    expect([unknown.status, unknown.stdout, unknown.stderr]).toEqual([
      2,
      '',
      'kit: --example: kit run sums has no example named "four" (available: three, with-extra; see kit info sums)\n',
    ]);
    const both = kit(['run', 'sums', 'mine.txt', '--example', 'three', '--plugin', './sums.js'], { cwd });
    expect([both.status, both.stderr]).toEqual([2, 'kit: --example three brings its own input: give the example or the file "mine.txt", not both\n']);
    const neither = kit(['run', 'sums', '--plugin', './sums.js'], { cwd });
    expect([neither.status, neither.stderr]).toEqual([2, 'kit: kit run sums needs a file (numbers) or --example NAME (see kit info sums)\n']);
  });

  it("runs the kit's own: the 6x10 pentomino board and a Sudoku", () => {
    expect(kit(['run', 'pentomino', '--example', '6x10', '--count', '--threads', '1']).stdout).toBe(
      `6x10: ${reference.pentomino['6x10'].distinct} solutions, ${reference.pentomino['6x10'].tries} tries\n`,
    );
    const sudoku = kit(['run', 'sudoku', '--example', 'wikipedia', '--count']);
    expect([sudoku.status, sudoku.stdout]).toEqual([0, '9x9: 1 solution (unique), 30 givens, 51 tries\n']);
  });
});
