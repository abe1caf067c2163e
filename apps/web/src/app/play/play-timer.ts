// The time a game has been played: it runs while the game is on screen, unsolved and its tab is
// visible, and stops otherwise, so a game left in a background tab overnight still reads minutes.
// No DOM: the host says when the page is hidden or shown (tested in Node with a fake clock).

export type Clock = () => number;

export class PlayTimer {
  /** Play time before the current run of the clock. */
  #banked = 0;
  /** When the clock started running, or undefined while it is stopped. */
  #since: number | undefined;
  #visible = true;
  #active = false;

  constructor(private readonly now: Clock = () => performance.now()) {}

  /** Milliseconds played. */
  get elapsedMs(): number {
    return this.#banked + (this.#since === undefined ? 0 : this.now() - this.#since);
  }

  get running(): boolean {
    return this.#since !== undefined;
  }

  /** Starts again from a stored time (a resumed game), stopped. */
  reset(elapsedMs = 0): void {
    this.#banked = elapsedMs;
    this.#since = undefined;
    this.#active = false;
  }

  /** The game is being played (shown and unsolved), or not. */
  setActive(active: boolean): void {
    this.#active = active;
    this.#update();
  }

  /** The page's tab is visible, or hidden (document.visibilityState). */
  setVisible(visible: boolean): void {
    this.#visible = visible;
    this.#update();
  }

  #update(): void {
    const run = this.#active && this.#visible;
    if (run && this.#since === undefined) this.#since = this.now();
    else if (!run && this.#since !== undefined) {
      this.#banked += this.now() - this.#since;
      this.#since = undefined;
    }
  }
}

/** `0:42`, `12:05`, `1:02:09`. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const seconds = total % 60;
  const minutes = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}
