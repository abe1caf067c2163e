#!/usr/bin/env node
// The one build every package uses: esbuild transpiles src/ to ESM in dist/ (file for file, no
// bundling, so each module stays importable on its own), then tsc emits the .d.ts files beside them.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

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
  logLevel: 'warning',
});

// Declarations: a throw-away tsconfig that extends the package's own and covers src/ minus tests.
const cacheDir = join(packageDir, 'node_modules', '.cache', 'kit-build');
mkdirSync(cacheDir, { recursive: true });
const tsconfigPath = join(cacheDir, 'tsconfig.build.json');
writeFileSync(
  tsconfigPath,
  JSON.stringify({
    extends: join(packageDir, 'tsconfig.json'),
    compilerOptions: {
      noEmit: false,
      emitDeclarationOnly: true,
      declaration: true,
      rootDir: srcDir,
      outDir: distDir,
      tsBuildInfoFile: null,
      incremental: false,
    },
    include: [join(srcDir, '**/*')],
    exclude: [join(srcDir, '**/*.test.ts'), join(srcDir, 'test-fixtures')],
  }),
);
const require = createRequire(import.meta.url);
const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
const result = spawnSync(process.execPath, [tsc, '-p', tsconfigPath], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);

// Executables named in "bin" must be runnable straight after the build.
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const bins = typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {});
for (const bin of bins) {
  const path = resolve(packageDir, bin);
  if (existsSync(path)) chmodSync(path, 0o755);
  else console.warn(`kit-build: bin ${relative(packageDir, path)} was not produced`);
}
