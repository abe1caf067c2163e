// Layered text, the format of targets and piece files: a layer is a block of lines (one line per
// row y, one character per column x), layers are separated by blank lines, and the first layer is
// the bottom one (z = 0). Lines starting with `//` are comments. In a piece file a line of three or
// more dashes starts a new stack of layers, so more pieces can be drawn below the first ones.
import { InputError, type InputLocation } from '@kit/core';

export interface TextLayer {
  rows: string[];
  /** The 1-based line of its first row, for messages. */
  line: number;
}

/** One stack of layers (a target file has one; a piece file one per `---` section). */
export type LayerStack = TextLayer[];

export function where(file: string | undefined, line?: number, column?: number): InputLocation {
  return {
    ...(file !== undefined ? { file } : {}),
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
  };
}

const SECTION = /^\s*-{3,}\s*$/;

/** Splits text into stacks of layers; `sections` allows `---` lines (piece files). */
export function splitLayers(text: string, file: string | undefined, sections: boolean): LayerStack[] {
  const stacks: LayerStack[] = [[]];
  let layer: TextLayer | undefined;
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  lines.forEach((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trimStart().startsWith('//')) return;
    if (line.trim() === '') {
      layer = undefined;
      return;
    }
    if (SECTION.test(line)) {
      if (!sections) throw new InputError('a "---" line only belongs in a piece file (a target is one stack of layers)', where(file, index + 1, 1));
      layer = undefined;
      if (stacks[stacks.length - 1]!.length > 0) stacks.push([]);
      return;
    }
    if (!layer) {
      layer = { rows: [], line: index + 1 };
      stacks[stacks.length - 1]!.push(layer);
    }
    layer.rows.push(line);
  });
  return stacks.filter((stack) => stack.length > 0);
}

/** Every layer of the stack has as many rows as the first: else an error naming the layer. */
export function checkRowCounts(stack: LayerStack, file: string | undefined, what: string): void {
  const first = stack[0]!;
  stack.forEach((layer, z) => {
    if (layer.rows.length !== first.rows.length) {
      throw new InputError(
        `layers of unequal size: layer ${z + 1} of the ${what} has ${layer.rows.length} row${layer.rows.length === 1 ? '' : 's'} but layer 1 has ${first.rows.length}`,
        where(file, layer.line),
      );
    }
  });
}
