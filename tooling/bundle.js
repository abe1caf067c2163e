// The last step of kit-build: entry points are rebuilt as esbuild bundles over the per-file output,
// so starting one reads a few files instead of dozens (on Node 20, which has no compile cache, ESM
// resolution and loading cost about a millisecond a module: most of a short CLI run).
// - A program (a package with a "bin") bundles the entries named in `kitBuild.bundle`, npm
//   dependencies included; workspace packages (@kit/*) stay external: they are separate packages with
//   their own state and their own worker entry points.
// - A library bundles every module it exports, plugin modules of its `kit` manifest and
//   `kitBuild.entries` (worker scripts started by URL), all dependencies and subpath imports
//   (`#name`) external, so it stays browser-safe, except the dependencies `kitBuild.inline` names. The per-file modules stay beside the bundles for deep imports (tests, benchmarks).
// Dynamic imports and code shared by several entries become chunks in dist/ itself, so a module's
// `import.meta.url` keeps pointing into dist/.
import { existsSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build } from 'esbuild';

// Bundles are written without layout and with the shorter forms of the same code (names stay, so
// stack traces and `.name` read as before): Node 20, which has no compile cache, parses every module a
// run loads, and a printed Soma cube run loads about 640 KB of them (5-14 ms less for the whole run).
// The per-file modules beside them keep their layout.
const compact = { minifyWhitespace: true, minifySyntax: true };

const shared = {
  bundle: true,
  splitting: true,
  format: 'esm',
  supported: { 'import-attributes': true },
  allowOverwrite: true,
  logLevel: 'warning',
  ...compact,
};

export async function bundleEntries({ packageDir, srcDir, distDir, manifest }) {
  if (manifest.bin) return bundleProgram({ packageDir, srcDir, distDir, entries: manifest.kitBuild?.bundle ?? [], lazy: manifest.kitBuild?.lazyRequire ?? [] });
  return bundleLibrary({
    packageDir,
    distDir,
    entries: libraryEntries(manifest),
    standalone: manifest.kitBuild?.standalone ?? [],
    inline: manifest.kitBuild?.inline ?? [],
  });
}

/**
 * `kitBuild.inline`: dependencies copied into the library's bundles instead of imported. For a
 * browser-safe CommonJS package of many files: an ES module loads each file of it through Node's
 * CommonJS loader and its export lexer, about 50 ms for @rgrove/parse-xml's 14 files against 5 ms
 * for the same code in the bundle. Every other bare import stays external.
 */
function inlined(names) {
  const wanted = (path) => names.some((name) => path === name || path.startsWith(`${name}/`));
  return {
    name: 'inline-dependencies',
    setup(build) {
      build.onResolve({ filter: /^[^./#]/ }, (args) =>
        args.kind === 'entry-point' || wanted(args.path) || args.importer.includes('/node_modules/') ? undefined : { path: args.path, external: true },
      );
    },
  };
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
  await Promise.all([
    bundleProgramEsm({ packageDir, srcDir, distDir, entries, lazy }),
    ...entries.map((entry) => bundleProgramCommonJs({ packageDir, distDir, entry })),
  ]);
}

async function bundleProgramEsm({ packageDir, srcDir, distDir, entries, lazy }) {
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

// A program's CommonJS entry is a few lines that run before any of its code is compiled: they turn on
// Node's compile cache (22.1+; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so the bundle they require
// is cached too (-3.5 ms a short run on Node 24), and where Node cannot require ES modules (before
// 20.19 and 22.12) they start the ES module bundle instead.
const commonJsStart = (bundleFile) => `#!/usr/bin/env node
'use strict';
try {
  process.getBuiltinModule?.('node:module')?.enableCompileCache?.();
} catch {
  // A cache that cannot be set up (a read-only temp directory) only costs the speed-up.
}
if (!process.features.require_module) return void import(require('node:url').pathToFileURL(__filename.replace(/\\.cjs$/, '.js')).href);
require('./${bundleFile}');
`;

/**
 * A program's entry as one CommonJS bundle too (`src/bin.ts` -> `dist/bin.bundle.cjs`, started by
 * `dist/bin.cjs`, the file its "bin" names). Node then loads the program without its asynchronous ESM
 * loader, about 7 ms of a short run: every module of the program is in the bundle (its dynamic imports
 * run code already there), and the packages it imports, ES modules included, are loaded with
 * require(). The ESM bundle stays as the fallback for older Node.
 */
async function bundleProgramCommonJs({ packageDir, distDir, entry }) {
  const name = basename(entry).replace(/\.ts$/, '');
  await build({
    entryPoints: [join(packageDir, entry)],
    outfile: join(distDir, `${name}.bundle.cjs`),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // import() of a package becomes require() too: this file only runs where that loads ES modules.
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': '__kitImportMetaUrl' },
    banner: { js: "const __kitImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    logLevel: 'warning',
    ...compact,
  });
  writeFileSync(join(distDir, `${name}.cjs`), commonJsStart(`${name}.bundle.cjs`));
}

/**
 * In a standalone bundle, an import of another entry point stays an import (a plugin's lazy
 * `import('./solver.js')` keeps loading the solver's own bundle) instead of being copied in.
 */
function otherEntriesStay(entryPoints, self) {
  const others = new Set(entryPoints.filter((entry) => entry !== self));
  return {
    name: 'other-entries-stay',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => (others.has(resolve(args.resolveDir, args.path)) ? { path: args.path, external: true } : undefined));
    },
  };
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

/**
 * `kitBuild.standalone`: entries bundled alone, with their own copy of the code they share with the
 * other entries instead of shared chunks. Under require() each module file costs about 0.8 ms to
 * resolve and load (`@kit/core/discovery` as five files: 4.8 ms; as one: 1.5 ms). Only for an entry
 * whose shared code holds no state and no class another entry's `instanceof` looks for.
 */
async function bundleLibrary({ packageDir, distDir, entries, standalone, inline }) {
  const entryPoints = entries.map((entry) => resolve(packageDir, entry));
  const missing = entryPoints.find((entry) => !existsSync(entry));
  if (missing) throw new Error(`kit-build: ${missing} is named in package.json but was not built`);
  const alone = new Set(standalone.map((entry) => resolve(packageDir, entry)));
  const unknown = [...alone].find((entry) => !entryPoints.includes(entry));
  if (unknown) throw new Error(`kit-build: kitBuild.standalone names ${unknown}, which is no entry point`);
  // Subpath imports (`#name`, package.json "imports") stay imports too: their conditions (`node`
  // or not) are for the user's runtime or bundler to choose, not for this build.
  const dependencies = inline.length > 0 ? { plugins: [inlined(inline)], mainFields: ['module', 'main'] } : { plugins: [], packages: 'external' };
  const library = {
    ...shared,
    outdir: distDir,
    outbase: distDir,
    chunkNames: '[name]-[hash]',
    platform: 'neutral',
    target: 'es2022',
    ...dependencies,
    external: ['#*'],
  };
  const together = entryPoints.filter((entry) => !alone.has(entry));
  await Promise.all([
    ...(together.length > 0 ? [build({ ...library, entryPoints: together })] : []),
    ...[...alone].map((entry) =>
      build({ ...library, entryPoints: [entry], splitting: false, plugins: [otherEntriesStay(entryPoints, entry), ...library.plugins] }),
    ),
  ]);
}
