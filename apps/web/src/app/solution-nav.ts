// Previous and Next under the viewer, and Live (back to the running search) in its caption.
import { h, setDisabled, setHidden } from './dom.js';

export class SolutionNav {
  readonly element: HTMLElement;
  /** Shown in the viewer's caption while a solution is open during a search. */
  readonly live: HTMLButtonElement;
  readonly #previous: HTMLButtonElement;
  readonly #next: HTMLButtonElement;

  constructor(handlers: { open(delta: number): void; live(): void }) {
    this.#previous = h('button', { type: 'button', id: 'solution-previous', class: 'small', onclick: () => handlers.open(-1) }, 'Previous');
    this.#next = h('button', { type: 'button', id: 'solution-next', class: 'small', onclick: () => handlers.open(1) }, 'Next');
    this.live = h('button', { type: 'button', id: 'live', class: 'small', hidden: true, onclick: handlers.live }, 'Live');
    this.element = h('div', { id: 'solution-nav', class: 'playback', hidden: true, role: 'group', 'aria-label': 'Solutions' }, this.#previous, this.#next);
  }

  /** `open`: the solution on screen (0: none); `kept`: how many can be opened; `searching`: a run is going. */
  draw(open: number, kept: number, searching: boolean): void {
    setHidden(this.element, kept === 0);
    setDisabled(this.#previous, open <= 1);
    setDisabled(this.#next, open >= kept);
    setHidden(this.live, open === 0 || !searching);
  }
}
