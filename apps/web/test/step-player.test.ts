// The step player and the draw scheduler without a browser: fake timers stand in for the page's.
import { describe, expect, it } from 'vitest';
import { DrawScheduler, LIVE_DRAW_MS, type AfterDraw } from '../src/app/draw-scheduler.js';
import { StepPlayer, type StepTimers } from '../src/app/step-player.js';

/** Intervals that fire only when the test says so. */
class FakeTimers implements StepTimers {
  readonly intervals = new Map<number, { callback: () => void; ms: number }>();
  #next = 1;
  setInterval(callback: () => void, ms: number): number {
    const id = this.#next++;
    this.intervals.set(id, { callback, ms });
    return id;
  }
  clearInterval(handle: unknown): void {
    this.intervals.delete(handle as number);
  }
  /** One tick of every running interval. */
  tick(): void {
    for (const { callback } of [...this.intervals.values()]) callback();
  }
  get running(): number[] {
    return [...this.intervals.values()].map((interval) => interval.ms);
  }
}

/**
 * A player on a page with prompt display frames: every change asks for a frame, and the frame (run
 * after the call that asked, as requestAnimationFrame would) draws the step shown and tells the
 * player. `frame()` runs pending frames; the helpers run it after each timer tick.
 */
function promptPlayer(timers = new FakeTimers()) {
  const shownSteps: number[] = [];
  let pending = false;
  const frame = () => {
    if (!pending) return;
    pending = false;
    if (player.showsStep && shownSteps.at(-1) !== player.shown) {
      shownSteps.push(player.shown);
      player.drawn(player.shown);
    }
  };
  const player: StepPlayer = new StepPlayer(() => (pending = true), timers);
  const tick = () => {
    timers.tick();
    frame();
  };
  return { player, timers, shownSteps, frame, tick };
}

describe('StepPlayer', () => {
  it('plays every step in order, one per pause, and stops after the last', () => {
    const { player, timers, shownSteps, frame, tick } = promptPlayer();
    player.reset(450);
    player.stepsArrived(3);
    frame();
    expect(player.playing).toBe(true);
    expect(timers.running).toEqual([450]);
    expect(shownSteps).toEqual([0]);
    tick();
    tick();
    expect(shownSteps).toEqual([0, 1, 2]);
    // The last step keeps the stage for one more pause, then playback ends.
    expect(player.playing).toBe(true);
    tick();
    expect(player.playing).toBe(false);
    expect(timers.running).toEqual([]);
    expect(player.shown).toBe(2);
    expect(player.showsStep).toBe(false);
  });

  it('waits for a step to be drawn before showing the next (slow display frames skip nothing)', () => {
    const timers = new FakeTimers();
    const player = new StepPlayer(() => {}, timers);
    player.reset(20);
    player.stepsArrived(3);
    expect(player.shown).toBe(0);
    timers.tick();
    timers.tick();
    expect(player.shown).toBe(0);
    player.drawn(0);
    timers.tick();
    expect(player.shown).toBe(1);
    timers.tick();
    expect(player.shown).toBe(1);
  });

  it('keeps a step that was the last one so far on the stage until more arrive', () => {
    const { player, shownSteps, frame, tick } = promptPlayer();
    player.reset(300);
    player.stepsArrived(1);
    frame();
    expect([player.playing, player.showsStep, shownSteps]).toEqual([true, true, [0]]);
    player.stepsArrived(3);
    tick();
    expect(shownSteps).toEqual([0, 1]);
  });

  it('starts again when more steps arrive after it caught up, unless the person took over', () => {
    const { player, shownSteps, frame, tick } = promptPlayer();
    player.reset(100);
    player.stepsArrived(1);
    frame();
    tick();
    expect(player.playing).toBe(false);
    player.stepsArrived(2);
    frame();
    expect(player.playing).toBe(true);
    expect(shownSteps).toEqual([0, 1]);
    player.hold();
    player.stepsArrived(4);
    expect(player.playing).toBe(false);
    expect(player.shown).toBe(1);
    expect(player.showsStep).toBe(true);
  });

  it('pauses, moves one step, jumps within bounds, and plays from the start once at the end', () => {
    const changes: number[] = [];
    const timers = new FakeTimers();
    const player: StepPlayer = new StepPlayer(() => {
      changes.push(player.shown);
      player.drawn(player.shown);
    }, timers);
    player.reset(300);
    player.stepsArrived(4);
    player.toggle();
    expect(player.playing).toBe(false);
    expect(player.held).toBe(true);
    player.showAt(player.shown + 1);
    expect(player.shown).toBe(1);
    player.showAt(99);
    expect(player.shown).toBe(3);
    player.showAt(-5);
    expect(player.shown).toBe(0);
    player.showAt(3);
    expect(player.atEnd).toBe(true);
    player.toggle();
    expect(player.playing).toBe(true);
    expect(player.shown).toBe(0);
    expect(changes.at(-1)).toBe(0);
  });

  it('divides the pause by the speed, never below one display frame, and keeps playing at the new speed', () => {
    const { player, timers } = promptPlayer();
    player.reset(60_000);
    player.stepsArrived(4);
    player.setSpeed(4);
    expect(timers.running).toEqual([15_000]);
    player.reset(20);
    player.stepsArrived(4);
    player.setSpeed(2);
    expect(timers.running).toEqual([16]);
    expect(player.speed).toBe(2);
  });

  it('does nothing with no steps, and a new run clears the last one', () => {
    const { player, timers } = promptPlayer();
    player.reset(100);
    player.showAt(2);
    player.toggle();
    expect(player.shown).toBe(-1);
    timers.tick();
    expect(timers.running).toEqual([]);
    player.stepsArrived(3);
    player.hold();
    player.reset(100);
    expect([player.shown, player.count, player.held, player.playing]).toEqual([-1, 0, false, false]);
    expect(timers.running).toEqual([]);
  });
});

