import type { Discovery } from '@kit/core/discovery';
import { UsageError } from '../errors.js';

interface WebServer {
  url: string;
  close(): Promise<void> | void;
}
interface WebModule {
  serve(options: {
    port: number;
    host: string;
    plugins: Array<{ id: string; source: string; moduleUrl: string; packageDir: string }>;
    unavailable: Array<{ source: string; error: string }>;
  }): Promise<WebServer>;
}

/** `kit web [--port N]`: serves @kit/web on 127.0.0.1, prints its URL first, runs until interrupted. */
export async function serveWeb(discovery: Discovery, port: number): Promise<WebServer> {
  // A variable specifier: @kit/web is optional and never bundled into the CLI's types.
  const specifier = '@kit/web/server';
  let web: WebModule;
  try {
    web = (await import(specifier)) as WebModule;
  } catch (error) {
    throw new UsageError(`kit web needs @kit/web (${(error as Error).message.split('\n')[0]})`);
  }
  if (typeof web.serve !== 'function') throw new UsageError('kit web needs @kit/web (its server module exports no serve())');
  try {
    return await web.serve({
      port,
      host: '127.0.0.1',
      plugins: discovery.plugins.map(({ id, source, moduleUrl, packageDir }) => ({ id, source, moduleUrl, packageDir })),
      // Plugins that could not be used are shown in the page as unavailable, with the reason.
      unavailable: discovery.skipped.map(({ source, reason }) => ({ source, error: reason })),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${port} is already in use (try --port 0 for a free one)`);
    if (code === 'EACCES') throw new UsageError(`port ${port} needs privileges (choose one above 1023)`);
    throw error;
  }
}
