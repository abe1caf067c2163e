// Show the solution path: the grader's deductions, stepped through forward and back. The panel only
// shows the step (its number, rule and sentence); the screen draws the position after it on the
// board, with the cells it decides picked out. Its lines keep their space while it is open.
import { gradeLine, type Grade, type GradeStep } from '@kit/core/make';
import { h, setText } from '../dom.js';

export interface SolutionPathActions {
  /** Grade the puzzle (in a worker). */
  ask(): void;
  /** Draw the position after the first `count` steps, `step` the last of them (undefined: the start). */
  preview(count: number, step: GradeStep | undefined): void;
  /** The path is closed: draw the game again. */
  closed(): void;
}

export class SolutionPath {
  readonly element: HTMLElement;
  readonly #open = h('button', { type: 'button', id: 'path-open' }, 'Show the solution path');
  readonly #back = h('button', { type: 'button', id: 'path-back', title: 'The step before' }, 'Back');
  readonly #forward = h('button', { type: 'button', id: 'path-forward', title: 'The next step' }, 'Forward');
  readonly #close = h('button', { type: 'button', id: 'path-close' }, 'Close');
  readonly #summary = h('p', { id: 'path-summary', class: 'meta' });
  readonly #step = h('p', { id: 'path-step', class: 'path-step', 'aria-live': 'polite' });
  readonly #steps = h(
    'div',
    { class: 'path-steps', hidden: true },
    h('div', { class: 'actions play-actions' }, this.#back, this.#forward, this.#close),
    this.#summary,
    this.#step,
  );
  #grade: Grade | undefined;
  #levels: readonly string[] = [];
  /** Steps shown so far (0: the start). */
  #at = 0;

  constructor(private readonly actions: SolutionPathActions) {
    this.#open.addEventListener('click', () => (this.#grade ? this.#go(0) : this.actions.ask()));
    this.#back.addEventListener('click', () => this.#go(this.#at - 1));
    this.#forward.addEventListener('click', () => this.#go(this.#at + 1));
    this.#close.addEventListener('click', () => this.close());
    this.element = h('section', { class: 'solution-path', 'aria-label': 'Solution path', hidden: true }, this.#open, this.#steps);
  }

  get isOpen(): boolean {
    return !this.#steps.hidden;
  }

  /** A new puzzle: `levels` when the plugin grades, else the panel hides. */
  reset(levels: readonly string[] | undefined): void {
    this.element.hidden = levels === undefined;
    this.#levels = levels ?? [];
    this.#grade = undefined;
    this.#steps.hidden = true;
    this.#open.disabled = false;
    setText(this.#summary, '');
    setText(this.#step, '');
  }

  grading(): void {
    this.#open.disabled = true;
    this.#steps.hidden = false;
    // Nothing to step through until the grade comes: a press meanwhile would do nothing.
    this.#back.disabled = this.#forward.disabled = true;
    setText(this.#summary, 'Grading…');
    setText(this.#step, '');
  }

  graded(grade: Grade): void {
    this.#grade = grade;
    this.#open.disabled = false;
    this.#go(0);
  }

  failed(text: string): void {
    this.#open.disabled = false;
    this.#steps.hidden = false;
    setText(this.#summary, text);
    this.#back.disabled = this.#forward.disabled = true;
  }

  /** Hides the steps (the game is drawn again by the screen). */
  close(): void {
    if (this.#steps.hidden) return;
    this.#steps.hidden = true;
    this.actions.closed();
  }

  #go(at: number): void {
    const grade = this.#grade;
    if (!grade) return;
    this.#at = Math.max(0, Math.min(grade.steps.length, at));
    this.#steps.hidden = false;
    this.#back.disabled = this.#at === 0;
    this.#forward.disabled = this.#at === grade.steps.length;
    setText(this.#summary, `Grade ${gradeLine(grade, this.#levels)}`);
    const step = grade.steps[this.#at - 1];
    this.#step.dataset['step'] = String(this.#at);
    if (step) this.#step.dataset['rule'] = step.rule;
    else delete this.#step.dataset['rule'];
    setText(
      this.#step,
      step ? `Step ${this.#at} of ${grade.steps.length}, ${step.rule}: ${step.text}` : `The start: ${grade.steps.length} steps to go. Forward shows the first.`,
    );
    this.actions.preview(this.#at, step);
  }
}
