// What only Node has: supports-color's reading of a terminal, and writing to a file descriptor.
// Imported as `#terminal` (package.json "imports"): a bundle for the page gets terminal-browser.ts.
//
// Built-ins come from process.getBuiltinModule and supports-color is required on first use, not
// imported: importing it builds facades of node:process, node:os and node:tty, which every printing
// run paid for (3.5-8.6 ms of `kit run pentomino --size 3 --threads 1`) though only a terminal's
// colours need it.
import type { createSupportsColor } from 'supports-color';

const { writeSync } = process.getBuiltinModule('node:fs');

type SupportsColor = { createSupportsColor: typeof createSupportsColor };

let supportsColor: SupportsColor | null | undefined;

/**
 * supports-color, required once; null where it cannot be (a bundle that left it out, or a Node that
 * cannot require an ES module).
 */
function loadedSupportsColor(): SupportsColor | null {
  if (supportsColor === undefined) {
    try {
      supportsColor = process.getBuiltinModule('node:module').createRequire(import.meta.url)('supports-color') as SupportsColor;
    } catch {
      supportsColor = null;
    }
  }
  return supportsColor;
}

/**
 * supports-color's verdict for a terminal in environment `env`: false, or whether it has 24-bit
 * colour. Without supports-color (`library` null), a terminal other than TERM=dumb is taken to have
 * 256 colours, what the blocks are drawn in anyway.
 */
export function terminalColors(env: Record<string, string | undefined>, library = loadedSupportsColor()): false | { has16m: boolean } {
  if (!library) return env['TERM'] === 'dumb' ? false : { has16m: false };
  const support = withEnv(env, () => library.createSupportsColor({ isTTY: true } as NodeJS.WriteStream, { sniffFlags: false }));
  return support ? { has16m: support.has16m } : false;
}

// supports-color reads the live process.env object; let callers (and tests) detect against another
// environment by swapping its contents for the duration of one synchronous call.
function withEnv<T>(env: Record<string, string | undefined>, run: () => T): T {
  if (env === process.env) return run();
  const saved = { ...process.env };
  const replace = (next: Record<string, string | undefined>) => {
    for (const key of Object.keys(process.env)) delete process.env[key];
    for (const [key, value] of Object.entries(next)) if (value !== undefined) process.env[key] = value;
  };
  replace(env);
  try {
    return run();
  } finally {
    replace(saved);
  }
}

/**
 * A synchronous write that waits out a full terminal buffer (EAGAIN on a non-blocking descriptor)
 * for at most a second: at exit there is no event loop left to wait with.
 */
export function writeNow(fd: number, text: string): void {
  const until = Date.now() + 1000;
  let buffer = Buffer.from(text);
  while (buffer.length > 0) {
    try {
      buffer = buffer.subarray(writeSync(fd, buffer));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || Date.now() > until) return;
    }
  }
}
