// Issue 13: inputs that hung, crashed or passed though wrong, each as the user meets it.
import { execFileSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, kit, tempDir, writeFiles } from './helpers.js';

/** Exit 2 with exactly this one line on stderr. */
const refused = (result: { status: number | null; stderr: string }, line: string) => expect([result.status, result.stderr]).toEqual([2, `${line}\n`]);

describe('file arguments that are not regular files of reasonable size', () => {
  const dir = tempDir();
  const fifo = join(dir, 'fifo');
  execFileSync('mkfifo', [fifo]);
  const big = join(dir, 'big.txt');
  writeFileSync(big, `${'.'.repeat(9_999)}\n`.repeat(1000)); // 10 MB of board
  const notRegular = (path: string) => `kit: ${path}: is not a regular file (a device, pipe or socket); give a file saved on disk`;

  // Each of these used to hang (a blocking read on the main thread) until killed.
  it.each([
    ['the positional board', (path: string) => ['run', 'pentomino', path]],
    ['--board', (path: string) => ['run', 'pentomino', '--board', path]],
    ['--piece-file', (path: string) => ['run', 'pentomino', '--piece-file', path]],
    ['hitori --fill', (path: string) => ['run', 'hitori-sat', '--fill', path]],
    ['the hitori puzzle', (path: string) => ['run', 'hitori-sat', path]],
    ['the puyo field', (path: string) => ['run', 'puyo', path]],
    ['the sudoku', (path: string) => ['run', 'sudoku', path]],
  ])('refuses /dev/zero, /dev/urandom and a FIFO at once as %s', (_what, args) => {
    for (const path of ['/dev/zero', '/dev/urandom', fifo]) refused(kit(args(path)), notRegular(path));
  });

  it('refuses a file over the size limit (1 MiB by default), saying the limit', () => {
    refused(kit(['run', 'pentomino', big]), `kit: ${big}: is 9.5 MiB, over the 1 MiB limit for this input`);
    refused(kit(['run', 'pentomino', '--piece-file', big]), `kit: ${big}: is 9.5 MiB, over the 1 MiB limit for this input`);
    refused(kit(['run', 'hitori-sat', '--fill', big]), `kit: ${big}: is 9.5 MiB, over the 1 MiB limit for this input`);
  });

  it("applies a plugin's own limit for a file option and for its input", () => {
    const root = tempDir();
    writeFiles(root, {
      'plugin.js': `export default {
  apiVersion: 1, id: 'tiny', title: 'Tiny', description: 'Small files only.', version: '1.0.0',
  input: { formats: ['text'], maxBytes: 8 },
  options: [{ name: 'data', type: 'file', maxBytes: 4, help: 'data' }],
  parse: (options, input) => ({ text: (input?.text ?? '') + (options.data?.text ?? '') }),
  solver: async () => ({ solve: (instance, ctx) => { ctx.solution(instance.text); return { solutions: 1 }; } }),
  view: (text) => ({ width: 1, height: 1, cells: [{ label: text }] }),
};
`,
      'five.txt': '12345',
      'four.txt': '1234',
      'nine.txt': '123456789',
    });
    const run = (...args: string[]) => kit(['run', 'tiny', '--plugin', './plugin.js', '--json', ...args], { cwd: root });
    refused(run('--data', 'five.txt'), 'kit: five.txt: is 5 bytes, over the 4 bytes limit for this input');
    refused(run('nine.txt'), 'kit: nine.txt: is 9 bytes, over the 8 bytes limit for this input');
    const ok = run('four.txt', '--data', 'four.txt');
    expect([ok.status, ok.stderr]).toEqual([0, '']);
    expect(JSON.parse(ok.stdout.split('\n')[0]!)).toMatchObject({ type: 'solution', solution: '12341234' });
  });

  it('still names a missing file, a directory and a path through a file', () => {
    const root = tempDir();
    writeFiles(root, { 'file.txt': '.....\n' });
    const at = (name: string) => join(root, name);
    refused(kit(['run', 'pentomino', at('nothere.txt')]), `kit: ${at('nothere.txt')}: no such file`);
    refused(kit(['run', 'pentomino', root]), `kit: ${root}: is a directory, not a file`);
    refused(kit(['run', 'pentomino', at('file.txt/board')]), `kit: ${at('file.txt/board')}: no such file (a part of the path is not a directory)`);
  });
});

