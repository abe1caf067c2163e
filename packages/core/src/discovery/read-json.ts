// The JSON files discovery reads (kit.config.json, package.json) are read only when they are
// regular files of a sane size: a FIFO or device under such a name must not hang every command.
import { fs } from './builtins.js';
import { jsonNestsDeeperThan } from '../json-depth.js';

const { closeSync, constants, fstatSync, openSync, readFileSync } = fs;

const MAX_MANIFEST_BYTES = 1024 * 1024;
/** Far deeper than any package.json or kit.config.json needs (a deep one overflowed the stack later). */
export const MAX_MANIFEST_DEPTH = 64;

/** Why `text` is not read as JSON before parsing it (its nesting), or undefined. */
export function manifestDepthProblem(text: string, file: string): string | undefined {
  return jsonNestsDeeperThan(text, MAX_MANIFEST_DEPTH)
    ? `nests arrays and objects more than ${MAX_MANIFEST_DEPTH} deep, past the limit for a ${file}`
    : undefined;
}

/** The file's text; throws an Error whose message says why it was not read. */
export function readManifestText(path: string): string {
  // O_NONBLOCK: opening a FIFO with no writer returns at once (0 where it does not exist: Windows).
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new Error('not a regular file');
    if (stats.size > MAX_MANIFEST_BYTES) throw new Error(`larger than ${MAX_MANIFEST_BYTES / (1024 * 1024)} MiB`);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}
