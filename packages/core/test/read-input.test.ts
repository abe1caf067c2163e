import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_INPUT_BYTES, describeBytes, readInputFile } from '../src/read-input.js';

const dir = mkdtempSync(join(tmpdir(), 'kit-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => join(dir, name);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (error: Error) => `${error.name}: ${error.message}`,
  );

describe('readInputFile', () => {
  it('reads a regular file, relative to cwd, named as given', async () => {
    writeFileSync(at('board.txt'), '..\n..\n');
    await expect(readInputFile('board.txt', { cwd: dir })).resolves.toEqual({ name: 'board.txt', text: '..\n..\n' });
    symlinkSync(at('board.txt'), at('link.txt'));
    await expect(readInputFile(at('link.txt'))).resolves.toEqual({ name: at('link.txt'), text: '..\n..\n' });
  });

  it('refuses devices, FIFOs and directories at once, as InputErrors naming the path', async () => {
    execFileSync('mkfifo', [at('fifo')]);
    const notRegular = (path: string) => `InputError: ${path}: is not a regular file (a device, pipe or socket); give a file saved on disk`;
    expect(await failure(readInputFile('/dev/zero'))).toBe(notRegular('/dev/zero'));
    expect(await failure(readInputFile(at('fifo')))).toBe(notRegular(at('fifo')));
    expect(await failure(readInputFile(dir, { what: 'board' }))).toBe(`InputError: ${dir}: is a directory, not a board`);
    expect(await failure(readInputFile(at('none.txt')))).toBe(`InputError: ${at('none.txt')}: no such file`);
    expect(await failure(readInputFile(''))).toBe('InputError: the file name is empty');
  });

  it('refuses a file over the limit without reading it, and reads one at the limit', async () => {
    writeFileSync(at('ten.txt'), '0123456789');
    expect(await failure(readInputFile(at('ten.txt'), { maxBytes: 9 }))).toBe(
      `InputError: ${at('ten.txt')}: is 10 bytes, over the 9 bytes limit for this input`,
    );
    await expect(readInputFile(at('ten.txt'), { maxBytes: 10 })).resolves.toEqual({ name: at('ten.txt'), text: '0123456789' });
    expect(DEFAULT_MAX_INPUT_BYTES).toBe(1024 * 1024);
  });

  it('reads files the system reports as empty (like /proc) up to the limit only', async () => {
    const text = (await readInputFile('/proc/self/status')).text;
    expect(text).toMatch(/^Name:/);
    expect(await failure(readInputFile('/proc/self/status', { maxBytes: 16 }))).toBe(
      'InputError: /proc/self/status: is over the 16 bytes limit for this input',
    );
  });

  it('undoes gzip where the reader asks for it, bounded once decompressed; other files stay as they are', async () => {
    writeFileSync(at('packed.xml.gz'), gzipSync('<puzzle version="2"/>\n'));
    await expect(readInputFile(at('packed.xml.gz'), { gzip: true })).resolves.toEqual({ name: at('packed.xml.gz'), text: '<puzzle version="2"/>\n' });
    writeFileSync(at('plain.xml'), '<puzzle/>\n');
    await expect(readInputFile(at('plain.xml'), { gzip: true })).resolves.toEqual({ name: at('plain.xml'), text: '<puzzle/>\n' });
    // 64 KiB of zeros packs into about 100 bytes: the limit applies to what comes out.
    writeFileSync(at('bomb.gz'), gzipSync(Buffer.alloc(64 * 1024)));
    expect(await failure(readInputFile(at('bomb.gz'), { gzip: true, maxBytes: 4096 }))).toBe(
      `InputError: ${at('bomb.gz')}: is over the 4 KiB limit for this input once decompressed`,
    );
    const broken = gzipSync('<puzzle/>\n');
    writeFileSync(at('broken.gz'), broken.subarray(0, broken.length - 6));
    expect(await failure(readInputFile(at('broken.gz'), { gzip: true }))).toBe(
      `InputError: ${at('broken.gz')}: is not a valid gzip file (unexpected end of file)`,
    );
  });

  it('describes sizes for people', () => {
    expect([1, 12, 2048, 1536, 10 * 1024 * 1024 + 512 * 1024].map(describeBytes)).toEqual(['1 byte', '12 bytes', '2 KiB', '1.5 KiB', '10.5 MiB']);
  });
});
