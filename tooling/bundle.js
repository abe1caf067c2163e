// The last step of kit-build: entry points are rebuilt as esbuild bundles over the per-file output,
// so starting one reads a few files instead of dozens (on Node 20, which has no compile cache, ESM
// resolution and loading cost about a millisecond a module: most of a short CLI run).
// - A program (a package with a "bin") bundles the entries named in `kitBuild.bundle`, npm
//   dependencies included; workspace packages (@kit/*) stay external: they are separate packages with
//   their own state and their own worker entry points.
// - A library bundles every module it exports, plugin modules of its `kit` manifest and
//   `kitBuild.entries` (worker scripts started by URL), all dependencies external, so it stays
//   browser-safe. The per-file modules stay beside the bundles for deep imports (tests, benchmarks).
// Dynamic imports and code shared by several entries become chunks in dist/ itself, so a module's
// `import.meta.url` keeps pointing into dist/.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const shared = {
  bundle: true,
  splitting: true,
  format: 'esm',
  supported: { 'import-attributes': true },
  allowOverwrite: true,
  logLevel: 'warning',
};

export async function bundleEntries({ packageDir, srcDir, distDir, manifest }) {
  if (manifest.bin) return bundleProgram({ packageDir, srcDir, distDir, entries: manifest.kitBuild?.bundle ?? [], lazy: manifest.kitBuild?.lazyRequire ?? [] });
  return bundleLibrary({ packageDir, distDir, entries: libraryEntries(manifest) });
}

/**
 * `kitBuild.lazyRequire`: built-ins that bundled CommonJS dependencies require at load time but use
 * rarely (commander loads node:child_process, 4 ms, only to run executable subcommands, which kit
 * has none of). Their require() returns a stand-in that loads the real module on first use.
 */
function lazyRequire(names) {
  const wanted = new Set(names.flatMap((name) => [name, name.replace(/^node:/, '')]));
  return {
    name: 'lazy-require',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== 'require-call' || !wanted.has(args.path)) return undefined;
        // The stand-in's own require() is the real one.
        if (args.namespace === 'lazy-require') return { path: args.path, external: true };
        return { path: args.path, namespace: 'lazy-require' };
      });
      build.onLoad({ filter: /.*/, namespace: 'lazy-require' }, (args) => ({
        loader: 'js',
        contents: `let loaded;\nmodule.exports = new Proxy({}, { get: (_, key) => (loaded ??= require(${JSON.stringify(args.path)}))[key] });\n`,
      }));
    },
  };
}

async function bundleProgram({ packageDir, srcDir, distDir, entries, lazy }) {
  if (entries.length === 0) return;
  await build({
    plugins: [lazyRequire(lazy)],
    ...shared,
    entryPoints: entries.map((entry) => join(packageDir, entry)),
    outdir: distDir,
    outbase: srcDir,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    target: 'node20',
    external: ['@kit/*'],
    // CommonJS dependencies bundled into ESM (commander) still call require() for Node built-ins.
    banner: { js: "import { createRequire as __kitCreateRequire } from 'node:module';\nconst require = __kitCreateRequire(import.meta.url);" },
  });
}

/** The built files a library's users start from: its exports, its plugin modules, its worker scripts. */
export function libraryEntries(manifest) {
  const targets = [];
  const collect = (value) => {
    if (typeof value === 'string') targets.push(value);
    else if (value && typeof value === 'object') for (const [condition, target] of Object.entries(value)) if (condition !== 'types') collect(target);
  };
  collect(manifest.exports);
  for (const plugin of manifest.kit?.plugins ?? []) collect(plugin.module);
  collect(manifest.kitBuild?.entries);
  return [...new Set(targets.filter((target) => /^\.\/dist\/.*\.js$/.test(target)))];
}

async function bundleLibrary({ packageDir, distDir, entries }) {
  const entryPoints = entries.map((entry) => resolve(packageDir, entry));
  const missing = entryPoints.find((entry) => !existsSync(entry));
  if (missing) throw new Error(`kit-build: ${missing} is named in package.json but was not built`);
  if (entryPoints.length === 0) return;
  await build({
    ...shared,
    entryPoints,
    outdir: distDir,
    outbase: distDir,
    chunkNames: '[name]-[hash]',
    platform: 'neutral',
    target: 'es2022',
    packages: 'external',
  });
}
