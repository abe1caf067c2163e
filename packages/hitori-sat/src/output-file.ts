import { existsSync, writeFileSync } from 'node:fs';
import { InputError } from '@kit/core';

// Files the solver writes (`-o`, `--dimacs`), under Node: `#output-file` in package.json
// (output-file-browser.ts elsewhere). The existence check runs before any search, so a mistake
// costs nothing; the write itself uses exclusive creation, so a file that appeared meanwhile is
// not overwritten either.

export function checkWritable(path: string, force: boolean): void {
  if (!force && existsSync(path)) throw new InputError('already exists (add --force to overwrite it)', { file: path });
}

export function writeOutput(path: string, text: string, force: boolean): void {
  try {
    writeFileSync(path, text, { flag: force ? 'w' : 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new InputError('already exists (add --force to overwrite it)', { file: path });
    throw new InputError(`cannot write: ${(error as Error).message}`, { file: path });
  }
}
