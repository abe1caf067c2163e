#!/usr/bin/env node
// The one build every package uses: esbuild transpiles src/ to ESM in dist/ (file for file, no
// bundling, so each module stays importable on its own), AssemblyScript compiles assembly/*.ts to
// dist/*.wasm (see wasm.js), then tsc emits the .d.ts files beside them.
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';
import { bundleEntries } from './bundle.js';
import { emitDeclarations } from './declarations.js';
import { buildWasm } from './wasm.js';

const packageDir = process.cwd();
const srcDir = join(packageDir, 'src');
const distDir = join(packageDir, 'dist');
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.includes(`${join('src', 'test-fixtures')}`);

function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(path)) files.push(path);
  }
  return files;
}

rmSync(distDir, { recursive: true, force: true });
mkdirSync(distDir, { recursive: true });

await build({
  entryPoints: sourceFiles(srcDir),
  outdir: distDir,
  outbase: srcDir,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  // Keep `with { type: 'json' }` (Node needs it to import package.json); es2022 alone would drop it.
  supported: { 'import-attributes': true },
  logLevel: 'warning',
});

try {
  await buildWasm({ packageDir, srcDir, distDir });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const status = emitDeclarations({
  packageDir,
  rootDir: srcDir,
  outDir: distDir,
  include: [join(srcDir, '**/*')],
  exclude: [join(srcDir, 'test-fixtures')],
});
if (status !== 0) process.exit(status);

const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
await bundleEntries({ packageDir, srcDir, distDir, manifest });

// Executables named in "bin" must be runnable straight after the build.
const bins = typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {});
for (const bin of bins) {
  const path = resolve(packageDir, bin);
  if (existsSync(path)) chmodSync(path, 0o755);
  else console.warn(`kit-build: bin ${relative(packageDir, path)} was not produced`);
}