describe('--threads', () => {
  it('is capped at the available cores, with a note on stderr', () => {
    const root = tempDir();
    // Each task reports the worker thread it ran on: the number of distinct threads is what ran.
    writeFiles(root, {
      'plugin.js': `export default {
  apiVersion: 1, id: 'where', title: 'Where', description: 'Which thread ran each task.', version: '1.0.0',
  options: [],
  parse: () => ({}),
  solver: () => import('./solver.js').then((m) => m.solver),
  view: (id) => ({ width: 1, height: 1, cells: [{ label: String(id) }] }),
};
`,
      'solver.js': `import { threadId } from 'node:worker_threads';
const wait = (ms) => { const end = performance.now() + ms; while (performance.now() < end); };
export const solver = {
  solve: () => ({ solutions: 0 }),
  split: () => ({ tasks: 40, solveTask(task, ctx) { wait(5); ctx.solution(threadId); return { solutions: 1 }; } }),
};
`,
    });
    const result = kit(['run', 'where', '--plugin', './plugin.js', '--json', '--threads', '1000'], { cwd: root });
    const cores = availableParallelism();
    expect(result.stderr).toBe(`kit: --threads 1000 is more than the ${cores} available core${cores === 1 ? '' : 's'}; using ${cores}\n`);
    expect(result.status).toBe(0);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; solution?: number });
    const threads = new Set(events.filter((event) => event.type === 'solution').map((event) => event.solution));
    expect(events.filter((event) => event.type === 'solution')).toHaveLength(40);
    expect(threads.size).toBeLessThanOrEqual(cores);
    expect(kit(['run', 'where', '--plugin', './plugin.js', '--count', '--threads', String(cores)], { cwd: root }).stderr).toBe('');
  });
});

describe('big shapes and boards', () => {
  it('reads a 400x400-cell piece (a Math.min spread used to overflow the stack)', () => {
    const root = tempDir();
    writeFiles(root, { 'huge.txt': `${'A'.repeat(400)}\n`.repeat(400) });
    refused(kit(['run', 'pentomino', '--piece-file', join(root, 'huge.txt')]), 'kit: the board has 60 cells but the 1 piece covers 160000');
  });

  it('refuses a big board with the wrong area with one line (packages/pentomino/test/parse-order.test.ts shows no grid is built)', () => {
    const root = tempDir();
    writeFiles(root, { 'board.txt': `${'.'.repeat(1000)}\n`.repeat(1000) });
    refused(kit(['run', 'pentomino', join(root, 'board.txt')]), `${join(root, 'board.txt')}: the board has 1000000 cells but the 12 pieces cover 60`);
  });
});

describe('values that were accepted though wrong', () => {
  it('refuses an empty value for any option that takes one', () => {
    refused(kit(['run', 'pentomino', '--pieces', '']), 'kit: --pieces is empty: give letters from FILNPTUVWXYZ, or leave the option out');
    refused(kit(['run', 'katamino', '--pieces', '']), 'kit: --pieces is empty: give letters from FILNPTUVWXYZ, or leave the option out');
    refused(kit(['run', 'hitori-sat', '--generate', '5x5', '-o', '']), 'kit: --output is empty: give a value like FILE, or leave the option out');
    refused(kit(['run', 'pentomino', '--size', '']), 'kit: --size is empty: give an integer from 3 to 8, or leave the option out');
    refused(kit(['run', 'pentomino', '--board', '']), 'kit: --board is empty: give a file (board-text), or leave the option out');
  });

  it('refuses a challenge row left empty after the colon', () => {
    refused(
      kit(['run', 'katamino', '--challenge', 'small-slam:']),
      "kit: challenge small-slam: the row after ':' is empty (rows ABCDEFG, or leave out ':' for every row)",
    );
  });
});

