import { setTimeout as sleep } from 'node:timers/promises';
import { Animator, renderFrame, type ColorMode } from '@kit/ansi-render';
import type { Palette } from '@kit/core';
import type { SolveEvent, AnyPlugin } from '@kit/core/host';
import type { LineWriter } from './json-output.js';
import { safeFrame } from './safe-frame.js';
import { type StatusLine, statusText } from './status-line.js';

export interface HumanOutputOptions {
  plugin: AnyPlugin;
  palette: Palette;
  color: ColorMode;
  /** Draw progress and steps in place (a terminal, or FORCE_COLOR). */
  animate: boolean;
  /** -q: no animation at all, steps included; solutions and the summary still print. */
  quiet?: boolean;
  /** --delay: pause after each animated frame. */
  delayMs: number;
  /** Pause after each animated step (--delay, else the plugin's suggestion). */
  stepDelayMs: number;
  stdout: LineWriter;
  /** Where the progress line goes (stderr, when it is a terminal). */
  status: StatusLine | undefined;
  /** Called once if drawing fails (a plugin's view() threw): the host stops the search. */
  onFault?: (error: unknown) => void;
  /**
   * Gather the text of solutions and steps into few writes (stdout a pipe or a file, no animation):
   * a Soma run's 240 solutions took 240 writes, each a system call through the stream's machinery.
   */
  batch?: boolean;
}

/** The smallest time between two progress frames: about 20 frames a second. */
const FRAME_MS = 50;
/** The longest stretch of drawing before other events get a turn. */
const SLICE_MS = 20;

