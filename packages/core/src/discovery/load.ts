// Importing plugin modules with a bound on how long one may take, so a plugin whose import never
// settles is reported by name and the others carry on.
import type { AnyPlugin } from '../plugin.js';
import { builtFileUrl } from '../built-file.js';
import { PluginLoadError } from '../plugin-load-error.js';
import { pluginFromModule } from '../registry.js';
import { firstLine } from './candidates.js';
import { loadModule } from './load-module.js';

const DEFAULT_TIMEOUT_MS = 10_000;

/** How long one plugin's import may take: KIT_PLUGIN_TIMEOUT_MS, else 10 s. */
export function importTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env['KIT_PLUGIN_TIMEOUT_MS']);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}

function tooSlow(source: string, ms: number): PluginLoadError {
  return new PluginLoadError(source, `its module did not finish loading within ${ms / 1000} s`);
}

/** Imports a plugin module on this thread; an import that never settles fails after `ms`. */
export async function importPlugin(moduleUrl: string, source: string, ms = importTimeoutMs()): Promise<AnyPlugin> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    // Not unref'd: an import stuck on a top-level await leaves nothing else to keep Node running,
    // and it would exit quietly before saying which plugin hung.
    timer = setTimeout(() => reject(tooSlow(source, ms)), ms);
  });
  try {
    const namespace = await Promise.race([loadModule(moduleUrl), timeout]);
    return pluginFromModule(namespace, source);
  } catch (error) {
    throw error instanceof PluginLoadError ? error : new PluginLoadError(source, firstLine(error));
  } finally {
    clearTimeout(timer);
  }
}

export interface ProbedPlugin {
  id: string;
  title: string;
  version: string;
}

const PROBE_URL = builtFileUrl('discovery/probe-worker.js', import.meta.url);

/**
 * Learns a module's plugin id, title and version by importing it in a worker thread that is ended
 * after `ms`: even a module that loops forever on import cannot hang the host.
 */
export async function probePlugin(moduleUrl: string, source: string, ms = importTimeoutMs()): Promise<ProbedPlugin> {
  // Loaded here, not at the top: hosts whose plugins all have manifests never start a thread.
  const { Worker } = await import('node:worker_threads');
  return new Promise((resolve, reject) => {
    const worker = new Worker(PROBE_URL, { workerData: { moduleUrl, source } });
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      worker.removeAllListeners();
      void worker.terminate();
      settle();
    };
    const timer = setTimeout(() => finish(() => reject(tooSlow(source, ms))), ms);
    type Failure = { error: string; refused?: boolean; pluginId?: string };
    worker.on('message', (message: ProbedPlugin | Failure) =>
      finish(() => ('error' in message ? reject(new PluginLoadError(source, message.error, message)) : resolve(message))),
    );
    worker.on('error', (error) => finish(() => reject(new PluginLoadError(source, firstLine(error)))));
    // A module that never settles is named by the worker itself (probe-worker.ts); this is one that
    // ended its thread (process.exit) before answering.
    worker.on('exit', (code) => finish(() => reject(new PluginLoadError(source, `its module ended the thread (exit code ${code})`))));
  });
}
