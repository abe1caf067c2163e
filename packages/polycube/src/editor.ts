// The page's editors for a target and for a piece file: stacks of layers drawn one layer at a time,
// written as the layered text the CLI reads (layers separated by blank lines, the bottom one first).
import { InputError, type EditorGrid, type GridEditorSpec } from '@kit/core';
import { checkRowCounts, splitLayers, where } from './layers.js';
import { parsePieceFile } from './pieces.js';
import { MAX_TARGET_SIDE, parseTarget } from './target.js';
import { fillFor } from './view.js';

/** The editors keep to a 16x16x16 box, the largest volume a target may have. */
const SIDE = 16;
const PIECE_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const layerText = (grid: EditorGrid): string => `${grid.map((row) => row.join('')).join('\n')}\n`;
const stackText = (layers: readonly EditorGrid[]): string => layers.map(layerText).join('\n');

export const targetEditor: GridEditorSpec = {
  target: 'target',
  label: 'Target',
  width: { min: 1, max: SIDE },
  height: { min: 1, max: SIDE },
  startSize: { width: 3, height: 3 },
  values: [
    { value: '.', label: 'cube', fill: 'empty', key: 'c', help: 'a cell the pieces fill' },
    { value: '#', label: 'hole', fill: 'wall', key: 'h' },
  ],
  optional: true,
  supersedes: ['box'],
  toText: layerText,
  fromText: (text, name) => targetGrids(text, name)[0]!,
  layers: {
    min: 1,
    max: Math.min(SIDE, MAX_TARGET_SIDE),
    start: 3,
    toText: stackText,
    // Checked as the CLI checks it, and cropped to its cubes as the solver sees it.
    fromText: (text, name) => targetGrids(text, name),
  },
};

function targetGrids(text: string, name?: string): EditorGrid[] {
  return parseTarget(text, name).layers.map((layer) => layer.map((row) => [...row]));
}

export const pieceEditor: GridEditorSpec = {
  target: 'piece-file',
  label: 'Pieces',
  width: { min: 1, max: 40 },
  height: { min: 1, max: SIDE },
  startSize: { width: 6, height: 3 },
  values: [
    { value: '.', label: 'gap', fill: 'empty', key: '.' },
    ...[...PIECE_LETTERS].map((letter) => ({ value: letter, label: `piece ${letter}`, fill: fillFor(letter), key: letter.toLowerCase() })),
  ],
  optional: true,
  supersedes: ['set', 'pieces'],
  toText: layerText,
  fromText: (text, name) => pieceGrids(text, name)[0]!,
  layers: { min: 1, max: SIDE, start: 1, toText: stackText, fromText: (text, name) => pieceGrids(text, name) },
};

/** A piece file as one stack of same-size grids: short rows filled out with gaps, spaces as gaps. */
function pieceGrids(text: string, name?: string): EditorGrid[] {
  parsePieceFile(text, name);
  const stacks = splitLayers(text, name, true);
  if (stacks.length > 1) {
    throw new InputError('the editor draws the pieces in one stack of layers: put them side by side instead of under a "---" line', where(name));
  }
  const stack = stacks[0]!;
  checkRowCounts(stack, name, 'piece drawing');
  const width = Math.max(...stack.flatMap((layer) => layer.rows.map((row) => row.length)));
  for (const layer of stack) {
    for (const [y, row] of layer.rows.entries()) {
      const lower = [...row].findIndex((char) => /[a-z0-9]/.test(char));
      if (lower >= 0)
        throw new InputError(`the editor names pieces with capital letters (got ${JSON.stringify(row[lower])})`, where(name, layer.line + y, lower + 1));
    }
  }
  return stack.map((layer) => layer.rows.map((row) => [...row.padEnd(width, '.')].map((char) => (char === ' ' ? '.' : char))));
}
