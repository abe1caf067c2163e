// The menu of a plugin's named examples.
import type { AnyPlugin } from '@kit/core/host';
import { h } from './dom.js';

export class ExamplePicker {
  readonly #select: HTMLSelectElement;
  readonly element: HTMLElement;

  constructor(onPick: (name: string) => void) {
    this.#select = h('select', {
      id: 'example',
      onchange: () => {
        if (this.#select.value) onPick(this.#select.value);
      },
    });
    this.element = h('div', { id: 'examples', class: 'field examples' }, h('label', { for: 'example' }, 'example'), this.#select);
  }

  /** The plugin's examples, with `selected` chosen (none: the prompt). */
  show(plugin: AnyPlugin, selected: string | undefined): void {
    const samples = plugin.samples ?? [];
    this.#select.replaceChildren(
      h('option', { value: '' }, samples.length ? 'Choose an example…' : 'No examples'),
      ...samples.map((sample) => h('option', { value: sample.name }, sample.title)),
    );
    this.#select.value = selected ?? '';
    this.element.hidden = samples.length === 0;
  }

  /** True when the event came from the menu itself (its change is not an edit of the form). */
  owns(target: EventTarget | null): boolean {
    return target === this.#select;
  }
}
