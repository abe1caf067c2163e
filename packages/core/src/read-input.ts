// Node-only: how a host reads a file the user named. Exported from @kit/core/node.
import { constants } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InputError } from './errors.js';
import type { TextFile } from './options.js';

/**
 * The largest input file a host reads when the plugin states no limit: 1 MiB. Every input format of
 * the kit is far smaller (a 300x300 Hitori with three-digit numbers is about 360 KB), and a bigger
 * file is a mistake (a log, an image, a device) that would otherwise stall the parser.
 */
export const DEFAULT_MAX_INPUT_BYTES = 1024 * 1024;

/** Where `readInputFile` looks and how much it reads. */
export interface ReadInputOptions {
  /** Relative paths are taken from here (default: the process's working directory). */
  cwd?: string;
  /** Refuse files larger than this (default DEFAULT_MAX_INPUT_BYTES). */
  maxBytes?: number;
  /** What the file is, for messages: `no such file`, `... not a board file`. */
  what?: string;
  /** Decompress a gzip-compressed file (one that starts with gzip's magic bytes); maxBytes bounds its text too. */
  gzip?: boolean;
}

/** gzip's magic bytes: a file that starts with them is compressed. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * Reads a user's file as text, asynchronously, so the thread that handles Ctrl-C never blocks.
 * Only a regular file is read, and only up to the limit: a FIFO, a device (/dev/zero), a socket or a
 * directory fails at once. The check is on the opened descriptor (fstat), not a stat before the
 * open, so the file cannot be swapped in between; O_NONBLOCK keeps the open of a FIFO with no
 * writer from waiting. Every failure is an InputError whose message starts with the path.
 */
export async function readInputFile(path: string, options: ReadInputOptions = {}): Promise<TextFile> {
  const what = options.what ?? 'file';
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_INPUT_BYTES;
  const full = resolve(options.cwd ?? process.cwd(), path);
  const fail = (reason: string) => new InputError(`${path}: ${reason}`);
  if (path === '') throw new InputError(`the ${what} name is empty`);
  let handle: FileHandle;
  try {
    // O_NONBLOCK is 0 where it does not exist (Windows), where opening a FIFO does not block anyway.
    // Loaded here: most runs read no file, and node:fs/promises costs a millisecond to load.
    const { open } = await import('node:fs/promises');
    handle = await open(full, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw fail(`no such ${what}`);
    if (code === 'EISDIR') throw fail(`is a directory, not a ${what}`);
    if (code === 'ENOTDIR') throw fail(`no such ${what} (a part of the path is not a directory)`);
    if (code === 'ELOOP') throw fail(`no such ${what} (a symbolic link loop)`);
    throw fail(`cannot read ${what} (${code ?? String(error)})`);
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw fail(`is a directory, not a ${what}`);
    if (!stats.isFile()) throw fail(`is not a regular file (a device, pipe or socket); give a ${what} saved on disk`);
    if (stats.size > maxBytes) throw fail(`is ${describeBytes(stats.size)}, over the ${describeBytes(maxBytes)} limit for this input`);
    // Read in chunks and stop one byte past the limit: a file that grows while it is read (or
    // whose size the system reports as 0, like /proc files) still cannot run away.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(64 * 1024, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > maxBytes) throw fail(`is over the ${describeBytes(maxBytes)} limit for this input`);
    }
    const bytes = Buffer.concat(chunks, total);
    if (options.gzip && isGzip(bytes)) return { name: path, text: await gunzipText(bytes, maxBytes, fail) };
    return { name: path, text: bytes.toString('utf8') };
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw fail(`cannot read ${what} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  } finally {
    await handle.close().catch(() => {});
  }
}

/** Undoes gzip, refusing text past the limit (a small file can inflate a thousandfold) and broken data. */
async function gunzipText(bytes: Buffer, maxBytes: number, fail: (reason: string) => InputError): Promise<string> {
  const { gunzip } = await import('node:zlib');
  return new Promise((resolveText, reject) => {
    gunzip(bytes, { maxOutputLength: maxBytes }, (error, text) => {
      if (!error) resolveText(text.toString('utf8'));
      else if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        reject(fail(`is over the ${describeBytes(maxBytes)} limit for this input once decompressed`));
      else reject(fail(`is not a valid gzip file (${error.message})`));
    });
  });
}

/** `1 MiB`, `10.5 MiB`, `800 KiB`, `12 bytes`. */
export function describeBytes(bytes: number): string {
  const round = (n: number) => String(Math.round(n * 10) / 10);
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MiB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KiB`;
  return `${bytes} byte${bytes === 1 ? '' : 's'}`;
}
