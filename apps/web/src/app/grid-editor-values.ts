// The grid editor's value buttons: which value a press or drag paints, and what the values mean.
import type { GridEditorSpec } from '@kit/core';
import { numberMax } from '@kit/core/host';
import { h } from './dom.js';
import { isNumber, type ValueLook } from './grid-editor-look.js';

export class ValueBar {
  /** The buttons, one per value (and per number, when there are few enough). */
  readonly bar: HTMLElement;
  /** What the chosen value means, or what every value with help means. */
  readonly help: HTMLElement;
  /**
   * The value a press paints. With numbers, none until a value button is chosen (a click only moves
   * the cursor); otherwise the first value that is not the blank one.
   */
  chosen: string | undefined;
  readonly #spec: GridEditorSpec;
  readonly #look: ValueLook;
  /** The grid's size now: the numbers offered depend on it. */
  readonly #size: () => { width: number; height: number };

  constructor(spec: GridEditorSpec, look: ValueLook, size: () => { width: number; height: number }) {
    this.#spec = spec;
    this.#look = look;
    this.#size = size;
    this.chosen = spec.numbers ? undefined : (spec.values[1] ?? spec.values[0])!.value;
    this.bar = h('div', { class: 'editor-values', role: 'toolbar', 'aria-label': `${spec.label} values` });
    this.help = h('p', { class: 'editor-value-help', 'aria-live': 'polite' });
  }

  draw(): void {
    const spec = this.#spec;
    const { width, height } = this.#size();
    const max = numberMax(spec, width, height);
    const numbers =
      spec.numbers && max - spec.numbers.min < 20 ? Array.from({ length: max - spec.numbers.min + 1 }, (_, i) => String(spec.numbers!.min + i)) : [];
    const entries = [
      ...spec.values.map((entry) => ({ value: entry.value, label: entry.label, key: entry.key, help: entry.help })),
      ...numbers.map((value) => ({ value, label: value, key: undefined, help: undefined })),
    ];
    this.bar.replaceChildren(
      ...entries.map((entry) => {
        const colour = this.#look.colourOf(entry.value);
        const swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' }, isNumber(entry.value) ? '' : this.#look.markOf(entry.value));
        if (colour) swatch.style.background = colour;
        return h(
          'button',
          {
            type: 'button',
            class: 'value',
            'data-value': entry.value,
            'aria-pressed': String(entry.value === this.chosen),
            title: [entry.help, entry.key ? `key ${entry.key}` : ''].filter(Boolean).join(' · ') || undefined,
            onclick: () => {
              this.chosen = this.chosen === entry.value && spec.numbers ? undefined : entry.value;
              this.draw();
            },
          },
          isNumber(entry.value) ? null : swatch,
          h('span', { class: 'value-label' }, entry.label),
        );
      }),
    );
    // What the chosen value means, when its label does not say it all; else what every value with help means.
    const helped = spec.values.filter((entry) => entry.help);
    const chosenEntry = this.chosen !== undefined ? this.#look.entryOf(this.chosen) : undefined;
    this.help.textContent = chosenEntry?.help
      ? `${chosenEntry.label}: ${chosenEntry.help}`
      : helped.map((entry) => `${entry.label}: ${entry.help}`).join(' · ');
    this.help.hidden = this.help.textContent === '';
  }
}
