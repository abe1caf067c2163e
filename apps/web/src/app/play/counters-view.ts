// The counters a plugin's view declares (`chain 3`, `score 1260`, `lines 4`), large, for every kind
// of play board; each `data-counter` holds its label.
import type { PlayCounter } from '@kit/core/play';
import { h } from '../dom.js';

export class CountersView {
  readonly element = h('div', { class: 'play-counters' });

  draw(counters: readonly PlayCounter[] | undefined): void {
    this.element.hidden = !counters?.length;
    this.element.replaceChildren(
      ...(counters ?? []).map((counter) =>
        h(
          'output',
          { class: 'play-counter', 'data-counter': counter.label },
          h('span', { class: 'counter-label' }, counter.label),
          ' ',
          h('span', { class: 'counter-value' }, String(counter.value)),
        ),
      ),
    );
  }
}
