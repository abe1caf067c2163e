// How the grid editor shows a value: the fill from the palette, the number, mark or letter in its
// cell (a second cue beside colour), and the name a screen reader says.
import type { GridEditorSpec, Palette } from '@kit/core';
import { entryHex } from '@kit/core/host';

export const isNumber = (value: string) => /^\d+$/.test(value);
/** A palette letter that can stand in a cell as a second cue beside its colour. */
const MARK = /^[A-Za-z0-9]$/;

export class ValueLook {
  readonly #spec: GridEditorSpec;
  readonly #palette: Palette;

  constructor(spec: GridEditorSpec, palette: Palette) {
    this.#spec = spec;
    this.#palette = palette;
  }

  entryOf(value: string): GridEditorSpec['values'][number] | undefined {
    return this.#spec.values.find((entry) => entry.value === value);
  }

  colourOf(value: string): string | undefined {
    const key = isNumber(value) && this.#spec.numbers ? this.#spec.numbers.fill : this.entryOf(value)?.fill;
    const entry = key !== undefined ? this.#palette[key] : undefined;
    return entry ? entryHex(entry) : undefined;
  }

  /** What the cell shows: a number, the value's mark, or its colour's letter (a second cue beside colour). */
  markOf(value: string): string {
    if (isNumber(value)) return value;
    const entry = this.entryOf(value);
    if (entry?.mark !== undefined) return entry.mark;
    const letter = entry?.fill !== undefined ? this.#palette[entry.fill]?.letter : undefined;
    return letter && MARK.test(letter) ? letter : '';
  }

  nameOf(value: string): string {
    return isNumber(value) ? value : (this.entryOf(value)?.label ?? value);
  }

  /** Shows `value` in a grid cell (whose data-row and data-col say where it is). */
  drawCell(cell: HTMLElement, value: string): void {
    cell.dataset['value'] = value;
    const colour = this.colourOf(value);
    cell.style.background = colour ?? '';
    cell.textContent = this.markOf(value);
    cell.classList.toggle('light', colour !== undefined && isLight(colour));
    cell.setAttribute('aria-label', `row ${Number(cell.dataset['row']) + 1}, column ${Number(cell.dataset['col']) + 1}: ${this.nameOf(value)}`);
  }
}

function isLight(hex: string): boolean {
  const value = Number.parseInt(hex.slice(1), 16);
  return 0.299 * ((value >> 16) & 255) + 0.587 * ((value >> 8) & 255) + 0.114 * (value & 255) > 150;
}
