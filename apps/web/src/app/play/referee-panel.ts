// What the referee and the rules say about the position, above the board: the remaining count
// (`data-remaining`: the number, `0`, or `1000+` past the cap; `aria-busy` while it is counted)
// and the play time on one line; under it, in a box of fixed height that scrolls when they are
// many, "Solved!", the rules the position breaks, the move that was the mistake, a hint, and one
// line for anything else (a refused move). Nothing here changes size as they come and go, so the
// board under it never moves.
import type { PlaySetup, PlayViolation } from '@kit/core/play';
import { h } from '../dom.js';
import { clockText } from './play-timer.js';

export class RefereePanel {
  readonly element: HTMLElement;
  readonly #remaining = h('output', { id: 'remaining', class: 'remaining', 'data-remaining': '', 'aria-busy': 'true' }, 'counting…');
  readonly #timer = h('span', { id: 'play-timer', class: 'play-timer', role: 'timer', 'aria-label': 'Time played' }, '0:00');
  readonly #solved = h('p', { id: 'play-solved', class: 'play-solved', role: 'status', hidden: true });
  readonly #violations = h('ul', { id: 'play-violations', class: 'play-violations', 'aria-label': 'Rules broken' });
  readonly #mistake = h('p', { id: 'play-mistake', class: 'play-mistake', hidden: true });
  readonly #hint = h('p', { id: 'play-hint', class: 'play-hint', hidden: true, 'aria-live': 'polite' });
  readonly #message = h('p', { id: 'play-message', class: 'error', role: 'alert' });
  readonly #label = h('span', { class: 'referee-label' }, 'Solutions');
  /** Says a new rule break or the mistake to screen readers once, as it appears (the lists above are read on demand). */
  readonly #announce = h('p', { id: 'play-announce', class: 'visually-hidden', role: 'status', 'aria-live': 'assertive' });
  #broken = '';

  constructor() {
    this.element = h(
      'section',
      { class: 'referee', 'aria-label': 'Referee' },
      h('p', { class: 'referee-line' }, this.#label, this.#remaining, this.#timer),
      // Focusable: a keyboard can scroll it when its lines overflow.
      h(
        'div',
        { class: 'referee-notes', role: 'group', 'aria-label': "The referee's notes", tabindex: 0 },
        this.#solved,
        this.#violations,
        this.#mistake,
        this.#hint,
        this.#message,
      ),
      this.#announce,
    );
  }

  /**
   * Shows the count, or not: a setup with nothing to count (`judged: false`) has none. A pieces
   * board counts every way to finish it, where an example's title counts packings up to symmetry:
   * the label says so, so the two numbers do not seem to disagree.
   */
  judged(yes: boolean, kind?: PlaySetup['kind']): void {
    this.#remaining.hidden = !yes;
    this.#label.textContent = !yes
      ? 'Free play: no goal to count towards'
      : kind === 'pieces'
        ? 'Ways to finish (turned and mirrored copies count apart)'
        : 'Solutions';
  }

  /** The count is being worked out. */
  counting(): void {
    this.#remaining.setAttribute('aria-busy', 'true');
    this.#remaining.dataset['remaining'] = '';
    this.#remaining.classList.add('busy');
  }

  /** The count: `data` is what `data-remaining` holds (`27`, `0`, `1000+`), `words` what a person reads. */
  counted(data: string, words: string): void {
    this.#remaining.dataset['remaining'] = data;
    this.#remaining.textContent = words;
    this.#remaining.classList.remove('busy');
    this.#remaining.setAttribute('aria-busy', 'false');
  }

  /** The referee could not answer. */
  failed(text: string): void {
    this.#remaining.dataset['remaining'] = '';
    this.#remaining.textContent = 'unknown';
    this.#remaining.classList.remove('busy');
    this.#remaining.setAttribute('aria-busy', 'false');
    this.say(text);
  }

  time(ms: number): void {
    const text = clockText(ms);
    if (this.#timer.textContent !== text) this.#timer.textContent = text;
  }

  solved(ms: number | undefined): void {
    this.#solved.hidden = ms === undefined;
    this.#solved.textContent = ms === undefined ? '' : `Solved! in ${clockText(ms)}`;
  }

  violations(list: readonly PlayViolation[]): void {
    this.#violations.replaceChildren(...list.map((violation) => h('li', {}, violation.message)));
    const broken = list.map((violation) => violation.message).join('; ');
    // Redrawn after every move: only a change is news, and a rule kept again says nothing.
    if (broken !== this.#broken && broken !== '') this.#announce.textContent = `Rule broken: ${broken}.`;
    this.#broken = broken;
  }

  /** `move` is the move's number (0: the puzzle has no solution at all); undefined hides it. */
  mistake(move: number | undefined, text = ''): void {
    if (move !== undefined && text !== '' && text !== this.#mistake.textContent) this.#announce.textContent = text;
    this.#mistake.hidden = move === undefined;
    this.#mistake.textContent = text;
    if (move === undefined) delete this.#mistake.dataset['move'];
    else this.#mistake.dataset['move'] = String(move);
  }

  /** A hint's line, with data attributes naming its cell, piece or drop; undefined hides it. */
  hint(text: string | undefined, data: Record<string, string> = {}): void {
    this.#hint.hidden = text === undefined;
    this.#hint.textContent = text ?? '';
    for (const key of Object.keys(this.#hint.dataset)) delete this.#hint.dataset[key];
    Object.assign(this.#hint.dataset, data);
  }

  say(text: string): void {
    this.#message.textContent = text;
  }
}
