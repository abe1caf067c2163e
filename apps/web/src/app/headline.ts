// One source for every number the page headlines about a run: the big count, the words beside it,
// the plugin's counters, and what the solution list says it holds. The status line, the run bar and
// the list all read it, so they cannot disagree. No DOM here: it is tested in Node.
import type { JsonValue } from '@kit/core';
import type { DoneEvent, StepEvent, AnyPlugin } from '@kit/core/host';

/** What a headline is made from: a run as the page records it. */
export interface RunFacts {
  phase: 'running' | 'done' | 'cancelled' | 'failed';
  /** Solution events so far (the list's length, before the keep limit). */
  solutionCount: number;
  /** Solutions kept for browsing. */
  kept: number;
  steps: readonly StepEvent[];
  done: DoneEvent | undefined;
}

export interface CounterValue {
  label: string;
  /** Undefined: nothing to show yet. */
  value: number | undefined;
}

export interface Headline {
  /** The big count: the plugin's own count once the run is done, the solutions listed so far before. */
  count: number;
  /** `solution` or `solutions`. */
  noun: string;
  /** What the solution list says it holds: `45 listed; 107 solutions in all`. */
  listed: string;
  /** The compact form for the run bar: `107 solutions`. */
  short: string;
  counters: CounterValue[];
}

export const plural = (count: number, noun: string) => `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;

const numberOf = (value: JsonValue | undefined): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * The plugin's counters at the step shown (`shownStep`, -1 for none): each follows its step field,
 * keeping the last value a step up to the shown one set, or shows its summary field once the run is
 * over and no step is shown.
 */
function counterValues(plugin: AnyPlugin, run: RunFacts | undefined, shownStep: number): CounterValue[] {
  return (plugin.counters ?? []).map((spec) => {
    let value: number | undefined;
    if (run && shownStep >= 0 && spec.step !== undefined) {
      for (let i = Math.min(shownStep, run.steps.length - 1); i >= 0 && value === undefined; i--) value = numberOf(run.steps[i]!.data?.[spec.step]);
      // Steps shown before the field was first set count from zero (a chain before its first pop).
      value ??= 0;
    } else if (run?.done && spec.summary !== undefined) {
      value = numberOf(run.done.summary[spec.summary]);
    }
    return { label: spec.label, value };
  });
}

export function headline(plugin: AnyPlugin, run: RunFacts | undefined, shownStep = -1): Headline {
  const counters = counterValues(plugin, run, shownStep);
  if (!run) return { count: 0, noun: 'solutions', listed: '', short: '', counters };
  const final = run.done !== undefined;
  const count = final ? run.done!.summary.solutions : run.solutionCount;
  const noun = count === 1 ? 'solution' : 'solutions';
  const listedCount = run.solutionCount;
  let listed = listedCount === 0 ? (run.phase === 'running' ? 'none yet' : 'none listed') : `${listedCount.toLocaleString('en')} listed`;
  if (final && listedCount !== count) listed += `; ${plural(count, 'solution')} in all`;
  if (run.kept < listedCount) listed += ` (the first ${run.kept.toLocaleString('en')} kept)`;
  return { count, noun, listed, short: plural(count, 'solution'), counters };
}
