import { mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InputError } from '@kit/core';
import { createPlugin, layoutFor, pluginNames } from './index.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const scratch = () => mkdtempSync(join(tmpdir(), 'create-plugin-'));

describe('pluginNames', () => {
  it('turns a bare name into a kit-plugin- package with that id', () => {
    expect(pluginNames('sudoku')).toEqual({ packageName: 'kit-plugin-sudoku', id: 'sudoku', title: 'Sudoku', directory: 'sudoku' });
    expect(pluginNames('word-search')).toEqual({ packageName: 'kit-plugin-word-search', id: 'word-search', title: 'Word Search', directory: 'word-search' });
  });

  it('keeps scoped and kit-plugin- names, taking the id from their last part', () => {
    expect(pluginNames('@acme/kit-queens')).toEqual({ packageName: '@acme/kit-queens', id: 'queens', title: 'Queens', directory: 'kit-queens' });
    expect(pluginNames('kit-plugin-nonogram')).toEqual({
      packageName: 'kit-plugin-nonogram',
      id: 'nonogram',
      title: 'Nonogram',
      directory: 'kit-plugin-nonogram',
    });
  });

  it('refuses names that are not package names or give no valid id', () => {
    expect(() => pluginNames('Sudoku')).toThrow(InputError);
    expect(() => pluginNames('my puzzle')).toThrow("'my puzzle' is not a valid package name");
    expect(() => pluginNames('kit-plugin-9x9')).toThrow("'9x9' cannot be a plugin id");
  });
});

describe('layoutFor', () => {
  it('is the workspace layout under a workspace glob of this repository', () => {
    expect(layoutFor(join(repoRoot, 'examples', 'new-one'))).toEqual({ kind: 'workspace', root: repoRoot.replace(/\/$/, '') });
  });

  it('is standalone inside the repository but outside its globs, and anywhere else', () => {
    expect(layoutFor(join(repoRoot, 'docs', 'new-one')).kind).toBe('standalone');
    expect(layoutFor(join(tmpdir(), 'new-one')).kind).toBe('standalone');
  });

  it('needs @kit/core and @kit/tooling beside pnpm-workspace.yaml to call a directory the kit repository', () => {
    const root = scratch();
    writeFileSync(join(root, 'pnpm-workspace.yaml'), 'packages:\n  - examples/*\n');
    expect(layoutFor(join(root, 'examples', 'x')).kind).toBe('standalone');
    mkdirSync(join(root, 'packages'));
    symlinkSync(join(repoRoot, 'packages', 'core'), join(root, 'packages', 'core'));
    symlinkSync(join(repoRoot, 'tooling'), join(root, 'tooling'));
    expect(layoutFor(join(root, 'examples', 'x'))).toEqual({ kind: 'workspace', root });
  });
});

describe('createPlugin', () => {
  it('writes a standalone package outside the repository', async () => {
    const dir = join(scratch(), 'queens');
    const { dir: written, files } = await createPlugin({ name: 'queens', dir });
    expect(written).toBe(dir);
    expect(files).toEqual([
      '.gitignore',
      'README.md',
      'boards/corner.txt',
      'kit.config.json',
      'package.json',
      'src/board.ts',
      'src/editor.ts',
      'src/index.ts',
      'src/play.ts',
      'src/plugin.ts',
      'src/solver.ts',
      'test/play.test.ts',
      'test/plugin.test.ts',
      'tsconfig.build.json',
      'tsconfig.json',
      'vitest.config.js',
    ]);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const core = JSON.parse(readFileSync(join(repoRoot, 'packages', 'core', 'package.json'), 'utf8'));
    expect(manifest.dependencies).toEqual({ '@kit/core': `^${core.version}` });
    expect(manifest.kit).toEqual({ apiVersion: 1, plugins: [{ id: 'queens', title: 'Queens', module: './dist/plugin.js', solver: './dist/solver.js' }] });
    expect(readFileSync(join(dir, 'src', 'plugin.ts'), 'utf8')).toContain("id: 'queens',");
  });

  it('refuses an existing directory and leaves it alone', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'keep.txt'), 'mine');
    await expect(createPlugin({ name: 'queens', dir })).rejects.toThrow(`${dir} already exists; choose another directory`);
    expect(readdirSync(dir)).toEqual(['keep.txt']);
  });
});