describe('DrawScheduler', () => {
  function scheduler(next: () => AfterDraw, failing = false) {
    const frames: (() => void)[] = [];
    const timeouts: { at: number; callback: () => void }[] = [];
    let now = 0;
    const draws: number[] = [];
    const errors: unknown[] = [];
    const drawScheduler = new DrawScheduler(
      () => {
        draws.push(now);
        if (failing) throw new Error('view failed');
      },
      next,
      (error) => errors.push(error),
      {
        requestFrame: (callback) => frames.push(callback),
        now: () => now,
        setTimeout: (callback, ms) => timeouts.push({ at: now + ms, callback }),
      },
    );
    return {
      drawScheduler,
      draws,
      errors,
      frame: () =>
        frames.splice(0).forEach((callback) => {
          callback();
        }),
      pendingFrames: () => frames.length,
      advance(ms: number) {
        now += ms;
        for (const timeout of timeouts.filter((t) => t.at <= now)) {
          timeouts.splice(timeouts.indexOf(timeout), 1);
          timeout.callback();
        }
      },
    };
  }

  it('draws once per display frame however often it is asked', () => {
    const s = scheduler(() => 'idle');
    s.drawScheduler.request();
    s.drawScheduler.request();
    s.drawScheduler.request();
    expect(s.pendingFrames()).toBe(1);
    s.frame();
    expect(s.draws).toEqual([0]);
    expect(s.pendingFrames()).toBe(0);
  });

  it('draws a running search at most every LIVE_DRAW_MS, and keeps following it after a draw that throws', () => {
    let running = true;
    const s = scheduler(() => (running ? 'live' : 'idle'), true);
    s.drawScheduler.request();
    s.frame();
    expect(s.pendingFrames()).toBe(0);
    s.advance(LIVE_DRAW_MS - 1);
    expect(s.pendingFrames()).toBe(0);
    s.advance(1);
    expect(s.pendingFrames()).toBe(1);
    running = false;
    s.frame();
    expect(s.draws).toEqual([0, LIVE_DRAW_MS]);
    expect(s.errors.map((error) => (error as Error).message)).toEqual(['view failed', 'view failed']);
    s.advance(LIVE_DRAW_MS * 5);
    expect(s.pendingFrames()).toBe(0);
  });

  it('asks for the next frame while there is more to draw', () => {
    let left = 2;
    const s = scheduler(() => (left-- > 0 ? 'more' : 'idle'));
    s.drawScheduler.request();
    s.frame();
    s.frame();
    s.frame();
    expect(s.draws.length).toBe(3);
    expect(s.pendingFrames()).toBe(0);
  });
});
