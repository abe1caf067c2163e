// Packs every public package (and the example plugins) with `pnpm pack`, which applies publishConfig
// and turns workspace: ranges into real ones, then installs the tarballs with plain npm into a fresh
// project, the way a stranger would. Done once; the test files share the result through inject().
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runOk } from './support/run.js';
import type { KitSetup, PackedPackage } from './support/setup-data.js';
import { examplePlugins, publicPackages, repoRoot } from './support/workspace.js';

/** pnpm as the test run was started with it (CI runs it through npx), else the one on PATH. */
export function pnpmCommand(): [string, string[]] {
  const execpath = process.env['npm_execpath'];
  // pnpm ships either as a JavaScript entry (run it with node) or as a native executable.
  if (execpath && /pnpm/.test(execpath)) return /\.[cm]?js$/.test(execpath) ? [process.execPath, [execpath]] : [execpath, []];
  return ['pnpm', []];
}

export default async function setup(project: TestProject): Promise<() => void> {
  const started = performance.now();
  const scratchDir = mkdtempSync(join(tmpdir(), 'kit-integration-'));
  const tarballDir = join(scratchDir, 'tarballs');
  mkdirSync(tarballDir);

  const [pnpm, pnpmArgs] = pnpmCommand();
  const packages: PackedPackage[] = [];
  for (const [list, isPublic] of [
    [publicPackages(), true],
    [examplePlugins(), false],
  ] as const) {
    for (const pkg of list) {
      if (!existsSync(join(pkg.dir, 'dist'))) throw new Error(`${pkg.name} is not built (no ${pkg.path}/dist): run the build first`);
      const out = runOk(pnpm, [...pnpmArgs, 'pack', '--pack-destination', tarballDir, '--json'], { cwd: pkg.dir });
      const { filename } = JSON.parse(out.stdout.slice(out.stdout.indexOf('{'))) as { filename: string };
      packages.push({ name: pkg.name, version: pkg.manifest.version, path: pkg.path, tarball: filename, isPlugin: pkg.isPlugin, isPublic });
    }
  }

  // The consumer: an empty npm project. Third-party dependencies come from npm's cache or the registry.
  const consumerDir = join(scratchDir, 'consumer');
  mkdirSync(consumerDir);
  writeFileSync(join(consumerDir, 'package.json'), JSON.stringify({ name: 'kit-consumer', private: true, type: 'module' }, null, 2));
  const rootDev = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;
  runOk(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      ...packages.map((pkg) => pkg.tarball),
      `typescript@${rootDev['typescript']}`,
      `@types/node@${rootDev['@types/node']}`,
    ],
    { cwd: consumerDir, timeoutMs: 400_000 },
  );

  const kit: KitSetup = { consumerDir, scratchDir, packages, setupSeconds: Math.round((performance.now() - started) / 100) / 10 };
  project.provide('kit', kit);
  return () => {
    if (!process.env['KIT_KEEP_SCRATCH']) rmSync(scratchDir, { recursive: true, force: true });
  };
}
