// The editor a plugin's GridEditorSpec describes: value buttons, a grid of cells to click or drag over,
// keyboard entry (arrows move, digits type numbers, a value's key paints), resize and clear, and the
// grid as the plugin's text format beside it. It knows no puzzle: every word comes from the spec.
import { InputError, type EditorGrid, type GridEditorSpec, type Palette, type TextFile } from '@kit/core';
import { numberMax, startLayers, startSize, takesSize } from '@kit/core/host';
import { h } from './dom.js';
import { checkGrid, checkStack, decodeGrid, decodeStack, encodeGrid, encodeStack } from './grid-code.js';
import { errorText } from './errors.js';
import { LayerControls } from './grid-editor-layers.js';
import { isNumber, ValueLook } from './grid-editor-look.js';
import { SizeControls } from './grid-editor-size.js';
import { ValueBar } from './grid-editor-values.js';

export interface GridEditor {
  target: string;
  element: HTMLElement;
  /** False while an optional editor is folded: it then gives no input. */
  inUse(): boolean;
  /** The grid as the plugin's file; throws InputError while the text typed under *As text* is refused. */
  read(): TextFile | undefined;
  urlValue(): string | undefined;
  /** Folds an optional editor (another one that replaces it, or that it replaces, was opened). */
  fold(): void;
  /** Called when the person opens an optional editor. */
  onOpen(listener: () => void): void;
}

export function buildGridEditor(spec: GridEditorSpec, palette: Palette, initial: string | undefined, problems: string[]): GridEditor {
  const editor = new GridEditorWidget(spec, palette, initial, problems);
  // Closures, not methods: the form passes `read` and `urlValue` on unbound.
  return {
    target: spec.target,
    element: editor.element,
    inUse: () => editor.inUse(),
    read: () => editor.read(),
    urlValue: () => editor.urlValue(),
    fold: () => editor.fold(),
    onOpen: (listener) => editor.onOpen(listener),
  };
}

function emptyGrid(spec: GridEditorSpec, width: number, height: number): EditorGrid {
  const empty = spec.values[0]!.value;
  return Array.from({ length: height }, () => Array.from({ length: width }, () => empty));
}

/** The stack the editor opens with: `initial` (from the URL) when it decodes, else empty grids of the start size. */
function startStack(spec: GridEditorSpec, initial: string | undefined, problems: string[]): EditorGrid[] {
  const start = startSize(spec);
  if (initial !== undefined && initial !== '') {
    try {
      return spec.layers ? decodeStack(spec, initial) : [decodeGrid(spec, initial)];
    } catch (error) {
      problems.push(errorText(error));
    }
  }
  return Array.from({ length: startLayers(spec) }, () => emptyGrid(spec, start.width, start.height));
}

/** `old` cut or padded to the new size; numbers too large for the smaller grid become blank. */
function resizedGrid(spec: GridEditorSpec, old: EditorGrid, width: number, height: number): EditorGrid {
  const max = numberMax(spec, width, height);
  const empty = spec.values[0]!.value;
  const next = emptyGrid(spec, width, height);
  for (let y = 0; y < Math.min(height, old.length); y++) {
    for (let x = 0; x < Math.min(width, old[0]!.length); x++) next[y]![x] = old[y]![x]!;
  }
  return next.map((row) => row.map((value) => (isNumber(value) && Number(value) > max ? empty : value)));
}

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

class GridEditorWidget {
  readonly element: HTMLElement;
  readonly #spec: GridEditorSpec;
  readonly #empty: string;
  readonly #optional: boolean;
  readonly #idBase: string;
  readonly #look: ValueLook;
  readonly #values: ValueBar;
  readonly #size: SizeControls;
  readonly #layers: LayerControls;
  readonly #cells: HTMLElement;
  readonly #text: HTMLTextAreaElement;
  readonly #problem: HTMLElement;
  readonly #openListeners: (() => void)[] = [];
  /** A layered editor edits a stack of same-size grids, one layer (`#grid`) at a time. */
  #stack: EditorGrid[];
  #layer = 0;
  #grid: EditorGrid;
  #cursor = { x: 0, y: 0 };
  /** A digit was just typed in the cursor's cell: the next one extends its number. */
  #typing = false;
  /** The text under *As text* that was refused: the grid no longer says what the person wants. */
  #refusedText: InputError | undefined;
  /** While the pointer is down: the value its press and drag paint. */
  #painting: string | undefined;
  /** The optional editor's last open state: the toggle event also comes once for the initial state. */
  #wasOpen: boolean;

