// Imports one plugin module off the main thread and reports who it is. A module whose import loops
// forever or never settles then costs a terminated worker, not a hung host.
import { parentPort, workerData } from 'node:worker_threads';
import { PluginLoadError } from '../plugin-load-error.js';
import { pluginFromModule } from '../registry.js';
import { firstLine } from './candidates.js';

const { moduleUrl, source } = workerData as { moduleUrl: string; source: string };
let answered = false;
// No top-level await here: with one of ours pending, Node 24 prints a warning on the host's stderr
// when the plugin's own never settles. Instead the loop runs dry and this names why.
process.once('beforeExit', () => {
  if (!answered) post({ error: 'its module never finishes loading (a top-level await that never settles)' });
});
import(moduleUrl).then((module: Record<string, unknown>) => {
  try {
    const plugin = pluginFromModule(module, source);
    post({ id: plugin.id, title: plugin.title, version: plugin.version });
  } catch (error) {
    reportFailure(error);
  }
}, reportFailure);

function reportFailure(error: unknown): void {
  // A refusal (checkPlugin) keeps its kind and the plugin's id, so a host asked for that id says why.
  const refusal = error instanceof PluginLoadError ? { refused: error.refused, pluginId: error.pluginId } : {};
  post({ error: firstLine(error), ...refusal });
}

function post(message: object): void {
  answered = true;
  parentPort!.postMessage(message);
}
