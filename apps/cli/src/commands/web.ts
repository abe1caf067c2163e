import type { Discovery } from '@kit/core/discovery';
import { UsageError } from '../errors.js';
import { isMissingPackage, missingPackageLine } from '../optional-package.js';

interface WebServer {
  url: string;
  close(): Promise<void> | void;
}
type PluginSources = Array<{ id: string; source: string; moduleUrl: string; packageDir: string }>;
type Unavailable = Array<{ source: string; error: string }>;
interface WebModule {
  serve(options: {
    port: number;
    host: string;
    plugins: PluginSources;
    unavailable: Unavailable;
    watch?: boolean;
    log?(line: string): void;
  }): Promise<WebServer>;
  exportSite?(options: { outDir: string; force?: boolean; plugins: PluginSources; unavailable: Unavailable }): Promise<{ plugins: Array<{ module?: string }> }>;
}

async function loadWeb(): Promise<WebModule> {
  // A variable specifier: @kit/web is optional and never bundled into the CLI's types.
  const specifier = '@kit/web/server';
  let web: WebModule;
  try {
    web = (await import(specifier)) as WebModule;
  } catch (error) {
    if (isMissingPackage(error, '@kit/web')) throw new UsageError(missingPackageLine('kit web', '@kit/web'));
    throw new UsageError(`kit web needs @kit/web (${String((error as Error).message).split('\n')[0]})`);
  }
  if (typeof web.serve !== 'function') throw new UsageError('kit web needs @kit/web (its server module exports no serve())');
  return web;
}

const sources = (discovery: Discovery): PluginSources =>
  discovery.plugins.map(({ id, source, moduleUrl, packageDir }) => ({ id, source, moduleUrl, packageDir }));
/** Plugins that could not be used are shown in the page as unavailable, with the reason. */
const unavailableOf = (discovery: Discovery): Unavailable => discovery.skipped.map(({ source, reason }) => ({ source, error: reason }));

/** `kit web --out DIR [--force]`: the page and the plugins as a static site; returns how many plugins it holds. */
export async function exportWeb(discovery: Discovery, outDir: string, force: boolean): Promise<number> {
  const web = await loadWeb();
  if (typeof web.exportSite !== 'function') throw new UsageError('kit web --out needs a newer @kit/web (its server module exports no exportSite())');
  try {
    const manifest = await web.exportSite({ outDir, force, plugins: sources(discovery), unavailable: unavailableOf(discovery) });
    return manifest.plugins.filter((entry) => entry.module).length;
  } catch (error) {
    // A directory with files in it: refused, so nobody's index.html is overwritten without --force.
    if ((error as NodeJS.ErrnoException).code === 'ENOTEMPTY') throw new UsageError((error as Error).message);
    throw error;
  }
}

/**
 * `kit web [--port N] [--watch]`: serves @kit/web on 127.0.0.1, prints its URL first, runs until
 * interrupted. With `watch`, each plugin rebuilt is a `kit: ` line on stderr (stdout holds the URL alone).
 */
export async function serveWeb(discovery: Discovery, port: number, watch = false): Promise<WebServer> {
  const web = await loadWeb();
  const log = (line: string) => void process.stderr.write(`kit: ${line}\n`);
  try {
    return await web.serve({ port, host: '127.0.0.1', plugins: sources(discovery), unavailable: unavailableOf(discovery), ...(watch ? { watch, log } : {}) });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${port} is already in use (try --port 0 for a free one)`);
    if (code === 'EACCES') throw new UsageError(`port ${port} needs privileges (choose one above 1023)`);
    throw error;
  }
}
