// What only Node has: supports-color's reading of a terminal, and writing to a file descriptor.
// Imported as `#terminal` (package.json "imports"): a bundle for the page gets terminal-browser.ts.
import { writeSync } from 'node:fs';
import { createSupportsColor } from 'supports-color';

/** supports-color's verdict for a terminal in environment `env`: false, or whether it has 24-bit colour. */
export function terminalColors(env: Record<string, string | undefined>): false | { has16m: boolean } {
  const support = withEnv(env, () => createSupportsColor({ isTTY: true } as NodeJS.WriteStream, { sniffFlags: false }));
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
