// The plugin through the real `kit` CLI, as a user runs it (cwd = the repository root).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');
const cli = join(repoRoot, 'apps', 'cli', 'dist', 'bin.cjs');
const dir = mkdtempSync(join(tmpdir(), 'polycube-cli-'));
const fixture = (name: string) => fileURLToPath(new URL(`fixtures/${name}`, import.meta.url));

function kit(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
const run = (...args: string[]) => kit('run', 'polycube', ...args);
function file(name: string, text: string | Buffer) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const doneOf = (stdout: string) => JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;

describe('kit run polycube', () => {
  it('counts the Soma cube by default, and every packing with --symmetry none', () => {
    const counted = run('--count', '--json');
    expect(counted.status).toBe(0);
    expect(counted.stdout.trim().split('\n')).toHaveLength(1);
    const { soma } = reference.polycube;
    expect(doneOf(counted.stdout)).toMatchObject({ type: 'done', solutions: soma.distinct, tries: soma.tries, target: '3x3x3', symmetry: 'full' });
    expect(doneOf(run('--symmetry', 'none', '--count', '--json', '--threads', '2').stdout)).toMatchObject({ solutions: soma.all, symmetry: 'none' });
    expect(doneOf(run('--set', 'solid-pentominoes', '--box', '2x3x10', '--count', '--json').stdout)).toMatchObject({
      solutions: reference.polycube['solid-pentominoes 2x3x10'].distinct,
      target: '2x3x10',
    });
  });

  it('prints layers side by side and says what it counted', () => {
    const out = run('--set', 'tetracubes', '--box', '2x2x8', '--pieces', 'IILLOOTT', '-q', '--no-color', '--limit', '2');
    expect(out.status).toBe(0);
    const lines = out.stdout.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^tetracubes 2x2x8: 2 solutions up to rotations and reflections, \d+ tries$/);
    // Eight layers of 2x2, one blank column between them: 8 * 2 + 7 characters a row.
    expect(lines[1]).toMatch(/^[ILOTilot]{2}( [ILOTilot]{2}){7}$/);
    expect(run('--set', 'tetracubes', '--box', '2x2x8', '--pieces', 'IILLOOTT', '--symmetry', 'none', '--count').stdout.trim()).toMatch(
      /^tetracubes 2x2x8: \d+ solutions with no symmetry removed, \d+ tries$/,
    );
  });

  it('writes solutions as layers of rows in JSON', () => {
    const [first] = run('--json', '--limit', '1')
      .stdout.trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; solution: { layers: string[][] } });
    expect(first!.type).toBe('solution');
    expect(first!.solution.layers).toHaveLength(3);
    expect(first!.solution.layers.flat().join('').split('').sort().join('')).toBe('AAAABBBBLLLLPPPPTTTTVVVZZZZ');
  });

  it('splits over threads and shards with the same result, and merges shards', () => {
    const whole = doneOf(run('--set', 'tetracubes', '--count', '--json').stdout);
    const { distinct } = reference.polycube.tetracubes;
    expect(whole).toMatchObject({ solutions: distinct });
    expect(doneOf(run('--set', 'tetracubes', '--count', '--json', '--threads', '2').stdout)).toMatchObject({ solutions: distinct, tries: whole['tries'] });
    const shards = [1, 2, 3].map((k) => file(`shard-${k}.json`, run('--set', 'tetracubes', '--json', '--shard', `${k}/3`).stdout));
    const merged = kit('merge', '--json', ...shards);
    expect(merged.status).toBe(0);
    expect(doneOf(merged.stdout)).toMatchObject({ solutions: distinct, tries: whole['tries'] });
    expect(merged.stdout.trim().split('\n')).toHaveLength(distinct + 1);
  }, 120_000);

  it('reads targets and pieces drawn in layers', () => {
    const pieces = file('pieces.txt', '// three L tricubes and a domino\nAA BB CC DD\nA. B. C.\n');
    const target = file('steps.txt', '...\n...\n...\n\n..#\n###\n###\n');
    const out = run(target, '--piece-file', pieces, '--symmetry', 'none', '--count', '--json');
    expect(out.status).toBe(0);
    expect(doneOf(out.stdout)).toMatchObject({ target: '3x3x2', symmetry: 'none' });
  });

  it('opens BurrTools files, gzipped as BurrTools saves them or plain', () => {
    const gz = file('soma.xmpuzzle', '');
    copyFileSync(fixture('soma-burrtools-gzip.xmpuzzle'), gz);
    const out = run(gz, '--count');
    expect(out.status).toBe(0);
    expect(out.stdout.trim()).toMatch(
      new RegExp(`^${gz.replaceAll('/', '\\/')} problem 1 \\(soma\\) 3x3x3: 240 solutions up to rotations and reflections, \\d+ tries$`),
    );
    expect(doneOf(run(fixture('tetracubes.xmpuzzle'), '--problem', '2', '--count', '--json').stdout)).toMatchObject({ target: '4x2x2' });
  });

  it.each([
    ['unequal.txt', '...\n...\n\n...\n', 'unequal.txt:4: layers of unequal size: layer 2 of the target has 1 row but layer 1 has 2'],
    ['count.txt', '...\n...\n...\n', 'count.txt: the target has 9 cubes but the 7 pieces cover 27'],
    [
      'bad.xmpuzzle',
      'PK\u0003\u0004 not a puzzle',
      'bad.xmpuzzle: not a BurrTools puzzle: the file is neither gzip-compressed nor XML (it starts with "PK\\u0003\\u0004 not a puzzl")',
    ],
    [
      'grid.xmpuzzle',
      gzipSync('<?xml version="1.0"?>\n<puzzle version="2">\n <gridType type="1"/>\n</puzzle>\n'),
      'grid.xmpuzzle:3: the puzzle is on the grid of triangular prisms (BurrTools grid type 1); polycube packs cubes only (grid type 0)',
    ],
    [
      'broken.xmpuzzle',
      gzipSync('<?xml version="1.0"?>\n<puzzle version="2"/>\n').subarray(0, 20),
      'kit: <dir>/broken.xmpuzzle: is not a valid gzip file (unexpected end of file)',
    ],
  ])('refuses %s with one line and exit 2', (name, text, message) => {
    const path = file(name, text);
    const out = run(path, '--count');
    expect(out.status).toBe(2);
    expect(out.stderr.trim()).toBe(message.startsWith('kit: ') ? message.replace('<dir>', dir) : `${dir}/${message}`);
    expect(out.stdout).toBe('');
  });

  it('refuses bad options with one line and exit 2', () => {
    const piece = run('--piece-file', file('split.txt', 'A.\n.A\n'), '--box', '2x1x1');
    expect(piece.status).toBe(2);
    expect(piece.stderr.trim()).toBe(`${dir}/split.txt:1:1: piece "A" is not connected face to face`);
    const big = run('--set', 'tetracubes', '--pieces', 'II', '--box', '2x2x2');
    expect(big.stderr.trim()).toBe('kit: piece "I" (4x1x1) fits nowhere in the 2x2x2 target');
    const symmetry = run('--symmetry', 'mirror');
    expect(symmetry.status).toBe(2);
    expect(symmetry.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('hostile BurrTools files', () => {
  it('10,000 nested elements in a gzipped file are exit 2 naming the limit, not a stack overflow', () => {
    const xml = `<?xml version="1.0"?>\n<puzzle version="2">\n${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}\n</puzzle>\n`;
    const path = file('deep.xmpuzzle', gzipSync(xml));
    const result = run(path, '--count');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`${path}:3: the XML nests elements more than 256 deep, past the limit for a BurrTools file\n`);
  });

  it("a problem's name with C1 controls and U+2029 reaches stdout escaped", () => {
    const soma = readFileSync(fixture('soma-burrtools.xmpuzzle'), 'utf8').replace('name="soma"', 'name="so\u009b2J\u0085ma\u2029x"');
    const result = run(file('named.xmpuzzle', soma), '--limit', '1', '--count');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      `${join(dir, 'named.xmpuzzle')} problem 1 (so\\x9b2J\\x85ma\\u2029x) 3x3x3: 1 solution up to rotations and reflections, 258 tries\n`,
    );
  });
});
