// Node built-ins that @kit/core/node needs only for some of its work, loaded on first use. Each
// costs 1.5-2 ms to load, and a short run on the host's own thread (kit run --count --threads 1)
// uses neither: ESM cannot import lazily and synchronously, so they come through `require`.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** node:worker_threads, for starting solver workers. */
export const workerThreads = (): typeof import('node:worker_threads') => require('node:worker_threads');

/** node:v8, for instances that JSON cannot carry. */
export const v8 = (): typeof import('node:v8') => require('node:v8');
