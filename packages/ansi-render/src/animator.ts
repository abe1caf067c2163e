import { writeNow } from '#terminal';
import * as ansiEscapes from './escapes.js';

/** Where an {@link Animator} draws: process.stdout, or anything with a `write` such as a test's buffer. */
export interface AnimatorStream {
  /** Writes escape sequences and frame text; the return value is ignored. */
  write(chunk: string): unknown;
  /** A file descriptor (process.stdout has one) lets the cursor be restored synchronously at exit. */
  fd?: number;
}

/** How an {@link Animator} treats the cursor and the process's signals. */
export interface AnimatorOptions {
  /** Hide the cursor while a block is live (default true); it is always shown again. */
  hideCursor?: boolean;
  /**
   * Install SIGINT/SIGTERM handlers that restore the cursor and exit with 128 + the signal number
   * (130 for Ctrl-C). Default true; a host that handles signals itself passes false and calls stop().
   */
  handleSignals?: boolean;
}

const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

/** Node's process, absent on a page (where there is no exit or signal to restore the cursor on). */
const host = (globalThis as { process?: NodeJS.Process }).process;

/**
 * Draws a block of lines in place, the way the seed animates its search: each new frame moves the
 * cursor back up and rewrites only the lines that changed. `commit` leaves a block on screen (a
 * solution) so the next frame starts below it. The cursor is hidden while animating and restored by
 * stop(), on process exit (normal or after an uncaught error) and on SIGINT/SIGTERM.
 */
export class Animator {
  readonly #stream: AnimatorStream;
  readonly #hideCursor: boolean;
  readonly #handleSignals: boolean;
  /** The lines of the live block, which ends just above the cursor. */
  #live: string[] = [];
  #cursorHidden = false;
  #handlersInstalled = false;

  constructor(stream: AnimatorStream, options: AnimatorOptions = {}) {
    this.#stream = stream;
    this.#hideCursor = options.hideCursor ?? true;
    this.#handleSignals = options.handleSignals ?? true;
  }

  /** Replaces the live block with these lines. */
  draw(lines: readonly string[]): void {
    this.#start();
    this.#stream.write(redraw(this.#live, lines));
    this.#live = [...lines];
  }

  /** Shows these lines (or the live block) for good: later frames are drawn below them. */
  commit(lines?: readonly string[]): void {
    if (lines) this.draw(lines);
    this.#live = [];
  }

  /** Erases the live block. */
  clear(): void {
    if (this.#live.length > 0) this.#stream.write(redraw(this.#live, []));
    this.#live = [];
  }

  /** Restores the cursor and removes the handlers; the live block stays on screen. Idempotent. */
  stop(): void {
    this.#finish(false);
  }

  /**
   * Like stop(), but writes straight to the file descriptor, ahead of anything still queued: for a
   * host about to call process.exit(), which drops queued terminal output.
   */
  stopNow(): void {
    this.#finish(true);
  }

  #finish(now: boolean): void {
    this.#live = [];
    this.#restoreCursor(now);
    if (this.#handlersInstalled) {
      host?.off('exit', this.#onExit);
      if (this.#handleSignals) for (const signal of Object.keys(SIGNAL_CODES)) host?.off(signal, this.#onSignal);
      this.#handlersInstalled = false;
    }
  }

  #start(): void {
    if (!this.#handlersInstalled) {
      host?.on('exit', this.#onExit);
      if (this.#handleSignals) for (const signal of Object.keys(SIGNAL_CODES)) host?.on(signal, this.#onSignal);
      this.#handlersInstalled = true;
    }
    if (this.#hideCursor && !this.#cursorHidden) {
      this.#stream.write(ansiEscapes.cursorHide);
      this.#cursorHidden = true;
    }
  }

  #restoreCursor(now: boolean): void {
    if (!this.#cursorHidden) return;
    this.#cursorHidden = false;
    if (now && this.#stream.fd !== undefined) writeNow(this.#stream.fd, ansiEscapes.cursorShow);
    else this.#stream.write(ansiEscapes.cursorShow);
  }

  // Arrow properties so process.off() removes exactly what process.on() added.
  readonly #onExit = (): void => this.#restoreCursor(true);
  readonly #onSignal = (signal: NodeJS.Signals): void => {
    this.stopNow();
    host?.exit(SIGNAL_CODES[signal as keyof typeof SIGNAL_CODES] ?? 1);
  };
}

/**
 * The bytes that turn `before` (on screen, ending just above the cursor) into `after`, leaving the
 * cursor just below the new block. Unchanged lines are skipped with cursor moves.
 */
export function redraw(before: readonly string[], after: readonly string[]): string {
  let out = '';
  let row = before.length; // the cursor's row, counted from the block's first line
  const moveTo = (target: number) => {
    if (target < row) out += ansiEscapes.cursorUp(row - target);
    else if (target > row) out += ansiEscapes.cursorDown(target - row);
    row = target;
  };
  for (let i = 0; i < after.length; i++) {
    if (i < before.length && before[i] === after[i]) continue;
    moveTo(i);
    // New lines below the old block are made by the newline itself, which scrolls when needed.
    out += `${ansiEscapes.eraseLine}${after[i]}\n`;
    row = i + 1;
  }
  if (after.length < before.length) {
    moveTo(after.length);
    out += ansiEscapes.eraseDown;
  } else {
    moveTo(after.length);
  }
  return out;
}
