// Plays a run's animation steps (a chain's gravity and pops) one at a time. It holds no DOM and no
// run: it is told how many steps there are and when the viewer has drawn one, and says which step
// to show. Timers are injected, so it is tested in Node with fake ones.

export interface StepTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const browserTimers: StepTimers = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

/** The speeds offered, as factors on the pause between steps. */
export const STEP_SPEEDS = [0.25, 0.5, 1, 2, 4] as const;

/** The shortest pause between steps, whatever the delay and the speed: one display frame. */
const MIN_STEP_MS = 16;

export class StepPlayer {
  /** The step to show (-1: none yet). */
  #shown = -1;
  /** The step the viewer last put on screen: playback waits for each step to be drawn. */
  #drawn = -1;
  /** The person paused or moved through the steps: new steps no longer start playback. */
  #held = false;
  #timer: unknown;
  #delayMs = 0;
  #speed = 1;
  #count = 0;

  constructor(
    /** Called whenever what should be on screen changed (a new step, play/pause). */
    private readonly onChange: () => void,
    private readonly timers: StepTimers = browserTimers,
  ) {}

  get shown(): number {
    return this.#shown;
  }
  get count(): number {
    return this.#count;
  }
  get playing(): boolean {
    return this.#timer !== undefined;
  }
  get held(): boolean {
    return this.#held;
  }
  get speed(): number {
    return this.#speed;
  }
  /** Steps take the viewer while they play or while the person holds one; otherwise the live search may. */
  get showsStep(): boolean {
    return this.#shown >= 0 && this.#shown < this.#count && (this.playing || this.#held);
  }
  get atEnd(): boolean {
    return this.#shown >= this.#count - 1;
  }

  /** A new run: no steps, playback stopped, this pause between steps. */
  reset(delayMs: number): void {
    this.#stop();
    this.#shown = -1;
    this.#drawn = -1;
    this.#held = false;
    this.#count = 0;
    this.#delayMs = delayMs;
  }

  /** The run reported steps (now `count` of them): playback starts unless the person took over. */
  stepsArrived(count: number): void {
    this.#count = count;
    if (count > 0 && !this.playing && !this.#held && this.#shown < count - 1) this.play(false);
  }

  /** The viewer has drawn this step. */
  drawn(index: number): void {
    this.#drawn = index;
  }

  play(fromStart: boolean): void {
    if (fromStart) this.#shown = this.#drawn = -1;
    this.#held = false;
    if (this.playing) return;
    // The first step at once; the timer then runs at least one pause, so a step shown while it is
    // the last one so far keeps the stage until more arrive or the pause is over.
    this.#tick();
    this.#timer = this.timers.setInterval(() => this.#tick(), Math.max(MIN_STEP_MS, this.#delayMs / this.#speed));
  }

  /** The person takes the steps in hand: playback stops where it is. */
  hold(): void {
    this.#stop();
    this.#held = true;
  }

  /** Pause, or play (from the start when at the last step). */
  toggle(): void {
    if (this.playing) this.hold();
    else this.play(this.atEnd);
    this.onChange();
  }

  /** Shows one step (clamped to the steps there are) and holds there. */
  showAt(index: number): void {
    if (this.#count === 0) return;
    this.hold();
    this.#shown = Math.max(0, Math.min(this.#count - 1, index));
    this.onChange();
  }

  setSpeed(speed: number): void {
    this.#speed = speed > 0 ? speed : 1;
    if (this.playing) {
      this.#stop();
      this.play(false);
    }
  }

  /** Stops playback without holding (the run was replaced). */
  stop(): void {
    this.#stop();
  }

  #tick(): void {
    // Drawing happens on display frames; when they come slower than the delay (a busy or hidden
    // page), wait rather than skip a step the person never saw.
    if (this.#shown > this.#drawn) return;
    // The last step stays "playing" for one more pause, then playback stops; new steps start it
    // again (stepsArrived).
    if (this.#shown < this.#count - 1) this.#shown++;
    else this.#stop();
    this.onChange();
  }

  #stop(): void {
    if (this.#timer !== undefined) this.timers.clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
