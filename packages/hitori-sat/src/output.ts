import { InputError } from '@kit/core';

// Files the solver writes (`-o`, `--dimacs`). The existence check runs before any search, so a
// mistake costs nothing; the write itself uses exclusive creation, so a file that appeared meanwhile
// is not overwritten either.

async function nodeFs() {
  if (typeof process === 'undefined' || !process.versions?.node) throw new InputError('writing files needs Node (the CLI)');
  return import('node:fs');
}

export async function checkWritable(path: string, force: boolean): Promise<void> {
  const fs = await nodeFs();
  if (!force && fs.existsSync(path)) throw new InputError('already exists (add --force to overwrite it)', { file: path });
}

export async function writeOutput(path: string, text: string, force: boolean): Promise<void> {
  const fs = await nodeFs();
  try {
    fs.writeFileSync(path, text, { flag: force ? 'w' : 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new InputError('already exists (add --force to overwrite it)', { file: path });
    throw new InputError(`cannot write: ${(error as Error).message}`, { file: path });
  }
}
