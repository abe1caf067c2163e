// The web app's build (`pnpm build`). Named build.config.* so turbo's build inputs cover it.
//  - dist/app/: the page, bundled for the browser (app + solver worker, shared chunks), plus
//    index.html and the stylesheet. Puzzles are not in here: the page loads them from a manifest.
//  - dist/server/: the Node server (`@kit/web/server`, the start script), file for file, with .d.ts.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const packageDir = dirname(new URL(import.meta.url).pathname);
const src = join(packageDir, 'src');
const dist = join(packageDir, 'dist');

rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: { main: join(src, 'app/main.ts'), worker: join(src, 'app/worker.ts'), style: join(src, 'app/style.css') },
  outdir: join(dist, 'app'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
copyFileSync(join(src, 'app/index.html'), join(dist, 'app/index.html'));

const serverFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? serverFiles(join(dir, entry.name)) : /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
await build({
  entryPoints: [...serverFiles(join(src, 'server')), ...serverFiles(join(src, 'shared'))],
  outdir: dist,
  outbase: src,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
});

// Declarations for @kit/web/server, from a throw-away tsconfig that extends the package's own.
const cacheDir = join(packageDir, 'node_modules', '.cache', 'kit-web-build');
mkdirSync(cacheDir, { recursive: true });
const tsconfigPath = join(cacheDir, 'tsconfig.build.json');
writeFileSync(
  tsconfigPath,
  JSON.stringify({
    extends: join(packageDir, 'tsconfig.json'),
    compilerOptions: { noEmit: false, emitDeclarationOnly: true, declaration: true, rootDir: src, outDir: dist, incremental: false },
    include: [join(src, 'server/**/*'), join(src, 'shared/**/*')],
    exclude: [join(src, '**/*.test.ts')],
  }),
);
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
const result = spawnSync(process.execPath, [tsc, '-p', tsconfigPath], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
