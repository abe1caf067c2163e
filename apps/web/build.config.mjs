// The web app's build (`pnpm build`). Named build.config.* so turbo's build inputs cover it.
//  - dist/app/: the page, bundled for the browser (app + solver worker, shared chunks), plus
//    index.html and the stylesheet. Puzzles are not in here: the page loads them from a manifest.
//  - dist/server/: the Node server (`@kit/web/server`, the start script), file for file, with .d.ts.
import { copyFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { emitDeclarations } from '@kit/tooling/declarations';
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

// Declarations for @kit/web/server.
const status = emitDeclarations({
  packageDir,
  rootDir: src,
  outDir: dist,
  include: [join(src, 'server/**/*'), join(src, 'shared/**/*')],
});
if (status !== 0) process.exit(status);
