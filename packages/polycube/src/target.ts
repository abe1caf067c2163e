// The shape to fill: a box (`--box 3x4x5`) or any shape drawn in layers with holes.
import { InputError } from '@kit/core';
import { checkRowCounts, splitLayers, where } from './layers.js';

/**
 * A target as plain data: `layers[z][y][x]` is `.` for a cube to fill and `#` for a hole, z = 0 the
 * bottom layer, cropped to the bounding box of its cubes.
 */
export interface Target {
  /** The layers from the bottom up, each a list of rows of equal length. */
  layers: string[][];
}

/** The most cubes a target's bounding box may hold (a 16x16x16 box). */
export const MAX_TARGET_VOLUME = 4096;
/** The longest side a target may have. */
export const MAX_TARGET_SIDE = 64;

export function targetSize(target: Target): [x: number, y: number, z: number] {
  return [target.layers[0]![0]!.length, target.layers[0]!.length, target.layers.length];
}

/** `3x4x5`: columns x rows x layers of the bounding box. */
export function targetName(target: Target): string {
  return targetSize(target).join('x');
}

/** How many cubes the target has to be filled (holes not counted). */
export function cubeCount(target: Target): number {
  let count = 0;
  for (const layer of target.layers) for (const row of layer) for (const char of row) if (char === '.') count++;
  return count;
}

export function isCube(target: Target, x: number, y: number, z: number): boolean {
  return target.layers[z]?.[y]?.[x] === '.';
}

/** `3x4x5` (also `3X4X5`, `3 x 4 x 5`) to a full box. */
export function boxTarget(spec: string, what = '--box'): Target {
  const match = /^\s*(\d{1,3})\s*[xX*]\s*(\d{1,3})\s*[xX*]\s*(\d{1,3})\s*$/.exec(spec);
  if (!match) throw new InputError(`${what} must look like 3x4x5 (columns x rows x layers), got ${JSON.stringify(spec)}`);
  const [x, y, z] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (x < 1 || y < 1 || z < 1) throw new InputError(`${what} ${spec.trim()}: every side must be at least 1`);
  checkBounds(x, y, z, `${what} ${x}x${y}x${z}`);
  return { layers: Array.from({ length: z }, () => Array.from({ length: y }, () => '.'.repeat(x))) };
}

function checkBounds(x: number, y: number, z: number, what: string, file?: string): void {
  if (Math.max(x, y, z) > MAX_TARGET_SIDE) throw new InputError(`${what}: a side is longer than ${MAX_TARGET_SIDE}`, where(file));
  if (x * y * z > MAX_TARGET_VOLUME) throw new InputError(`${what}: ${x * y * z} cells in its box, over the limit of ${MAX_TARGET_VOLUME}`, where(file));
}

/**
 * Reads a target drawn in layers: `.` a cube to fill, `#` or space a hole; every layer the same
 * number of rows and every row the same width. Cropped to its cubes' bounding box.
 */
export function parseTarget(text: string, file?: string): Target {
  const stacks = splitLayers(text, file, false);
  if (stacks.length === 0) throw new InputError('the target is empty: draw its layers with "." for each cube', where(file));
  const stack = stacks[0]!;
  checkRowCounts(stack, file, 'target');
  const width = stack[0]!.rows[0]!.length;
  stack.forEach((layer, z) => {
    layer.rows.forEach((row, y) => {
      const line = layer.line + y;
      if (row.length !== width) {
        const message =
          z === 0 && y > 0
            ? `ragged target: row ${y + 1} of layer 1 is ${row.length} wide but row 1 is ${width}`
            : `layers of unequal size: row ${y + 1} of layer ${z + 1} is ${row.length} wide but the rows of layer 1 are ${width}`;
        throw new InputError(message, where(file, line));
      }
      for (let x = 0; x < row.length; x++) {
        const char = row[x]!;
        if (char !== '.' && char !== '#' && char !== ' ') {
          throw new InputError(`unexpected ${JSON.stringify(char)} in target (use '.' for a cube to fill, '#' or space for a hole)`, where(file, line, x + 1));
        }
      }
    });
  });
  checkBounds(width, stack[0]!.rows.length, stack.length, 'the target', file);
  return crop(
    stack.map((layer) => layer.rows.map((row) => row.replaceAll(' ', '#'))),
    file,
  );
}

/** Cuts hole-only margins off on every side. */
function crop(layers: string[][], file?: string): Target {
  let [x0, y0, z0] = [Infinity, Infinity, Infinity];
  let [x1, y1, z1] = [-1, -1, -1];
  for (const [z, layer] of layers.entries()) {
    for (const [y, row] of layer.entries()) {
      for (let x = 0; x < row.length; x++) {
        if (row[x] !== '.') continue;
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        z0 = Math.min(z0, z);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
        z1 = Math.max(z1, z);
      }
    }
  }
  if (x1 < 0) throw new InputError('the target has no cubes to fill (draw them with ".")', where(file));
  return { layers: layers.slice(z0, z1 + 1).map((layer) => layer.slice(y0, y1 + 1).map((row) => row.slice(x0, x1 + 1))) };
}

/** A target from its layers (rows of `.` and `#`), checked like a file. */
export function targetFromLayers(layers: readonly (readonly string[])[], file?: string): Target {
  return parseTarget(`${layers.map((layer) => layer.join('\n')).join('\n\n')}\n`, file);
}

/** The target as text, as parseTarget reads it. */
export function targetToText(target: Target): string {
  return `${target.layers.map((layer) => layer.join('\n')).join('\n\n')}\n`;
}
