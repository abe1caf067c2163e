// When the page redraws. Events from a run are only recorded as they arrive; drawing happens on
// display frames, at most once per frame, and while a search runs at most every LIVE_DRAW_MS: on a
// machine with as many cores as workers, each frame the page draws is time taken from the search.
// Steps (their animation) and a run's end are drawn at the next frame.

export interface FrameClock {
  requestFrame(callback: () => void): void;
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
}

const browserClock: FrameClock = {
  requestFrame: (callback) => requestAnimationFrame(() => callback()),
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
};

/** While a search runs, what it reports is drawn at most this often. */
export const LIVE_DRAW_MS = 100;

/** What the page still wants after a draw: nothing, the next frame (more to draw), or a throttled live frame. */
export type AfterDraw = 'idle' | 'more' | 'live';

export class DrawScheduler {
  #pending = false;
  #lastDrawAt = -Infinity;
  #liveTimer: unknown;

  constructor(
    /** Draws everything that changed. */
    private readonly draw: () => void,
    /** After a draw (even one that failed): what the page wants next. */
    private readonly next: () => AfterDraw,
    /** A draw that throws (a plugin's view()) must not stop the page from following the run. */
    private readonly onError: (error: unknown) => void,
    private readonly clock: FrameClock = browserClock,
  ) {}

  /** Draw at the next display frame. */
  request(): void {
    if (this.#pending) return;
    this.#pending = true;
    this.clock.requestFrame(() => {
      this.#pending = false;
      this.#lastDrawAt = this.clock.now();
      try {
        this.draw();
      } catch (error) {
        this.onError(error);
      }
      const next = this.next();
      if (next === 'live') this.requestLive();
      else if (next === 'more') this.request();
    });
  }

  /** Draw a running search's progress: at the next frame, but no sooner than LIVE_DRAW_MS after the last draw. */
  requestLive(): void {
    if (this.#pending || this.#liveTimer !== undefined) return;
    const wait = this.#lastDrawAt + LIVE_DRAW_MS - this.clock.now();
    if (wait <= 0) return this.request();
    this.#liveTimer = this.clock.setTimeout(() => {
      this.#liveTimer = undefined;
      this.request();
    }, wait);
  }
}