describe('option names that are Object.prototype members', () => {
  it('runs a plugin with options called constructor and to-string, given or not', () => {
    const root = tempDir();
    writeFiles(root, {
      'plugin.js': `export default {
  apiVersion: 1, id: 'proto', title: 'Proto', description: 'Awkward option names.', version: '1.0.0',
  options: [
    { name: 'constructor', type: 'string', help: 'a text' },
    { name: 'to-string', type: 'int', default: 3, help: 'a number' },
    { name: 'value-of', type: 'boolean', help: 'a switch' },
  ],
  parse: (options) => ({ text: options.constructor ?? 'none', n: options['to-string'], flag: options['value-of'] ?? 'unset' }),
  solver: async () => ({ solve: (instance, ctx) => { ctx.solution(instance); return { solutions: 1 }; } }),
  view: () => ({ width: 1, height: 1, cells: [{}] }),
};
`,
    });
    const run = (...args: string[]) => kit(['run', 'proto', '--plugin', './plugin.js', '--json', ...args], { cwd: root });
    const solution = (result: { stdout: string }) => (JSON.parse(result.stdout.split('\n')[0]!) as { solution: unknown }).solution;
    const plain = run();
    expect([plain.status, plain.stderr]).toEqual([0, '']);
    expect(solution(plain)).toEqual({ text: 'none', n: 3, flag: 'unset' });
    const given = run('--constructor', 'hello', '--to-string', '7', '--value-of');
    expect([given.status, given.stderr]).toEqual([0, '']);
    expect(solution(given)).toEqual({ text: 'hello', n: 7, flag: true });
  });
});

describe('a plugin whose parse throws', () => {
  it('is named in the one-line fault (exit 1)', () => {
    const root = tempDir();
    writeFiles(root, {
      'plugin.js': `export default {
  apiVersion: 1, id: 'clumsy', title: 'Clumsy', description: 'Its parse has a bug.', version: '1.0.0',
  options: [],
  parse: (options) => options.missing.length,
  solver: async () => ({ solve: () => ({ solutions: 0 }) }),
  view: () => ({ width: 1, height: 1, cells: [{}] }),
};
`,
    });
    const result = kit(['run', 'clumsy', '--plugin', './plugin.js'], { cwd: root });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      "kit: plugin clumsy failed while reading its input: TypeError: Cannot read properties of undefined (reading 'length') (set KIT_DEBUG=1 to see the stack trace)\n",
    );
  });
});

describe('kit create-plugin --dir that cannot be a directory', () => {
  it("is the user's input (exit 2, one line), not an internal fault", () => {
    const root = tempDir();
    writeFiles(root, { 'file.txt': 'x' });
    symlinkSync(join(root, 'nowhere'), join(root, 'dangling'));
    refused(
      kit(['create-plugin', 'queens', '--dir', 'file.txt/sub'], { cwd: root }),
      `kit: ${join(root, 'file.txt')} is a file, not a directory; choose another --dir`,
    );
    refused(
      kit(['create-plugin', 'queens', '--dir', 'dangling'], { cwd: root }),
      `kit: ${join(root, 'dangling')} already exists (a symbolic link to a missing ${join(root, 'nowhere')}); choose another directory`,
    );
    refused(
      kit(['create-plugin', 'queens', '--dir', 'dangling/sub'], { cwd: root }),
      `kit: ${join(root, 'dangling')} is a symbolic link to a missing ${join(root, 'nowhere')}; choose another --dir`,
    );
  });
});

