// The run's state at a glance: the solution count, the phase, the elapsed time, the solver's
// counters while it searches, and the run's error.
import { h } from './dom.js';
import { errorText } from './errors.js';
import { MAX_KEPT_SOLUTIONS, type RunSession } from './run-session.js';

const PHASE_WORDS = { running: 'Searching…', done: 'Finished', cancelled: 'Cancelled', failed: 'Failed' } as const;

export class RunStatus {
  readonly element: HTMLElement;
  readonly #count = h('span', { id: 'count' }, '0');
  readonly #countWord = h('span', { id: 'count-word' }, ' solutions');
  readonly #phase = h('span', { id: 'phase' });
  readonly #elapsed = h('span', { id: 'elapsed' });
  readonly #counters = h('span', { id: 'counters', class: 'meta' });
  readonly #kept = h('span', { id: 'kept', class: 'meta' });
  /** The run's failure, or a drawing failure. */
  readonly error = h('p', { id: 'run-error', class: 'error', role: 'alert' });

  constructor(...below: HTMLElement[]) {
    this.element = h(
      'section',
      { id: 'status', class: 'status', 'aria-live': 'polite' },
      h('div', { class: 'status-line' }, h('span', { class: 'count-line' }, this.#count, this.#countWord), this.#phase, this.#elapsed, this.#counters, this.#kept),
      this.error,
      ...below,
    );
  }

  draw(run: RunSession | undefined): void {
    const count = run?.solutionCount ?? 0;
    this.#count.dataset['count'] = String(count);
    this.#count.textContent = count.toLocaleString('en');
    this.#countWord.textContent = count === 1 ? ' solution' : ' solutions';
    this.#elapsed.textContent = run ? `${(run.elapsedMs / 1000).toFixed(1)} s` : '';
    this.#phase.dataset['phase'] = run?.phase ?? 'idle';
    this.#phase.textContent = run ? PHASE_WORDS[run.phase] : 'Ready';
    // Live counters while searching; the summary takes over once the run has ended.
    const progress = run?.phase === 'running' ? run.progress : undefined;
    const parts = Object.entries(progress?.counters ?? {}).map(([key, value]) => `${key} ${value.toLocaleString('en')}`);
    if (progress?.stats.tasksTotal) parts.push(`tasks ${progress.stats.tasksDone}/${progress.stats.tasksTotal}`);
    this.#counters.textContent = parts.join(' · ');
    this.error.textContent = run?.error ? errorText(run.error) : '';
    this.#kept.textContent = run && run.solutionCount > MAX_KEPT_SOLUTIONS ? `(the first ${MAX_KEPT_SOLUTIONS.toLocaleString('en')} are kept)` : '';
  }
}
