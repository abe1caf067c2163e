// The run's numbers, large: the solution count and the plugin's counters (a chain's length and
// score). Each sits in a box of its own width, so a number that grows moves nothing beside it.
import { h, setText } from './dom.js';
import type { Headline } from './headline.js';

export class ResultCounters {
  readonly element: HTMLElement;
  readonly #count = h('span', { id: 'count', class: 'counter-value', 'data-count': '0' }, '0');
  readonly #noun = h('span', { id: 'count-word', class: 'counter-label' }, ' solutions');
  readonly #extra = h('div', { class: 'counters-extra' });
  #labels = '';

  constructor() {
    this.element = h('div', { class: 'counters', 'aria-label': 'Counts' }, h('p', { class: 'counter count-line' }, this.#count, this.#noun), this.#extra);
  }

  draw(headline: Headline): void {
    if (this.#count.dataset['count'] !== String(headline.count)) this.#count.dataset['count'] = String(headline.count);
    setText(this.#count, headline.count.toLocaleString('en'));
    setText(this.#noun, ` ${headline.noun}`);
    const labels = headline.counters.map((counter) => counter.label).join('\n');
    if (labels !== this.#labels) {
      this.#labels = labels;
      this.#extra.replaceChildren(
        ...headline.counters.map((counter) =>
          h(
            'p',
            { class: 'counter', 'data-counter': counter.label },
            h('span', { class: 'counter-value' }),
            h('span', { class: 'counter-label' }, ` ${counter.label}`),
          ),
        ),
      );
    }
    headline.counters.forEach((counter, i) => {
      setText(this.#extra.children[i]!.firstElementChild!, counter.value === undefined ? '–' : counter.value.toLocaleString('en'));
    });
  }
}
