// Files watched by polling their status, not through the system's change events: a build that
// deletes dist/ and writes it again (kit-build does) would end an fs.watch on the old directory,
// while a poll of each path sees the file go and come back. A plugin's own files are a few dozen.
import { type Stats, unwatchFile, watchFile } from 'node:fs';

export interface WatchTimings {
  /** How often each file's status is read. */
  intervalMs: number;
  /** Quiet time after the last change before `changed` is called: a build writes many files. */
  settleMs: number;
}

export const WATCH_TIMINGS: WatchTimings = { intervalMs: 250, settleMs: 300 };

/**
 * Calls `changed` once the watched files have changed (written, removed, created) and then stayed
 * as they are for `settleMs`.
 */
export class FileWatch {
  readonly #changed: () => void;
  readonly #timings: WatchTimings;
  readonly #paths = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(changed: () => void, timings: WatchTimings = WATCH_TIMINGS) {
    this.#changed = changed;
    this.#timings = timings;
  }

  readonly #listener = (now: Stats, before: Stats): void => {
    if (now.mtimeMs === before.mtimeMs && now.size === before.size && now.ino === before.ino) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(this.#changed, this.#timings.settleMs);
  };

  /** Watches exactly these paths from now on; those watched already keep the status they had, so no change between is lost. */
  set(paths: readonly string[]): void {
    const wanted = new Set(paths);
    for (const path of this.#paths) {
      if (wanted.has(path)) continue;
      unwatchFile(path, this.#listener);
      this.#paths.delete(path);
    }
    for (const path of wanted) {
      if (this.#paths.has(path)) continue;
      watchFile(path, { interval: this.#timings.intervalMs, persistent: false }, this.#listener);
      this.#paths.add(path);
    }
  }

  /** Stops watching; a pending `changed` is dropped. */
  close(): void {
    clearTimeout(this.#timer);
    this.set([]);
  }
}
