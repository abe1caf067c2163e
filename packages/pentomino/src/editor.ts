// The board in the web page's editor: cells to fill and holes, any size up to 30x30, links carrying
// it as a run-length encoding; a challenge's laid pieces are cells holding their letter. Also the examples a host offers: the seed's boards.
import type { GridEditorSpec, PluginSample } from '@kit/core';
import { skipGeneratedHeader } from '@kit/core/make';
import { boardFromText, boardToRows, seedBoard } from './boards.js';
import { readLaidBoard } from './laid.js';
import { PENTOMINO_LETTERS, pentominoSet } from './pieces.js';

/** A board text as the editor's grid: cropped as the solver sees it, a challenge's laid letters kept. */
function editorGrid(text: string, name?: string): string[][] {
  const laid = readLaidBoard(skipGeneratedHeader(text), pentominoSet(), name);
  if (!laid) return boardToRows(boardFromText(text, name)).map((row) => [...row]);
  const grid = boardToRows(laid.board).map((row) => [...row]);
  for (const piece of laid.laid) for (const cell of piece.cells) grid[Math.floor(cell / laid.board.cols)]![cell % laid.board.cols] = piece.name;
  return grid;
}

export const boardEditor: GridEditorSpec = {
  target: 'input',
  label: 'Board',
  width: { min: 1, max: 30 },
  height: { min: 1, max: 30 },
  values: [
    { value: '.', label: 'cell', fill: 'empty', key: 'c' },
    { value: '#', label: 'hole', fill: 'wall', key: 'h' },
    // A challenge's laid pieces (`kit generate pentomino`), each cell marked with its piece's letter.
    ...[...PENTOMINO_LETTERS].map((letter) => ({ value: letter, label: `laid ${letter}`, fill: letter, mark: letter })),
  ],
  optional: true,
  supersedes: ['size', 'board'],
  toText: (grid) => `${grid.map((row) => row.join('')).join('\n')}\n`,
  // Cropped to the cells' bounding box, as the solver sees it.
  fromText: editorGrid,
};

const board = (size: number) => `${seedBoard(size).join('\n')}\n`;

export const samples: readonly PluginSample[] = [
  { name: '6x10', title: '6x10: the classic, 2339 solutions', input: board(6) },
  { name: '8x8-centre', title: '8x8 without the centre 2x2', input: board(8) },
  { name: '7x9-line', title: '7x9 without the centre line', input: board(7) },
  { name: '3x20', title: '3x20: 2 solutions', input: board(3) },
  { name: '5x6-six', title: '5x6 with the pieces LNPUVY', input: '......\n'.repeat(5), options: { pieces: 'LNPUVY' } },
];
