// The grid editor's size control: width and height fields for a grid of any size in range, a menu
// for a spec that lists its sizes, nothing for a fixed size.
import type { GridEditorSpec } from '@kit/core';
import { sideRange } from '@kit/core/host';
import { h } from './dom.js';

type Size = { width: number; height: number };

export class SizeControls {
  /** What goes among the editor's tools; null when the size is fixed. */
  readonly element: HTMLElement | null;
  readonly #inputs: HTMLInputElement[];
  readonly #menu: HTMLSelectElement | undefined;

  /** `current` is the grid's size now; `resize` is asked for a new one (the editor checks it). */
  constructor(spec: GridEditorSpec, current: () => Size, resize: (width: number, height: number) => void) {
    const [minW, maxW] = sideRange(spec.width);
    const [minH, maxH] = sideRange(spec.height);
    const resizable = minW !== maxW || minH !== maxH;
    this.#inputs =
      resizable && !spec.sizes
        ? ['width', 'height'].map((side) =>
            h('input', {
              type: 'number',
              class: 'editor-size',
              'aria-label': `${spec.label} ${side}`,
              'data-size': side,
              min: side === 'width' ? minW : minH,
              max: side === 'width' ? maxW : maxH,
            }),
          )
        : [];
    const menu =
      spec.sizes && spec.sizes.length > 1 ? h('select', { class: 'editor-size-menu', 'aria-label': `${spec.label} size`, 'data-size': 'menu' }) : undefined;
    this.#menu = menu;
    for (const size of spec.sizes ?? []) menu?.append(h('option', { value: `${size.width}x${size.height}` }, `${size.width} × ${size.height}`));

    for (const input of this.#inputs) {
      const apply = () => {
        const value = Number(input.value);
        const [min, max] = input.dataset['size'] === 'width' ? [minW, maxW] : [minH, maxH];
        const { width, height } = current();
        const size = Number.isInteger(value) ? Math.max(min, Math.min(max, value)) : input.dataset['size'] === 'width' ? width : height;
        if (input.dataset['size'] === 'width') resize(size, height);
        else resize(width, size);
      };
      input.addEventListener('change', apply);
      // Enter sets the size; it does not submit the form (which would run).
      input.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        apply();
      });
      // The field's own input events must not reach the form before the grid has changed.
      input.addEventListener('input', (event) => event.stopPropagation());
    }
    menu?.addEventListener('change', (event) => {
      event.stopPropagation();
      const [width, height] = menu.value.split('x').map(Number);
      resize(width!, height!);
    });
    menu?.addEventListener('input', (event) => event.stopPropagation());

    this.element = menu
      ? h('label', { class: 'editor-size-label' }, 'size ', menu)
      : this.#inputs.length
        ? h('span', { class: 'editor-size-label' }, 'size ', this.#inputs[0]!, ' × ', this.#inputs[1]!)
        : null;
  }

  /** Shows the grid's size in the fields or the menu. */
  show({ width, height }: Size): void {
    for (const input of this.#inputs) input.value = String(input.dataset['size'] === 'width' ? width : height);
    if (this.#menu) this.#menu.value = `${width}x${height}`;
  }
}
