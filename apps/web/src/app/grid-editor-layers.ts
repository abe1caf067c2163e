// The grid editor's layer choice: which layer of the stack the grid shows, and adding or removing one.
import type { GridEditorSpec } from '@kit/core';
import { h } from './dom.js';

export interface LayerActions {
  show(layer: number): void;
  add(): void;
  remove(): void;
}

export class LayerControls {
  /** What goes among the editor's tools; null for an editor without layers. */
  readonly element: HTMLElement | null;
  readonly #spec: GridEditorSpec;
  readonly #menu: HTMLSelectElement;
  readonly #add: HTMLButtonElement;
  readonly #remove: HTMLButtonElement;

  constructor(spec: GridEditorSpec, actions: LayerActions) {
    this.#spec = spec;
    const menu = h('select', { class: 'editor-layer-menu', 'aria-label': `${spec.label} layer`, 'data-layer': 'menu' });
    this.#menu = menu;
    this.#add = h('button', { type: 'button', class: 'small', 'data-action': 'add-layer' }, 'Add layer');
    this.#remove = h('button', { type: 'button', class: 'small', 'data-action': 'remove-layer' }, 'Remove layer');
    menu.addEventListener('change', (event) => {
      event.stopPropagation();
      actions.show(Number(menu.value));
    });
    menu.addEventListener('input', (event) => event.stopPropagation());
    this.#add.addEventListener('click', () => actions.add());
    this.#remove.addEventListener('click', () => actions.remove());
    this.element = spec.layers ? h('span', { class: 'editor-layers' }, menu, this.#add, this.#remove) : null;
  }

  /** Shows layer `layer` (from 0) of `count` as chosen, with Add and Remove enabled as the spec allows. */
  draw(layer: number, count: number): void {
    this.#menu.replaceChildren(...Array.from({ length: count }, (_, z) => h('option', { value: z }, `Layer ${z + 1} of ${count}`)));
    this.#menu.value = String(layer);
    this.#add.disabled = count >= (this.#spec.layers?.max ?? 1);
    this.#remove.disabled = count <= (this.#spec.layers?.min ?? 1);
  }
}