const ESCAPES = /\u001B\[[0-9;?]*[A-Za-z]/g;
const visibleWidth = (line: string) => line.replace(ESCAPES, '').length;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Batched text waits at most this long while the search keeps reporting (the first text after a
 * quiet spell goes at once), or until this much is held: a long run still prints as it goes.
 */
const BATCH_MS = 16;
const BATCH_CHARS = 16 * 1024;

/**
 * What a person sees: the search animated in place (progress frames), each solution left on screen
 * as a frame titled `No. N`, animation steps drawn one after another, and a summary line. Events are
 * queued and drawn in order so `--delay` can pause without blocking the workers; of several queued
 * progress frames only the newest is drawn.
 */
export class HumanOutput {
  readonly #options: HumanOutputOptions;
  readonly #animator: Animator | undefined;
  readonly #queue: SolveEvent[] = [];
  #draining: Promise<void> | undefined;
  #fault: { error: unknown } | undefined;
  #lastFrameAt = -Infinity;
  #live: 'none' | 'progress' | 'step' = 'none';
  #steps = 0;
  /** The status line's latest text, shown again below whatever was just drawn. */
  #statusText: string | undefined;
  /** Batched text not yet written (see `batch`), and when text was last written. */
  #held = '';
  #writtenAt = -Infinity;
  #flushQueued = false;

  constructor(options: HumanOutputOptions) {
    this.#options = options;
    this.#animator = options.animate ? new Animator(options.stdout, { handleSignals: false }) : undefined;
  }

  event(event: SolveEvent): void {
    if (event.type === 'done' || this.#fault) return;
    if (event.type === 'progress') {
      this.#statusText = statusText(event);
      this.#options.status?.show(this.#statusText);
      if (!this.#animator) return;
      const last = this.#queue[this.#queue.length - 1];
      if (last?.type === 'progress') this.#queue[this.#queue.length - 1] = event;
      else this.#queue.push(event);
    } else {
      if (event.type === 'step' && this.#options.quiet) return;
      if (!this.#animator && !this.#draining) return this.#drawAtOnce(event);
      this.#queue.push(event);
    }
    this.#draining ??= this.#drain()
      .catch((error: unknown) => {
        this.#queue.length = 0;
        this.#fault = { error };
        this.#options.onFault?.(error);
      })
      .finally(() => {
        this.#draining = undefined;
      });
  }

  /**
   * Without animation there is nothing to pace: an event is written as it comes, so a search on this
   * thread prints as it goes (and `| head` ends it) instead of holding every frame until it ends.
   */
  #drawAtOnce(event: SolveEvent): void {
    try {
      this.#render(event);
    } catch (error) {
      this.#fault = { error };
      this.#options.onFault?.(error);
    }
  }

  /** The error that stopped drawing, if any. */
  get fault(): { error: unknown } | undefined {
    return this.#fault;
  }

  /** Waits for everything queued to be drawn, clears the animation, prints the summary line. */
  async finish(summaryLine: () => string): Promise<void> {
    while (this.#draining) await this.#draining;
    if (this.#fault) throw this.#fault.error;
    if (this.#animator) {
      if (this.#live === 'progress') this.#animator.clear();
      else this.#animator.commit();
      this.#animator.stop();
    }
    this.#statusText = undefined;
    this.#options.status?.clear();
    this.#held += `${summaryLine()}\n`;
    this.flush();
  }

  /** Ctrl-C or an error: what was batched is written, the cursor shown again at once; the frame on screen stays. */
  interrupt(): void {
    this.flush();
    this.#options.status?.clear();
    this.#animator?.stopNow();
  }

  /** Writes the batched text now. */
  flush(): void {
    if (this.#held === '') return;
    const text = this.#held;
    this.#held = '';
    this.#writtenAt = performance.now();
    this.#options.stdout.write(text);
  }

  /** Writes the batched text if it has waited long enough: a search on this thread calls in now and then. */
  flushIfDue(): void {
    if (this.#held !== '' && performance.now() - this.#writtenAt >= BATCH_MS) this.flush();
  }

  /** Text for stdout outside the animation: written at once, or batched (see `batch`). */
  #write(text: string): void {
    if (!this.#options.batch) {
      this.#options.stdout.write(text);
      return;
    }
    this.#held += text;
    if (this.#held.length >= BATCH_CHARS || performance.now() - this.#writtenAt >= BATCH_MS) {
      this.flush();
    } else if (!this.#flushQueued) {
      // Solved in workers, this thread is free between their messages: the rest goes out then.
      this.#flushQueued = true;
      setImmediate(() => {
        this.#flushQueued = false;
        this.flush();
      });
    }
  }

  /**
   * Draws queued events in slices of at most SLICE_MS, yielding to the event loop between slices
   * (setImmediate, not a microtask): a solver can report faster than a terminal can draw, and
   * Ctrl-C and worker messages must still get their turn.
   */
  async #drain(): Promise<void> {
    const stdout = this.#options.stdout;
    await nextTurn();
    let sliceStart = performance.now();
    for (let event = this.#queue.shift(); event; event = this.#queue.shift()) {
      await this.#draw(event);
      // Wait for a slow terminal rather than queueing output without end.
      if (stdout.writableNeedDrain && stdout.once) await new Promise<void>((resolve) => stdout.once!('drain', () => resolve()));
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
  }

  #fits(lines: readonly string[]): boolean {
    const { rows, columns } = this.#options.stdout;
    if (!rows || !columns) return true;
    return lines.length < rows && lines.every((line) => visibleWidth(line) <= columns);
  }

  /** A progress or step state as lines; an untitled frame gets an empty title line, so a solution
   * (titled) drawn over it has the same height. */
  #lines(state: unknown): string[] {
    const { plugin, palette, color } = this.#options;
    const frame = safeFrame(plugin.view(state));
    return renderFrame(frame, { color, palette, title: frame.title ?? '' });
  }

  async #draw(event: SolveEvent): Promise<void> {
    const pause = this.#render(event);
    if (this.#options.animate && pause > 0) await sleep(pause);
  }

  /** Draws one event now; returns the pause that should follow it (ms). */
  #render(event: SolveEvent): number {
    const { status } = this.#options;
    let delayMs = this.#options.delayMs;
    const animator = this.#animator;
    if (event.type === 'progress') {
      if (!animator) return 0;
      const now = performance.now();
      if (now - this.#lastFrameAt < FRAME_MS && delayMs === 0) return 0;
      this.#lastFrameAt = now;
      const lines = this.#lines(event.state);
      // A frame taller or wider than the terminal cannot be redrawn in place: skip the animation.
      if (!this.#fits(lines)) return 0;
      animator.draw(lines);
      this.#live = 'progress';
    } else if (event.type === 'solution') {
      const frame = safeFrame(this.#options.plugin.view(event.solution, { index: event.index }));
      // The plugin may title its solutions itself (it is told the index); the default is `No. N`.
      const title = frame.title ?? `No. ${event.index}`;
      const lines = renderFrame(frame, { color: this.#options.color, palette: this.#options.palette, title });
      lines.push('');
      status?.clear();
      if (animator) animator.commit(lines);
      else this.#write(`${lines.join('\n')}\n`);
      this.#live = 'none';
    } else if (event.type === 'step') {
      this.#steps++;
      const lines = this.#lines(event.state);
      if (lines[0] === '') lines[0] = `Step ${this.#steps}`;
      status?.clear();
      if (animator && this.#fits(lines)) {
        animator.draw(lines);
        this.#live = 'step';
        delayMs = this.#options.stepDelayMs;
      } else if (animator) {
        animator.commit([...lines, '']);
        this.#live = 'none';
      } else {
        this.#write([...lines, ''].map((line) => `${line}\n`).join(''));
      }
    } else {
      return 0;
    }
    if (status && this.#statusText !== undefined) status.show(this.#statusText);
    return delayMs;
  }
}
