// Imports one plugin module off the main thread and reports who it is. A module whose import loops
// forever or never settles then costs a terminated worker, not a hung host.
import { parentPort, workerData } from 'node:worker_threads';
import { pluginFromModule } from '../registry.js';
import { firstLine } from './candidates.js';

const { moduleUrl, source } = workerData as { moduleUrl: string; source: string };
try {
  const plugin = pluginFromModule((await import(moduleUrl)) as Record<string, unknown>, source);
  parentPort!.postMessage({ id: plugin.id, title: plugin.title, version: plugin.version });
} catch (error) {
  parentPort!.postMessage({ error: firstLine(error) });
}
