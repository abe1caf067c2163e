// Every public package, as packed: checked by publint and by Are The Types Wrong, plus the few
// manifest rules of this repository that those tools do not know (no source-only export condition,
// no workspace: range, the fields a registry page shows).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { describe, expect, inject, it } from 'vitest';
import { run } from './support/run.js';
import { repoRoot } from './support/workspace.js';

const { packages } = inject('kit');
const publicPackages = packages.filter((pkg) => pkg.isPublic);
const require = createRequire(import.meta.url);
const attwBin = join(dirname(require.resolve('@arethetypeswrong/cli/package.json')), 'dist', 'index.js');

const packedManifest = (tarball: string) =>
  JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as Record<string, any>;
const packedFiles = (tarball: string) => execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');

describe.each(publicPackages)('$name as packed', (pkg) => {
  it('passes publint (strict, suggestions included)', async () => {
    const tarball = readFileSync(pkg.tarball);
    const { messages, pkg: manifest } = await publint({
      pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) as ArrayBuffer },
      level: 'suggestion',
      strict: true,
    });
    expect(messages.map((message) => `${message.type}: ${formatMessage(message, manifest) ?? message.code}`)).toEqual([]);
  });

  it('passes Are The Types Wrong for ESM consumers', () => {
    const result = run(
      process.execPath,
      [attwBin, pkg.tarball, '--profile', 'esm-only', '--no-definitely-typed', '--format', 'ascii', '--no-color', '--no-emoji'],
      {
        cwd: dirname(pkg.tarball),
      },
    );
    expect(result.stderr).toBe('');
    expect(result.status, result.stdout).toBe(0);
  });

  it('has the fields a published package needs, and nothing only the workspace understands', async () => {
    const manifest = packedManifest(pkg.tarball);
    const text = JSON.stringify(manifest);
    expect(text).not.toContain('workspace:');
    expect(manifest.type).toBe('module');
    expect(manifest.sideEffects).toBe(false);
    expect(manifest.license).toBe('MIT');
    // Node 22.12+ and 24: ES modules only, and from 22.12 require() loads them (Node 20 still runs the
    // workspace, but it is past its end of life).
    expect(manifest.engines?.node).toBe('>=22.12');
    expect(manifest.homepage).toBe(`https://github.com/puzzle-kit/puzzle-kit/tree/main/${pkg.path}#readme`);
    expect(manifest.bugs).toEqual({ url: 'https://github.com/puzzle-kit/puzzle-kit/issues' });
    // The repository the root package.json names: the changelog links each change to a commit there.
    const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { repository: { url: string } };
    expect(manifest.repository).toEqual({ type: 'git', url: root.repository.url, directory: pkg.path });
    expect(manifest.keywords).toContain('puzzle-kit');
    expect(manifest.publishConfig).toMatchObject({ access: 'public' });
    expect(manifest.files).toContain('dist');
    expect(manifest.files).toContain('CHANGELOG.md');
    // Each entry: types first, then a default condition (for import() and for require(), which the
    // CLI loads packages with), both pointing into dist; no source condition.
    for (const [entry, target] of Object.entries<any>(manifest.exports)) {
      if (entry === './package.json') continue;
      expect(Object.keys(target), entry).toEqual(['types', 'default']);
      expect(target.types, entry).toMatch(/^\.\/dist\/.*\.d\.ts$/);
      expect(target.default, entry).toMatch(/^\.\/dist\/.*\.js$/);
    }
    if (manifest.kit) {
      // The manifest names the plugin its module exports, so hosts can list it without importing it,
      // and the solver module its solver() imports, so a host can load that ahead (and it is packed).
      const { default: plugin } = await import(pathToFileURL(join(repoRoot, pkg.path, 'dist', 'plugin.js')).href);
      expect(manifest.kit).toEqual({
        apiVersion: 1,
        plugins: [{ id: plugin.id, title: plugin.title, module: './dist/plugin.js', solver: './dist/solver.js' }],
      });
    }
  });

  it('ships its README and built code, and no sources or tests', () => {
    const files = packedFiles(pkg.tarball);
    expect(files).toContain('package/README.md');
    expect(files).toContain('package/CHANGELOG.md');
    expect(files).toContain('package/package.json');
    expect(files.some((file) => file.startsWith('package/dist/') && file.endsWith('.d.ts'))).toBe(true);
    expect(files.filter((file) => /^package\/(src|test)\//.test(file) || /\.test\.(js|d\.ts)$/.test(file))).toEqual([]);
  });
});
