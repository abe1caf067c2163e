// node:fs and node:path for discovery, through require(): importing a built-in as an ES module
// builds a facade of all its exports (node:fs's `promises` getter even loads fs/promises), about
// 3 ms of a short run on Node 20, where require() hands over the module Node has loaded already.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const fs: typeof import('node:fs') = require('node:fs');
export const path: typeof import('node:path') = require('node:path');
