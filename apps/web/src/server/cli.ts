#!/usr/bin/env node
// The web app's own start script: `node dist/server/cli.js [--port N] [--host H] [--plugin PATH]... [--watch]`
// discovers plugins through the nearest kit.config.json (like `kit web`) and serves until interrupted;
// with `--watch` a plugin rebuilt is bundled again and open pages reload.
// With `--out DIR` it writes the app and its plugins as a static site instead, and exits; a directory
// that is not empty is refused unless `--force`.
import { parseArgs } from 'node:util';
import { discoverPlugins, findConfigRoot } from './discover.js';
import { exportSite } from './export-site.js';
import { serve } from './serve.js';

function fail(message: string): never {
  process.stderr.write(`kit-web: ${message}\n`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string', default: '8040' },
      host: { type: 'string', default: '127.0.0.1' },
      plugin: { type: 'string', multiple: true, default: [] },
      root: { type: 'string' },
      out: { type: 'string' },
      force: { type: 'boolean', default: false },
      watch: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be an integer from 0 to 65535 (got ${JSON.stringify(values.port)})`);

const root = values.root ?? findConfigRoot(process.cwd()) ?? findConfigRoot(new URL('.', import.meta.url).pathname);
const discovery = await discoverPlugins({ ...(root ? { root } : {}), extra: values.plugin });
for (const { source, error } of discovery.unavailable) process.stderr.write(`kit-web: plugin ${source} is unavailable: ${error}\n`);

if (values.out !== undefined && values.watch) fail('--watch goes with serving the page, not with --out DIR');
if (values.out !== undefined) {
  const manifest = await exportSite({ outDir: values.out, force: values.force, plugins: discovery.plugins, unavailable: discovery.unavailable }).catch(
    (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
  );
  const ready = manifest.plugins.filter((entry) => entry.module).length;
  process.stdout.write(`${values.out}: the app and ${ready} plugin${ready === 1 ? '' : 's'} (any static web server can host it)\n`);
  process.exit(0);
}

const log = (line: string) => void process.stderr.write(`kit-web: ${line}\n`);
const server = await serve({
  port,
  host: values.host,
  plugins: discovery.plugins,
  unavailable: discovery.unavailable,
  ...(values.watch ? { watch: true, log } : {}),
}).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
process.stdout.write(`${server.url}\n`);
const stop = (code: number) => () => void server.close().finally(() => process.exit(code));
process.once('SIGINT', stop(130));
process.once('SIGTERM', stop(143));
