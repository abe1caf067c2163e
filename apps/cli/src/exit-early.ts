// When a finished command ends the process itself instead of letting Node wind down.

/** Commands that are over once their output is written; a server or a queue worker is not. */
const FINITE_COMMANDS: ReadonlySet<string> = new Set(['run', 'generate', 'grade']);

/** What is asked of stdout and stderr: the bytes they still hold. */
export interface QueuedOutput {
  readonly writableLength: number;
}

/**
 * Whether `kit <command>`, now finished, may call process.exit(). Node's own ending first waits for
 * V8's background work, such as optimising the WebAssembly search that a short run has already
 * finished with: about 20 ms of `kit run polycube --set soma --threads 1`, whose search takes 3 ms.
 * Only for a command with nothing left to do, and only with no output still queued: where writes to
 * a pipe are asynchronous (Windows), process.exit() would drop it.
 */
export function mayExitAtOnce(command: string | undefined, streams: readonly QueuedOutput[]): boolean {
  return command !== undefined && FINITE_COMMANDS.has(command) && streams.every((stream) => stream.writableLength === 0);
}
