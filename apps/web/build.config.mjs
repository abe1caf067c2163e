// The web app's build (`pnpm build`). Named build.config.* so turbo's build inputs cover it.
//  - dist/app/: the page, bundled for the browser (app, solver worker, referee worker, shared chunks), plus
//    index.html and the stylesheet, each but index.html named by its content's hash. Puzzles are
//    not in here: the page loads them from a manifest.
//  - dist/server/: the Node server (`@kit/web/server`, the start script), file for file, with .d.ts.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { emitDeclarations } from '@kit/tooling/declarations';
import { build } from 'esbuild';

const packageDir = dirname(new URL(import.meta.url).pathname);
const src = join(packageDir, 'src');
const dist = join(packageDir, 'dist');

rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: {
    main: join(src, 'app/main.ts'),
    worker: join(src, 'app/worker.ts'),
    'referee-worker': join(src, 'app/referee-worker.ts'),
    style: join(src, 'app/style.css'),
  },
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

// Every file of the page but index.html gets its content's hash in its name, so servers may cache
// it for good (`immutable`): chunks get theirs from esbuild; the entries here, the worker first,
// since the page names it. A changed file is a new name, and index.html (never cached for long)
// names the new ones.
const appDir = join(dist, 'app');
const hashed = (name, contents) => {
  const hash = createHash('sha256').update(contents).digest('base64url').replace(/[-_]/g, '').slice(0, 8).toUpperCase();
  return name.replace(/\.(js|css)$/, `-${hash}.$1`);
};
const rename = (name, contents) => {
  const target = hashed(name, contents);
  writeFileSync(join(appDir, target), contents);
  if (target !== name) rmSync(join(appDir, name));
  return target;
};
// The main bundle names the workers (the solver's and the referee's) by their hashed names.
let mainSource = readFileSync(join(appDir, 'main.js'), 'utf8');
for (const worker of ['worker.js', 'referee-worker.js']) {
  const workerFile = rename(worker, readFileSync(join(appDir, worker)));
  const reference = `new URL("./${worker}",import.meta.url)`;
  if (mainSource.split(reference).length !== 2) throw new Error(`main.js should name ${worker} once as ${reference}`);
  mainSource = mainSource.replace(reference, `new URL("./${workerFile}",import.meta.url)`);
}
const mainFile = rename('main.js', mainSource);
const styleFile = rename('style.css', readFileSync(join(appDir, 'style.css')));
const html = readFileSync(join(src, 'app/index.html'), 'utf8').replace('app/style.css', `app/${styleFile}`).replace('app/main.js', `app/${mainFile}`);
if (!html.includes(styleFile) || !html.includes(mainFile)) throw new Error('index.html should link app/style.css and app/main.js');
writeFileSync(join(appDir, 'index.html'), html);

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
