import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TextFile } from '@kit/core';
import { UsageError } from './errors.js';

/** Reads a file the user named into `{ name, text }`; every failure is one clear usage error. */
export function readTextFile(path: string, cwd: string, what = 'file'): TextFile {
  const full = resolve(cwd, path);
  let isDirectory = false;
  try {
    isDirectory = statSync(full).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`${path}: no such ${what}`);
    throw new UsageError(`${path}: cannot read ${what} (${code ?? String(error)})`);
  }
  if (isDirectory) throw new UsageError(`${path}: is a directory, not a ${what}`);
  try {
    return { name: path, text: readFileSync(full, 'utf8') };
  } catch (error) {
    throw new UsageError(`${path}: cannot read ${what} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}
