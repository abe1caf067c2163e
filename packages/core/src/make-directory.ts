// Node-only: how a host creates a directory the user named (a static site, a new package).
// Exported from @kit/core/node.
import { mkdirSync, statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { InputError } from './errors.js';

/** How `makeDirectory` resolves its path. */
export interface MakeDirectoryOptions {
  /** Relative paths are taken from here (default: the process's working directory). */
  cwd?: string;
}

/** The entry at `path`, undefined when there is none (or a file stands on the way: ENOTDIR). */
function entryAt(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw new InputError(`cannot use ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

/**
 * Creates the directory `path` names and any missing parents, one level at a time; an existing
 * directory is fine. Returns its absolute path. Not mkdirSync(path, { recursive: true }): Node's
 * recursive mkdir retries forever, blocking the thread (so Ctrl-C and SIGTERM go unheard), where a
 * parent answers ENOENT although it exists, as /proc does. Every failure is an InputError naming the
 * path: an empty one, a file where a directory should be, a directory that refuses new entries.
 */
export function makeDirectory(path: string, options: MakeDirectoryOptions = {}): string {
  if (path.trim() === '') throw new InputError('an empty path names no directory');
  const target = resolve(options.cwd ?? process.cwd(), path);
  // Up to the nearest entry that exists: it must be a directory. The walk ends at the root.
  const missing: string[] = [];
  for (let dir = target; ; dir = dirname(dir)) {
    const entry = entryAt(dir);
    if (entry) {
      if (!entry.isDirectory()) throw new InputError(`${dir} is a file, not a directory`);
      break;
    }
    missing.push(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Made meanwhile by someone else: fine if it is a directory.
      if (code === 'EEXIST' && entryAt(dir)?.isDirectory()) continue;
      throw new InputError(`cannot create directory ${dir} (${code ?? String(error)})`);
    }
  }
  return target;
}
