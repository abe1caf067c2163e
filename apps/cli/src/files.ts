import { isInputError, type TextFile } from '@kit/core';
import { UsageError } from './errors.js';

/**
 * Reads a file the user named into `{ name, text }` through core's one reader (regular files only,
 * at most `maxBytes`, never blocking the thread that handles Ctrl-C); every failure is one clear
 * usage error.
 */
export async function readTextFile(
  path: string,
  cwd: string,
  limits: { maxBytes?: number | undefined; gzip?: boolean | undefined } = {},
  what = 'file',
): Promise<TextFile> {
  try {
    // Loaded here: most runs read no file, and @kit/core/node is otherwise only for worker threads.
    const { readInputFile } = await import('@kit/core/node');
    return await readInputFile(path, {
      cwd,
      what,
      ...(limits.maxBytes !== undefined ? { maxBytes: limits.maxBytes } : {}),
      ...(limits.gzip ? { gzip: true } : {}),
    });
  } catch (error) {
    if (isInputError(error)) throw new UsageError(error.message);
    throw error;
  }
}