describe('messages that echo input are safe for a terminal', () => {
  // A title-setting OSC, BEL, DEL, a C1 CSI and a bidi override: a terminal acts on each if it is
  // printed raw (U+202E reverses what follows it on the line).
  const EVIL = '\u001b]0;PWNED\u0007\u009b\u007f\u202e';
  const root = tempDir();
  const file = (name: string, text: string) => {
    writeFileSync(join(root, name), text);
    return join(root, name);
  };
  /** One line, no control character but its newline, short, exit 2. */
  const safe = (result: { status: number | null; stderr: string }) => {
    expect(result.status).toBe(2);
    expect(result.stderr.endsWith('\n')).toBe(true);
    const line = result.stderr.slice(0, -1);
    expect(line).not.toMatch(/[\p{Cc}\p{Cf}\u2028\u2029]/u);
    expect(line.length).toBeLessThan(460);
    return line;
  };

  it.each([
    ['a pentomino board', () => ['run', 'pentomino', file('board.txt', `.....\n..\u009b..\n`)]],
    ['a pentomino piece file', () => ['run', 'pentomino', '--piece-file', file('pieces.txt', `\u009b\n\n\u009b\n`)]],
    ['pentomino --pieces', () => ['run', 'pentomino', '--pieces', `FI${EVIL}`]],
    ['katamino --pieces', () => ['run', 'katamino', '--pieces', `LN${EVIL}`]],
    ['katamino --challenge', () => ['run', 'katamino', '--challenge', `small-slam:${EVIL}`]],
    ['katamino --n', () => ['run', 'katamino', '--n', EVIL]],
    ['a puyo field', () => ['run', 'puyo', file('field.txt', `RGB\u009b\n`)]],
    ['a puyo field with a bidi override', () => ['run', 'puyo', file('field-bidi.txt', `RGB\u202e\n`)]],
    ['a katamino challenge file', () => ['run', 'katamino', file('challenge.txt', `pieces LN${EVIL}\n`)]],
    ['puyo --url', () => ['run', 'puyo', '--url', `https://puyop.com/s/\u009b${EVIL}`]],
    ['a PencilBox Hitori', () => ['run', 'hitori-sat', file('p.txt', `3\n3\n1 2 ${EVIL}\n2 3 1\n3 1 2\n`)]],
    ['a plain-grid Hitori', () => ['run', 'hitori-sat', '--format', 'grid', file('g.txt', `1 2 ${EVIL}\n2 3 1\n3 1 2\n`)]],
    ['a Singles game ID', () => ['run', 'hitori-sat', '--format', 'singles', file('s.txt', `3x3:${EVIL}`)]],
    ['a puzz.link URL', () => ['run', 'hitori-sat', '--format', 'puzz.link', file('u.txt', `https://puzz.link/p?hitori/3/3/${EVIL}`)]],
    ['hitori --fill', () => ['run', 'hitori-sat', '--fill', file('f.txt', `3\n3\n0 ${EVIL} 0\n0 0 0\n0 0 0\n`)]],
    ['hitori --generate', () => ['run', 'hitori-sat', '--generate', EVIL]],
    ['a sudoku file', () => ['run', 'sudoku', file('sudoku.txt', `\u009b${EVIL}`)]],
    ['sudoku --puzzle', () => ['run', 'sudoku', '--puzzle', `\u009b${EVIL}`]],
    ['an unknown option', () => ['run', 'pentomino', `--x${EVIL}`]],
    ['an unknown plugin', () => ['run', `x${EVIL}`]],
  ])('escapes control characters from %s', (_what, args) => {
    safe(kit(args()));
  });

  it('shows what was escaped, so the message still says what was wrong', () => {
    const path = file('shown.txt', `3\n3\n1 2 ${EVIL}\n2 3 1\n3 1 2\n`);
    // Hitori quotes input through the same escaping function, and the CLI's leaves that as it is.
    expect(safe(kit(['run', 'hitori-sat', path]))).toBe(`${path}:3:5: '\\e]0;PWNED\\x07\\x9b\\x7f\\u202e' is not a number`);
    expect(safe(kit(['run', 'puyo', file('bidi.txt', 'RGB\u202e\n')]))).toBe(
      `${join(root, 'bidi.txt')}:1:4: unexpected "\\u202e": a cell is R, G, B, Y, P, O (garbage), or a space or . (empty)`,
    );
    // JSON.stringify quotes C0 controls but not DEL or C1 (U+009B is a CSI to some terminals).
    expect(safe(kit(['run', 'pentomino', '--pieces', 'FI\u009b']))).toBe('kit: unknown piece "\\x9b" in --pieces (choose from FILNPTUVWXYZ)');
  });

  it('cuts a message that quotes a huge token to one short line', () => {
    const token = '7'.repeat(900_000);
    const path = file('huge.txt', `1 2 x${token}\n2 3 1\n3 1 2\n`);
    // Hitori cuts the token itself; whoever cuts, the line stays short (safe() checks the length).
    const line = safe(kit(['run', 'hitori-sat', '--format', 'grid', path]));
    expect(line.startsWith(`${path}:1:5: 'x7777`)).toBe(true);
    const long = 'Q'.repeat(100_000);
    const challenge = safe(kit(['run', 'katamino', '--challenge', long]));
    expect(challenge).toMatch(/^kit: unknown challenge "QQQQ+… \(cut; 100\d\d\d characters in all\)$/);
  });
});

describe('strings from files on stdout go through the one escaping function', () => {
  const EVIL = '\u001b]0;PWNED\u0007\u009b\u202e';
  const SHOWN = '\\e]0;PWNED\\x07\\x9b\\u202e';

  it("kit list: a plugin's title and version from its package.json", () => {
    const root = tempDir();
    writeFiles(root, {
      'evil/package.json': JSON.stringify({
        name: 'evil',
        version: `1.0.0${EVIL}`,
        type: 'module',
        kit: { apiVersion: 1, plugins: [{ id: 'evil', title: `Evil ${EVIL}`, module: './plugin.js' }] },
      }),
      'evil/plugin.js': 'export default {};\n',
    });
    const result = kit(['list', '--plugin', './evil'], { cwd: root });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`evil  1.0.0${SHOWN}  Evil ${SHOWN}\n`);
  });

  it("a solution's cell labels: pieces named by a piece file", () => {
    const root = tempDir();
    writeFiles(root, { 'board.txt': '.....\n', 'piece.txt': '\u009b\u009b\u009b\u009b\u009b\n' });
    const result = kit(['run', 'pentomino', join(root, 'board.txt'), '--piece-file', join(root, 'piece.txt')]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('No. 1\n\\x9b \\x9b \\x9b \\x9b \\x9b\n\n1x5: 1 solutions, 1 tries\n');
  });

  it("a summary line quoting the input file's name", () => {
    const root = tempDir();
    const target = join(root, `so${EVIL}ma.xmpuzzle`);
    writeFileSync(target, readFileSync(join(REPO, 'packages', 'polycube', 'test', 'fixtures', 'soma-burrtools.xmpuzzle')));
    const result = kit(['run', 'polycube', '--target', target, '--count', '--limit', '1']);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${join(root, `so${SHOWN}ma.xmpuzzle`)} problem 1 (soma) 3x3x3: 1 solution up to rotations and reflections, 258 tries\n`);
  });
});

describe('a boolean option that is on by default', () => {
  it('shows --no-NAME in the help, not --NAME [default true], and both spellings work', () => {
    const root = tempDir();
    writeFiles(root, {
      'plugin.js': `export default {
  apiVersion: 1, id: 'anim', title: 'Anim', description: 'A switch that is on.', version: '1.0.0',
  options: [{ name: 'steps', type: 'boolean', default: true, help: 'animate every step' }],
  parse: (options) => ({ steps: options.steps }),
  solver: async () => ({ solve: (instance, ctx) => { ctx.solution(instance.steps); return { solutions: 1 }; } }),
  view: () => ({ width: 1, height: 1, cells: [{}] }),
};
`,
    });
    const run = (...args: string[]) => kit(['run', 'anim', '--plugin', './plugin.js', ...args], { cwd: root });
    const help = run('--help').stdout;
    expect(help).toMatch(/^ {2}--no-steps +animate every step \(on by default; --no-steps\s+turns it off\)$/m);
    expect(help).not.toMatch(/^ {2}--steps/m);
    expect(help).not.toContain('default true');
    const value = (...args: string[]) => (JSON.parse(run('--json', ...args).stdout.split('\n')[0]!) as { solution: boolean }).solution;
    expect([value(), value('--no-steps'), value('--steps')]).toEqual([true, false, true]);
  });
});
