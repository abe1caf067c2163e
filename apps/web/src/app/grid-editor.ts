// The editor a plugin's GridEditorSpec describes: value buttons, a grid of cells to click or drag over,
// keyboard entry (arrows move, digits type numbers, a value's key paints), resize and clear, and the
// grid as the plugin's text format beside it. It knows no puzzle: every word comes from the spec.
import { InputError, type EditorGrid, type GridEditorSpec, type Palette, type TextFile } from '@kit/core';
import { entryHex, numberMax, sideRange, startLayers, startSize, takesSize } from '@kit/core/host';
import { h } from './dom.js';
import { checkGrid, checkStack, decodeGrid, decodeStack, encodeGrid, encodeStack } from './grid-code.js';
import { errorText } from './errors.js';

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

const isNumber = (value: string) => /^\d+$/.test(value);
/** A palette letter that can stand in a cell as a second cue beside its colour. */
const MARK = /^[A-Za-z0-9]$/;

function emptyGrid(spec: GridEditorSpec, width: number, height: number): EditorGrid {
  const empty = spec.values[0]!.value;
  return Array.from({ length: height }, () => Array.from({ length: width }, () => empty));
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: not split yet (issue 32): its handlers share the editor's state as closures; splitting means a class, left for a later change.
export function buildGridEditor(spec: GridEditorSpec, palette: Palette, initial: string | undefined, problems: string[]): GridEditor {
  const [minW, maxW] = sideRange(spec.width);
  const [minH, maxH] = sideRange(spec.height);
  const start = startSize(spec);
  // A layered editor edits a stack of same-size grids, one layer (`grid`) at a time.
  let stack: EditorGrid[] = Array.from({ length: startLayers(spec) }, () => emptyGrid(spec, start.width, start.height));
  if (initial !== undefined && initial !== '') {
    try {
      stack = spec.layers ? decodeStack(spec, initial) : [decodeGrid(spec, initial)];
    } catch (error) {
      problems.push(errorText(error));
    }
  }
  let layer = 0;
  let grid: EditorGrid = stack[0]!;
  const stackText = (): string => (spec.layers ? spec.layers.toText(stack) : spec.toText(grid));
  const width = () => grid[0]?.length ?? 0;
  const height = () => grid.length;
  const empty = spec.values[0]!.value;
  // With numbers, a click only moves the cursor until a value button is chosen; otherwise it paints
  // the first value that is not the blank one.
  let chosen: string | undefined = spec.numbers ? undefined : (spec.values[1] ?? spec.values[0])!.value;
  let cursor = { x: 0, y: 0 };
  let typing = false;
  /** The text under *As text* that was refused: the grid no longer says what the person wants. */
  let refusedText: InputError | undefined;
  const openListeners: (() => void)[] = [];
  const idBase = `editor-${spec.target}`;

  const cells = h('div', { class: 'editor-grid', tabindex: 0, role: 'grid', 'aria-label': spec.label, id: `${idBase}-grid` });
  const valueBar = h('div', { class: 'editor-values', role: 'toolbar', 'aria-label': `${spec.label} values` });
  const valueHelp = h('p', { class: 'editor-value-help', 'aria-live': 'polite' });
  const text = h('textarea', { rows: 4, spellcheck: 'false', autocomplete: 'off', 'aria-label': `${spec.label} as text`, 'data-editor-text': spec.target });
  const problem = h('p', { class: 'error editor-error', role: 'alert' });
  const resizable = minW !== maxW || minH !== maxH;
  const sizeInputs =
    resizable && !spec.sizes
      ? ['width', 'height'].map((side) =>
          h('input', { type: 'number', class: 'editor-size', 'aria-label': `${spec.label} ${side}`, 'data-size': side, min: side === 'width' ? minW : minH, max: side === 'width' ? maxW : maxH }),
        )
      : [];
  const sizeMenu = spec.sizes && spec.sizes.length > 1 ? h('select', { class: 'editor-size-menu', 'aria-label': `${spec.label} size`, 'data-size': 'menu' }) : undefined;
  for (const size of spec.sizes ?? []) sizeMenu?.append(h('option', { value: `${size.width}x${size.height}` }, `${size.width} × ${size.height}`));

  const entryOf = (value: string) => spec.values.find((entry) => entry.value === value);
  const fillOf = (value: string): string | undefined => (isNumber(value) && spec.numbers ? spec.numbers.fill : entryOf(value)?.fill);
  const colourOf = (value: string): string | undefined => {
    const key = fillOf(value);
    const entry = key !== undefined ? palette[key] : undefined;
    return entry ? entryHex(entry) : undefined;
  };
  /** What the cell shows: a number, the value's mark, or its colour's letter (a second cue beside colour). */
  const markOf = (value: string): string => {
    if (isNumber(value)) return value;
    const entry = entryOf(value);
    if (entry?.mark !== undefined) return entry.mark;
    const letter = entry?.fill !== undefined ? palette[entry.fill]?.letter : undefined;
    return letter && MARK.test(letter) ? letter : '';
  };
  const nameOf = (value: string): string => (isNumber(value) ? value : (entryOf(value)?.label ?? value));

  function changed(fromText = false): void {
    if (!fromText) {
      text.value = stackText();
      refusedText = undefined;
    }
    problem.textContent = '';
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }

  function drawCell(cell: HTMLElement, value: string): void {
    cell.dataset['value'] = value;
    const colour = colourOf(value);
    cell.style.background = colour ?? '';
    cell.textContent = markOf(value);
    cell.classList.toggle('light', colour !== undefined && isLight(colour));
    cell.setAttribute('aria-label', `row ${Number(cell.dataset['row']) + 1}, column ${Number(cell.dataset['col']) + 1}: ${nameOf(value)}`);
  }

  function drawGrid(): void {
    cells.style.setProperty('--columns', String(width()));
    cells.setAttribute('aria-rowcount', String(height()));
    cells.setAttribute('aria-colcount', String(width()));
    cells.replaceChildren(
      ...grid.map((row, y) =>
        h(
          'div',
          { class: 'editor-row', role: 'row' },
          ...row.map((value, x) => {
            const cell = h('div', { class: 'editor-cell', role: 'gridcell', id: `${idBase}-${y}-${x}`, 'data-row': y, 'data-col': x });
            drawCell(cell, value);
            return cell;
          }),
        ),
      ),
    );
    drawCursor();
    for (const input of sizeInputs) input.value = String(input.dataset['size'] === 'width' ? width() : height());
    if (sizeMenu) sizeMenu.value = `${width()}x${height()}`;
  }

  function cellAt(x: number, y: number): HTMLElement | undefined {
    return cells.children[y]?.children[x] as HTMLElement | undefined;
  }

  function drawCursor(): void {
    for (const old of cells.querySelectorAll('.cursor')) old.classList.remove('cursor');
    const cell = cellAt(cursor.x, cursor.y);
    cell?.classList.add('cursor');
    // Screen readers follow the cursor through the grid, which keeps the focus itself.
    if (cell) cells.setAttribute('aria-activedescendant', cell.id);
  }

  function set(x: number, y: number, value: string): void {
    if (grid[y]?.[x] === undefined || grid[y]![x] === value) return;
    grid[y]![x] = value;
    drawCell(cellAt(x, y)!, value);
    changed();
  }

  function drawValues(): void {
    const max = numberMax(spec, width(), height());
    const numbers = spec.numbers && max - spec.numbers.min < 20 ? Array.from({ length: max - spec.numbers.min + 1 }, (_, i) => String(spec.numbers!.min + i)) : [];
    const entries = [...spec.values.map((entry) => ({ value: entry.value, label: entry.label, key: entry.key, help: entry.help })), ...numbers.map((value) => ({ value, label: value, key: undefined, help: undefined }))];
    valueBar.replaceChildren(
      ...entries.map((entry) => {
        const colour = colourOf(entry.value);
        const swatch = h('span', { class: 'swatch', 'aria-hidden': 'true' }, isNumber(entry.value) ? '' : markOf(entry.value));
        if (colour) swatch.style.background = colour;
        return h(
          'button',
          {
            type: 'button',
            class: 'value',
            'data-value': entry.value,
            'aria-pressed': String(entry.value === chosen),
            title: [entry.help, entry.key ? `key ${entry.key}` : ''].filter(Boolean).join(' · ') || undefined,
            onclick: () => {
              chosen = chosen === entry.value && spec.numbers ? undefined : entry.value;
              drawValues();
            },
          },
          isNumber(entry.value) ? null : swatch,
          h('span', { class: 'value-label' }, entry.label),
        );
      }),
    );
    // What the chosen value means, when its label does not say it all; else what every value with help means.
    const helped = spec.values.filter((entry) => entry.help);
    const chosenEntry = chosen !== undefined ? entryOf(chosen) : undefined;
    valueHelp.textContent = chosenEntry?.help ? `${chosenEntry.label}: ${chosenEntry.help}` : helped.map((entry) => `${entry.label}: ${entry.help}`).join(' · ');
    valueHelp.hidden = valueHelp.textContent === '';
  }

  // Painting: a press paints the chosen value (or the blank one when the cell already holds it, so a
  // second click takes a mark away), and dragging paints every cell the pointer crosses.
  let painting: string | undefined;
  const cellOfEvent = (event: PointerEvent): HTMLElement | undefined => {
    const target = document.elementFromPoint(event.clientX, event.clientY);
    const cell = target instanceof HTMLElement ? target.closest<HTMLElement>('.editor-cell') : null;
    return cell && cells.contains(cell) ? cell : undefined;
  };
  const paintAt = (cell: HTMLElement) => set(Number(cell.dataset['col']), Number(cell.dataset['row']), painting!);
  cells.addEventListener('pointerdown', (event) => {
    const cell = cellOfEvent(event);
    if (!cell) return;
    event.preventDefault();
    cells.focus();
    cursor = { x: Number(cell.dataset['col']), y: Number(cell.dataset['row']) };
    typing = false;
    drawCursor();
    if (chosen === undefined) return;
    painting = cell.dataset['value'] === chosen ? empty : chosen;
    paintAt(cell);
  });
  cells.addEventListener('pointermove', (event) => {
    if (painting === undefined) return;
    const cell = cellOfEvent(event);
    if (cell) paintAt(cell);
  });
  const stopPainting = () => (painting = undefined);
  document.addEventListener('pointerup', stopPainting);
  document.addEventListener('pointercancel', stopPainting);

  function move(dx: number, dy: number, wrap = false): void {
    let { x, y } = cursor;
    x += dx;
    y += dy;
    if (wrap && x >= width()) {
      x = 0;
      y = Math.min(height() - 1, y + 1);
      if (cursor.y === height() - 1) x = width() - 1;
    }
    cursor = { x: Math.max(0, Math.min(width() - 1, x)), y: Math.max(0, Math.min(height() - 1, y)) };
    typing = false;
    drawCursor();
  }

  cells.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const arrow = arrows[event.key];
    const { x, y } = cursor;
    if (arrow) {
      move(...arrow);
    } else if (spec.numbers && /^\d$/.test(event.key)) {
      const digit = Number(event.key);
      const max = numberMax(spec, width(), height());
      const current = grid[y]![x]!;
      // A second digit extends the number just typed (1 then 2 is 12), never a leading 0.
      const extended = typing && isNumber(current) && current !== '0' ? Number(current) * 10 + digit : undefined;
      let value: number;
      if (extended !== undefined && extended <= max) value = extended;
      else {
        if (extended !== undefined) move(1, 0, true);
        value = digit;
      }
      if (value < spec.numbers.min || value > max) return event.preventDefault();
      set(cursor.x, cursor.y, String(value));
      // Move on when no second digit could follow: 0, or a number whose tenfold is too large.
      if (value === 0 || value * 10 > max) move(1, 0, true);
      else typing = true;
    } else if (event.key === 'Backspace' || event.key === 'Delete') {
      set(x, y, empty);
      typing = false;
    } else if (event.key === ' ' && chosen !== undefined) {
      set(x, y, chosen);
    } else {
      const entry = spec.values.find((value) => value.key !== undefined && value.key.toLowerCase() === event.key.toLowerCase());
      if (!entry) return;
      set(x, y, entry.value);
      move(1, 0, true);
    }
    event.preventDefault();
  });

  text.addEventListener('input', () => {
    try {
      stack = spec.layers ? checkStack(spec, spec.layers.fromText(text.value, spec.target)) : [checkGrid(spec, spec.fromText(text.value, spec.target))];
      layer = Math.min(layer, stack.length - 1);
      grid = stack[layer]!;
      refusedText = undefined;
      drawLayers();
      cursor = { x: Math.min(cursor.x, width() - 1), y: Math.min(cursor.y, height() - 1) };
      drawGrid();
      drawValues();
      changed(true);
    } catch (error) {
      // The grid still shows the last good text, but it is not what the person typed: until the
      // text is fixed (or the grid edited), the editor gives no input and Run says why.
      const message = errorText(error);
      refusedText = new InputError(`${spec.label} as text: ${message}`);
      problem.textContent = message;
      element.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });

  function resize(newWidth: number, newHeight: number): void {
    if (!takesSize(spec, newWidth, newHeight)) return drawGrid();
    // Numbers too large for the smaller grid become blank; every layer takes the new size.
    const max = numberMax(spec, newWidth, newHeight);
    stack = stack.map((old) => {
      const next = emptyGrid(spec, newWidth, newHeight);
      for (let y = 0; y < Math.min(newHeight, old.length); y++) {
        for (let x = 0; x < Math.min(newWidth, old[0]!.length); x++) next[y]![x] = old[y]![x]!;
      }
      return next.map((row) => row.map((value) => (isNumber(value) && Number(value) > max ? empty : value)));
    });
    grid = stack[layer]!;
    cursor = { x: Math.min(cursor.x, newWidth - 1), y: Math.min(cursor.y, newHeight - 1) };
    drawGrid();
    drawValues();
    changed();
  }
  for (const input of sizeInputs) {
    const apply = () => {
      const value = Number(input.value);
      const [min, max] = input.dataset['size'] === 'width' ? [minW, maxW] : [minH, maxH];
      const size = Number.isInteger(value) ? Math.max(min, Math.min(max, value)) : input.dataset['size'] === 'width' ? width() : height();
      if (input.dataset['size'] === 'width') resize(size, height());
      else resize(width(), size);
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
  sizeMenu?.addEventListener('change', (event) => {
    event.stopPropagation();
    const [w, h2] = sizeMenu.value.split('x').map(Number);
    resize(w!, h2!);
  });
  sizeMenu?.addEventListener('input', (event) => event.stopPropagation());

  const clear = h('button', { type: 'button', class: 'small', 'data-action': 'clear' }, 'Clear');
  // Clears the layer shown (all there is without layers).
  clear.addEventListener('click', () => {
    grid = stack[layer] = emptyGrid(spec, width(), height());
    drawGrid();
    changed();
  });
  const sizeControl = sizeMenu
    ? h('label', { class: 'editor-size-label' }, 'size ', sizeMenu)
    : sizeInputs.length
      ? h('span', { class: 'editor-size-label' }, 'size ', sizeInputs[0]!, ' × ', sizeInputs[1]!)
      : null;
  // The layer choice: which layer of the stack the grid shows, and adding or removing one.
  const layerMenu = h('select', { class: 'editor-layer-menu', 'aria-label': `${spec.label} layer`, 'data-layer': 'menu' });
  const addLayer = h('button', { type: 'button', class: 'small', 'data-action': 'add-layer' }, 'Add layer');
  const removeLayer = h('button', { type: 'button', class: 'small', 'data-action': 'remove-layer' }, 'Remove layer');
  function drawLayers(): void {
    layerMenu.replaceChildren(...stack.map((_, z) => h('option', { value: z }, `Layer ${z + 1} of ${stack.length}`)));
    layerMenu.value = String(layer);
    addLayer.disabled = stack.length >= (spec.layers?.max ?? 1);
    removeLayer.disabled = stack.length <= (spec.layers?.min ?? 1);
    cells.setAttribute('aria-label', spec.layers ? `${spec.label}, layer ${layer + 1} of ${stack.length}` : spec.label);
  }
  function showLayer(z: number): void {
    layer = z;
    grid = stack[layer]!;
    drawLayers();
    drawGrid();
  }
  layerMenu.addEventListener('change', (event) => {
    event.stopPropagation();
    showLayer(Number(layerMenu.value));
  });
  layerMenu.addEventListener('input', (event) => event.stopPropagation());
  // A new layer goes just above the one shown, and is shown.
  addLayer.addEventListener('click', () => {
    if (stack.length >= (spec.layers?.max ?? 1)) return;
    stack.splice(layer + 1, 0, emptyGrid(spec, width(), height()));
    showLayer(layer + 1);
    changed();
  });
  removeLayer.addEventListener('click', () => {
    if (stack.length <= (spec.layers?.min ?? 1)) return;
    stack.splice(layer, 1);
    showLayer(Math.min(layer, stack.length - 1));
    changed();
  });
  const layerControl = spec.layers ? h('span', { class: 'editor-layers' }, layerMenu, addLayer, removeLayer) : null;
  const tools = h('div', { class: 'editor-tools' }, layerControl, sizeControl, clear);
  const body = [valueBar, valueHelp, h('div', { class: 'editor-scroll' }, cells), tools, h('details', { class: 'editor-text' }, h('summary', {}, 'As text'), text), problem];
  const optional = spec.optional === true;
  // While the grid is open the options it replaces are hidden: say how to get them back.
  const foldHint = spec.supersedes?.length ? h('span', { class: 'fold-hint' }, ` · fold to give ${spec.supersedes.join(', ')} instead`) : null;
  const element = optional
    ? h('details', { class: 'editor optional', 'data-editor': spec.target, open: initial !== undefined }, h('summary', {}, h('span', { class: 'name' }, spec.label), foldHint), ...body)
    : h('section', { class: 'editor', 'data-editor': spec.target, 'aria-label': spec.label }, h('h3', { class: 'editor-label' }, spec.label), ...body);
  // The toggle event also comes once for the initial state: only a change by the person counts.
  let wasOpen = optional && (element as HTMLDetailsElement).open;
  if (optional) {
    element.addEventListener('toggle', () => {
      const open = (element as HTMLDetailsElement).open;
      if (open === wasOpen) return;
      wasOpen = open;
      if (open) for (const listener of openListeners) listener();
      changed();
    });
  }
  drawLayers();
  drawGrid();
  drawValues();
  text.value = stackText();

  const inUse = () => !optional || (element as HTMLDetailsElement).open;
  return {
    target: spec.target,
    element,
    inUse,
    read: () => {
      if (!inUse()) return undefined;
      if (refusedText) throw refusedText;
      return { name: spec.target, text: stackText() };
    },
    urlValue: () => (inUse() ? (spec.layers ? encodeStack(stack) : encodeGrid(spec, grid)) : undefined),
    fold: () => {
      if (optional) (element as HTMLDetailsElement).open = false;
    },
    onOpen: (listener) => openListeners.push(listener),
  };
}

function isLight(hex: string): boolean {
  const value = Number.parseInt(hex.slice(1), 16);
  return 0.299 * ((value >> 16) & 255) + 0.587 * ((value >> 8) & 255) + 0.114 * (value & 255) > 150;
}
