// `kit worker --queue URL`: serves queued runs with this machine's plugins until Ctrl-C.
import { hostname } from 'node:os';
import type { PluginEntry } from '@kit/core/discovery';
import { errorPrefix } from '../error-prefix.js';
import { userFacing } from '../queue-run.js';

export async function serveWorker(plugins: readonly PluginEntry[], url: string, threads: number, lockMs: number | undefined): Promise<void> {
  const { serveQueue, redactUrl } = await import('@kit/queue');
  const byId = new Map(plugins.map((found) => [found.id, { moduleUrl: found.moduleUrl, version: found.version }]));
  const worker = await userFacing(() =>
    serveQueue({
      url,
      threads,
      findPlugin: (id) => byId.get(id),
      ...(lockMs !== undefined ? { lockMs } : {}),
      log: (line) => process.stderr.write(`${errorPrefix()}${line}\n`),
    }),
  );
  const ids = [...byId.keys()].join(', ') || 'none';
  process.stderr.write(`kit: worker ${hostname()} serving ${redactUrl(url)} with ${threads} thread${threads === 1 ? '' : 's'} (plugins: ${ids}); Ctrl-C stops\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await worker.close();
}
