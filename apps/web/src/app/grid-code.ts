// The grid as a link carries it: the plugin's own compact form when it has one (a puyop.com field
// string, a puzz.link body), else a run-length encoding any grid has: `WxH_run_run...` with each run
// `value` or `N*value`, row by row (`_` and `*` stay readable in a URL; values never hold them). Both decode back to a grid checked against the editor's spec.
import { InputError, isInputError, type EditorGrid, type GridEditorSpec } from '@kit/core';
import { numberMax, sideRange, takesSize } from '@kit/core/host';

export function encodeRuns(grid: EditorGrid): string {
  const height = grid.length;
  const width = grid[0]?.length ?? 0;
  const runs: string[] = [];
  let value: string | undefined;
  let count = 0;
  const flush = () => {
    if (value !== undefined) runs.push(count > 1 ? `${count}*${value}` : value);
  };
  for (const cell of grid.flat()) {
    if (cell === value) count++;
    else {
      flush();
      value = cell;
      count = 1;
    }
  }
  flush();
  return `${width}x${height}_${runs.join('_')}`;
}

export function decodeRuns(code: string): EditorGrid {
  const match = /^(\d+)x(\d+)_(.*)$/s.exec(code);
  if (!match) throw new InputError(`a grid in a link looks like WxH_cells (got ${JSON.stringify(code.slice(0, 40))})`);
  const width = Number(match[1]);
  const height = Number(match[2]);
  const cells: string[] = [];
  for (const run of match[3] === '' ? [] : match[3]!.split('_')) {
    const repeat = /^(\d+)\*(.+)$/.exec(run);
    const count = repeat ? Number(repeat[1]) : 1;
    if (count > width * height - cells.length) break;
    for (let i = 0; i < count; i++) cells.push(repeat ? repeat[2]! : run);
  }
  if (width === 0 || height === 0 || cells.length !== width * height) {
    throw new InputError(`a ${width}x${height} grid in a link needs ${width * height} cells (got ${cells.length})`);
  }
  return Array.from({ length: height }, (_, y) => cells.slice(y * width, (y + 1) * width));
}

/** Checks a grid against the editor's size limits and values, in the words a person can act on. */
export function checkGrid(spec: GridEditorSpec, grid: EditorGrid): EditorGrid {
  const height = grid.length;
  const width = grid[0]?.length ?? 0;
  const [minW, maxW] = sideRange(spec.width);
  const [minH, maxH] = sideRange(spec.height);
  if (!takesSize(spec, width, height) || grid.some((row) => row.length !== width)) {
    const side = (min: number, max: number) => (min === max ? String(min) : `${min} to ${max}`);
    const sizes = spec.sizes ? spec.sizes.map((size) => `${size.width}x${size.height}`).join(', ') : `width ${side(minW, maxW)}, height ${side(minH, maxH)}`;
    throw new InputError(`${spec.label}: ${width}x${height} is not a size the editor takes (${sizes})`);
  }
  const values = new Set(spec.values.map((value) => value.value));
  const max = numberMax(spec, width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = grid[y]![x]!;
      const number = spec.numbers && /^\d+$/.test(cell) ? Number(cell) : undefined;
      if (values.has(cell) || (number !== undefined && number >= spec.numbers!.min && number <= max)) continue;
      throw new InputError(`${spec.label}: row ${y + 1}, column ${x + 1} holds ${JSON.stringify(cell)}, which is not a value of this grid`);
    }
  }
  return grid;
}

export function encodeGrid(spec: GridEditorSpec, grid: EditorGrid): string {
  return spec.share ? spec.share.encode(grid) : encodeRuns(grid);
}

/** A link's grid, checked; throws InputError with the plugin's own message for a bad compact form. */
export function decodeGrid(spec: GridEditorSpec, code: string): EditorGrid {
  try {
    return checkGrid(spec, spec.share ? spec.share.decode(code) : decodeRuns(code));
  } catch (error) {
    // Named like the file the CLI would read (`input:1: ...`), so the line reads as it does there.
    // The plugin's bundle has its own copy of core's InputError class: check by shape, not class.
    if (isInputError(error) && (error.where.line !== undefined || error.where.column !== undefined)) {
      throw new InputError(error.message, { ...error.where, file: error.where.file ?? spec.target });
    }
    throw error;
  }
}

/** A stack of layers, checked: each layer a grid the editor takes, all of one size, as many as it allows. */
export function checkStack(spec: GridEditorSpec, stack: EditorGrid[]): EditorGrid[] {
  const min = spec.layers?.min ?? 1;
  const max = spec.layers?.max ?? 1;
  if (stack.length < min || stack.length > max) {
    throw new InputError(
      `${spec.label}: ${stack.length} layer${stack.length === 1 ? '' : 's'}, but the editor takes ${min === max ? min : `${min} to ${max}`}`,
    );
  }
  const first = stack[0]!;
  stack.forEach((layer, z) => {
    checkGrid(spec, layer);
    if (layer.length !== first.length || layer[0]!.length !== first[0]!.length) {
      throw new InputError(`${spec.label}: layer ${z + 1} is ${layer[0]!.length}x${layer.length} but layer 1 is ${first[0]!.length}x${first.length}`);
    }
  });
  return stack;
}

// A stack in a link: `NL` then the layers one under the other as one run-length grid (`2L3x4_...`
// is two layers of 3x2).
const STACK_CODE = /^(\d{1,3})L(\d+)x(\d+)_/;

export function encodeStack(stack: EditorGrid[]): string {
  return `${stack.length}L${encodeRuns(stack.flat())}`;
}

export function decodeStack(spec: GridEditorSpec, code: string): EditorGrid[] {
  const match = STACK_CODE.exec(code);
  if (!match) throw new InputError(`a stack of layers in a link looks like NLWxH_cells (got ${JSON.stringify(code.slice(0, 40))})`);
  const count = Number(match[1]);
  const rows = decodeRuns(code.slice(match[1]!.length + 1));
  if (count < 1 || rows.length % count !== 0) throw new InputError(`a stack of ${count} layers in a link cannot hold ${rows.length} rows`);
  const height = rows.length / count;
  return checkStack(
    spec,
    Array.from({ length: count }, (_, z) => rows.slice(z * height, (z + 1) * height)),
  );
}
