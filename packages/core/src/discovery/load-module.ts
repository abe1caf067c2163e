// Loading a plugin module synchronously where Node can (`require()` of an ES module: Node 20.19+
// and 22.12+). The first `import()` of a process starts Node's asynchronous ESM loader, and each
// module read through it waits on the thread pool: together some milliseconds of a short run.
// A module graph with a top-level await cannot be required; it is imported as before.
import { nodeModule, url as nodeUrl } from './builtins.js';

const canRequireModules = (process.features as { require_module?: boolean }).require_module === true;
// Made on first use: `kit list` loads discovery but no plugin, and createRequire costs 0.7 ms cold.
let requireHere: NodeJS.Require | undefined;

/** The module's namespace, as `import(url)` gives it. */
export function loadModule(url: string): Promise<Record<string, unknown>> {
  if (canRequireModules && url.startsWith('file:')) {
    requireHere ??= nodeModule.createRequire(import.meta.url);
    try {
      return Promise.resolve(asNamespace(requireHere(nodeUrl.fileURLToPath(url))));
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'ERR_REQUIRE_ASYNC_MODULE') return Promise.reject(error);
    }
  }
  return import(url) as Promise<Record<string, unknown>>;
}

/**
 * What import() gives for the module require() loaded: an ES module's namespace as it is, a
 * CommonJS module's exports as the default export (and its own properties as named ones).
 */
function asNamespace(loaded: unknown): Record<string, unknown> {
  if (Object.prototype.toString.call(loaded) === '[object Module]') return loaded as Record<string, unknown>;
  return { ...(typeof loaded === 'object' && loaded !== null ? loaded : {}), default: loaded };
}