  constructor(spec: GridEditorSpec, palette: Palette, initial: string | undefined, problems: string[]) {
    this.#spec = spec;
    this.#empty = spec.values[0]!.value;
    this.#optional = spec.optional === true;
    this.#idBase = `editor-${spec.target}`;
    this.#stack = startStack(spec, initial, problems);
    this.#grid = this.#stack[0]!;
    this.#look = new ValueLook(spec, palette);
    const size = () => ({ width: this.#width(), height: this.#height() });
    this.#values = new ValueBar(spec, this.#look, size);
    this.#size = new SizeControls(spec, size, (width, height) => this.#resize(width, height));
    this.#layers = new LayerControls(spec, { show: (z) => this.#showLayer(z), add: () => this.#addLayer(), remove: () => this.#removeLayer() });
    this.#cells = h('div', { class: 'editor-grid', tabindex: 0, role: 'grid', 'aria-label': spec.label, id: `${this.#idBase}-grid` });
    this.#text = h('textarea', { rows: 4, spellcheck: 'false', autocomplete: 'off', 'aria-label': `${spec.label} as text`, 'data-editor-text': spec.target });
    this.#problem = h('p', { class: 'error editor-error', role: 'alert' });
    this.#listenToPointer();
    this.#cells.addEventListener('keydown', (event) => this.#typeKey(event));
    this.#text.addEventListener('input', () => this.#readText());
    const clear = h('button', { type: 'button', class: 'small', 'data-action': 'clear' }, 'Clear');
    clear.addEventListener('click', () => this.#clear());

    const tools = h('div', { class: 'editor-tools' }, this.#layers.element, this.#size.element, clear);
    const body = [
      this.#values.bar,
      this.#values.help,
      h('div', { class: 'editor-scroll' }, this.#cells),
      tools,
      h('details', { class: 'editor-text' }, h('summary', {}, 'As text'), this.#text),
      this.#problem,
    ];
    // While the grid is open the options it replaces are hidden: say how to get them back.
    const foldHint = spec.supersedes?.length ? h('span', { class: 'fold-hint' }, ` · fold to give ${spec.supersedes.join(', ')} instead`) : null;
    this.element = this.#optional
      ? h(
          'details',
          { class: 'editor optional', 'data-editor': spec.target, open: initial !== undefined },
          h('summary', {}, h('span', { class: 'name' }, spec.label), foldHint),
          ...body,
        )
      : h('section', { class: 'editor', 'data-editor': spec.target, 'aria-label': spec.label }, h('h3', { class: 'editor-label' }, spec.label), ...body);
    this.#wasOpen = this.#optional && (this.element as HTMLDetailsElement).open;
    if (this.#optional) this.element.addEventListener('toggle', () => this.#toggled());
    this.#drawLayers();
    this.#drawGrid();
    this.#values.draw();
    this.#text.value = this.#stackText();
  }

  inUse(): boolean {
    return !this.#optional || (this.element as HTMLDetailsElement).open;
  }

  read(): TextFile | undefined {
    if (!this.inUse()) return undefined;
    if (this.#refusedText) throw this.#refusedText;
    return { name: this.#spec.target, text: this.#stackText() };
  }

  urlValue(): string | undefined {
    return this.inUse() ? (this.#spec.layers ? encodeStack(this.#stack) : encodeGrid(this.#spec, this.#grid)) : undefined;
  }

  fold(): void {
    if (this.#optional) (this.element as HTMLDetailsElement).open = false;
  }

  onOpen(listener: () => void): void {
    this.#openListeners.push(listener);
  }

  #width(): number {
    return this.#grid[0]?.length ?? 0;
  }

  #height(): number {
    return this.#grid.length;
  }

  #stackText(): string {
    return this.#spec.layers ? this.#spec.layers.toText(this.#stack) : this.#spec.toText(this.#grid);
  }

  /** Only a change by the person counts: an opened editor tells its listeners (the form folds the ones it replaces). */
  #toggled(): void {
    const open = (this.element as HTMLDetailsElement).open;
    if (open === this.#wasOpen) return;
    this.#wasOpen = open;
    if (open) for (const listener of this.#openListeners) listener();
    this.#changed();
  }

  /** Tells the form the grid changed; unless the change came from the text, the text follows the grid. */
  #changed(fromText = false): void {
    if (!fromText) {
      this.#text.value = this.#stackText();
      this.#refusedText = undefined;
    }
    this.#problem.textContent = '';
    this.element.dispatchEvent(new Event('input', { bubbles: true }));
  }

  #drawGrid(): void {
    const cells = this.#cells;
    cells.style.setProperty('--columns', String(this.#width()));
    cells.setAttribute('aria-rowcount', String(this.#height()));
    cells.setAttribute('aria-colcount', String(this.#width()));
    cells.replaceChildren(
      ...this.#grid.map((row, y) =>
        h(
          'div',
          { class: 'editor-row', role: 'row' },
          ...row.map((value, x) => {
            const cell = h('div', { class: 'editor-cell', role: 'gridcell', id: `${this.#idBase}-${y}-${x}`, 'data-row': y, 'data-col': x });
            this.#look.drawCell(cell, value);
            return cell;
          }),
        ),
      ),
    );
    this.#drawCursor();
    this.#size.show({ width: this.#width(), height: this.#height() });
  }

  #cellAt(x: number, y: number): HTMLElement | undefined {
    return this.#cells.children[y]?.children[x] as HTMLElement | undefined;
  }

  #drawCursor(): void {
    for (const old of this.#cells.querySelectorAll('.cursor')) old.classList.remove('cursor');
    const cell = this.#cellAt(this.#cursor.x, this.#cursor.y);
    cell?.classList.add('cursor');
    // Screen readers follow the cursor through the grid, which keeps the focus itself.
    if (cell) this.#cells.setAttribute('aria-activedescendant', cell.id);
  }

  #set(x: number, y: number, value: string): void {
    const grid = this.#grid;
    if (grid[y]?.[x] === undefined || grid[y]![x] === value) return;
    grid[y]![x] = value;
    this.#look.drawCell(this.#cellAt(x, y)!, value);
    this.#changed();
  }

  /** Moves the cursor, kept inside the grid; with `wrap`, past the row's end to the next row's start. */
  #move(dx: number, dy: number, wrap = false): void {
    const width = this.#width();
    const height = this.#height();
    let { x, y } = this.#cursor;
    x += dx;
    y += dy;
    if (wrap && x >= width) {
      x = 0;
      y = Math.min(height - 1, y + 1);
      if (this.#cursor.y === height - 1) x = width - 1;
    }
    this.#cursor = { x: Math.max(0, Math.min(width - 1, x)), y: Math.max(0, Math.min(height - 1, y)) };
    this.#typing = false;
    this.#drawCursor();
  }

  // Painting: a press paints the chosen value (or the blank one when the cell already holds it, so a
  // second click takes a mark away), and dragging paints every cell the pointer crosses.
  #listenToPointer(): void {
    const cells = this.#cells;
    const cellOfEvent = (event: PointerEvent): HTMLElement | undefined => {
      const target = document.elementFromPoint(event.clientX, event.clientY);
      const cell = target instanceof HTMLElement ? target.closest<HTMLElement>('.editor-cell') : null;
      return cell && cells.contains(cell) ? cell : undefined;
    };
    const paintAt = (cell: HTMLElement) => this.#set(Number(cell.dataset['col']), Number(cell.dataset['row']), this.#painting!);
    cells.addEventListener('pointerdown', (event) => {
      const cell = cellOfEvent(event);
      if (!cell) return;
      event.preventDefault();
      cells.focus();
      this.#cursor = { x: Number(cell.dataset['col']), y: Number(cell.dataset['row']) };
      this.#typing = false;
      this.#drawCursor();
      const chosen = this.#values.chosen;
      if (chosen === undefined) return;
      this.#painting = cell.dataset['value'] === chosen ? this.#empty : chosen;
      paintAt(cell);
    });
    cells.addEventListener('pointermove', (event) => {
      if (this.#painting === undefined) return;
      const cell = cellOfEvent(event);
      if (cell) paintAt(cell);
    });
    const stopPainting = () => (this.#painting = undefined);
    document.addEventListener('pointerup', stopPainting);
    document.addEventListener('pointercancel', stopPainting);
  }

  #typeKey(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const arrow = ARROWS[event.key];
    const { x, y } = this.#cursor;
    const chosen = this.#values.chosen;
    if (arrow) {
      this.#move(...arrow);
    } else if (this.#spec.numbers && /^\d$/.test(event.key)) {
      if (!this.#typeDigit(Number(event.key), this.#spec.numbers.min)) return event.preventDefault();
    } else if (event.key === 'Backspace' || event.key === 'Delete') {
      this.#set(x, y, this.#empty);
      this.#typing = false;
    } else if (event.key === ' ' && chosen !== undefined) {
      this.#set(x, y, chosen);
    } else {
      const entry = this.#spec.values.find((value) => value.key !== undefined && value.key.toLowerCase() === event.key.toLowerCase());
      if (!entry) return;
      this.#set(x, y, entry.value);
      this.#move(1, 0, true);
    }
    event.preventDefault();
  }

  /** Types a digit into the cursor's cell; false when the number it makes is out of range (nothing typed). */
  #typeDigit(digit: number, min: number): boolean {
    const max = numberMax(this.#spec, this.#width(), this.#height());
    const { x, y } = this.#cursor;
    const current = this.#grid[y]![x]!;
    // A second digit extends the number just typed (1 then 2 is 12), never a leading 0.
    const extended = this.#typing && isNumber(current) && current !== '0' ? Number(current) * 10 + digit : undefined;
    let value: number;
    if (extended !== undefined && extended <= max) value = extended;
    else {
      if (extended !== undefined) this.#move(1, 0, true);
      value = digit;
    }
    if (value < min || value > max) return false;
    this.#set(this.#cursor.x, this.#cursor.y, String(value));
    // Move on when no second digit could follow: 0, or a number whose tenfold is too large.
    if (value === 0 || value * 10 > max) this.#move(1, 0, true);
    else this.#typing = true;
    return true;
  }

  #readText(): void {
    const spec = this.#spec;
    try {
      this.#stack = spec.layers
        ? checkStack(spec, spec.layers.fromText(this.#text.value, spec.target))
        : [checkGrid(spec, spec.fromText(this.#text.value, spec.target))];
      this.#layer = Math.min(this.#layer, this.#stack.length - 1);
      this.#grid = this.#stack[this.#layer]!;
      this.#refusedText = undefined;
      this.#drawLayers();
      this.#cursor = { x: Math.min(this.#cursor.x, this.#width() - 1), y: Math.min(this.#cursor.y, this.#height() - 1) };
      this.#drawGrid();
      this.#values.draw();
      this.#changed(true);
    } catch (error) {
      // The grid still shows the last good text, but it is not what the person typed: until the
      // text is fixed (or the grid edited), the editor gives no input and Run says why.
      const message = errorText(error);
      this.#refusedText = new InputError(`${spec.label} as text: ${message}`);
      this.#problem.textContent = message;
      this.element.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }

  /** Every layer takes the new size, when the spec takes it (else the size control shows the old one again). */
  #resize(width: number, height: number): void {
    if (!takesSize(this.#spec, width, height)) return this.#drawGrid();
    this.#stack = this.#stack.map((old) => resizedGrid(this.#spec, old, width, height));
    this.#grid = this.#stack[this.#layer]!;
    this.#cursor = { x: Math.min(this.#cursor.x, width - 1), y: Math.min(this.#cursor.y, height - 1) };
    this.#drawGrid();
    this.#values.draw();
    this.#changed();
  }

  /** Clears the layer shown (all there is without layers). */
  #clear(): void {
    this.#grid = this.#stack[this.#layer] = emptyGrid(this.#spec, this.#width(), this.#height());
    this.#drawGrid();
    this.#changed();
  }

  #drawLayers(): void {
    const spec = this.#spec;
    this.#layers.draw(this.#layer, this.#stack.length);
    this.#cells.setAttribute('aria-label', spec.layers ? `${spec.label}, layer ${this.#layer + 1} of ${this.#stack.length}` : spec.label);
  }

  #showLayer(z: number): void {
    this.#layer = z;
    this.#grid = this.#stack[z]!;
    this.#drawLayers();
    this.#drawGrid();
  }

  /** A new layer goes just above the one shown, and is shown. */
  #addLayer(): void {
    if (this.#stack.length >= (this.#spec.layers?.max ?? 1)) return;
    this.#stack.splice(this.#layer + 1, 0, emptyGrid(this.#spec, this.#width(), this.#height()));
    this.#showLayer(this.#layer + 1);
    this.#changed();
  }

  #removeLayer(): void {
    if (this.#stack.length <= (this.#spec.layers?.min ?? 1)) return;
    this.#stack.splice(this.#layer, 1);
    this.#showLayer(Math.min(this.#layer, this.#stack.length - 1));
    this.#changed();
  }
}
