// What `npm install @kit/cli @kit/pentomino` puts on disk, measured from the workspace: the packages
// npm would install (dependencies, optional dependencies and required peers, transitively; optional
// peers left out), each workspace package as it would be packed (its `files` and package.json), each
// npm package as installed. A user who only runs `kit run` gets no bundler, no Redis client and no
// native binary; `kit web` and `--queue` add their packages when asked (installed.test.ts).
import { closeSync, existsSync, openSync, readFileSync, readSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './helpers.js';

interface Manifest {
  name: string;
  files?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

interface Installed {
  name: string;
  dir: string;
  bytes: number;
  /** Files that are machine code (ELF, Mach-O, PE, or a Node addon). */
  native: string[];
}

const readManifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** Where `name` resolves from package directory `from`, the way Node looks: node_modules upwards. */
function locate(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => (entry.name === 'node_modules' ? [] : filesUnder(join(path, entry.name))));
}

const MAGIC = [Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), Buffer.from([0xca, 0xfe, 0xba, 0xbe]), Buffer.from('MZ')];

function isMachineCode(file: string): boolean {
  if (file.endsWith('.node')) return true;
  const head = Buffer.alloc(4);
  const fd = openSync(file, 'r');
  try {
    const read = readSync(fd, head, 0, 4, 0);
    return MAGIC.some((magic) => read >= magic.length && head.subarray(0, magic.length).equals(magic));
  } finally {
    closeSync(fd);
  }
}

function measure(dir: string, manifest: Manifest): Installed {
  const fromWorkspace = !dir.split(sep).includes('node_modules');
  // A workspace package ships what `files` names (npm always adds package.json); an npm package as it was unpacked.
  const files = fromWorkspace ? ['package.json', ...(manifest.files ?? [])].flatMap((entry) => filesUnder(join(dir, entry))) : filesUnder(dir);
  return {
    name: manifest.name,
    dir,
    bytes: files.reduce((sum, file) => sum + statSync(file).size, 0),
    native: files.filter(isMachineCode),
  };
}

/** Every package an install of `roots` brings, each once. */
function installClosure(roots: string[]): Installed[] {
  const seen = new Map<string, Installed>();
  const visit = (dir: string) => {
    if (seen.has(dir)) return;
    const manifest = readManifest(dir);
    seen.set(dir, measure(dir, manifest));
    const requiredPeers = Object.keys(manifest.peerDependencies ?? {}).filter((name) => !manifest.peerDependenciesMeta?.[name]?.optional);
    for (const name of [...Object.keys(manifest.dependencies ?? {}), ...requiredPeers]) {
      const found = locate(name, dir);
      if (!found) throw new Error(`${manifest.name} depends on ${name}, which is not installed in the workspace`);
      visit(found);
    }
    // Optional dependencies (a platform's binary) count when they are installed here.
    for (const name of Object.keys(manifest.optionalDependencies ?? {})) {
      const found = locate(name, dir);
      if (found) visit(found);
    }
  };
  for (const root of roots) visit(root);
  return [...seen.values()];
}

describe('npm install @kit/cli @kit/pentomino', () => {
  const installed = installClosure([join(REPO, 'apps', 'cli'), join(REPO, 'packages', 'pentomino')]);
  const names = installed.map((entry) => entry.name).sort();

  it('is under 5 MB with no native binary', () => {
    const bytes = installed.reduce((sum, entry) => sum + entry.bytes, 0);
    expect(installed.flatMap((entry) => entry.native)).toEqual([]);
    expect(bytes).toBeGreaterThan(100_000);
    expect(bytes).toBeLessThan(5 * 1024 * 1024);
  });

  it('brings the solver, the renderer and the argument parser, and none of the packages only kit web or --queue use', () => {
    expect(names).toEqual(expect.arrayContaining(['@kit/cli', '@kit/core', '@kit/pentomino', '@kit/ansi-render', 'commander']));
    for (const heavy of ['@kit/web', '@kit/queue', 'esbuild', 'bullmq', 'ioredis', 'msgpackr', 'luxon']) expect(names).not.toContain(heavy);
  });
});
