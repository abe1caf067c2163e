import type { TemplateVars } from './vars.js';

/** src/editor.ts: the board editor the web page draws, and the named examples hosts offer. */
export function editorSource(_vars: TemplateVars): string {
  return `// The web page's editor for the input file (a grid of cells, each empty or a queen) and the named
// examples (\`kit run ID --example NAME\`, the page's example menu). An example must fit the editor:
// its input is read back through fromText, so keep both in step with parseBoard.
import type { GridEditorSpec, PluginSample } from '@kit/core';
import { MAX_SIZE, boardText, parseBoard } from './board.js';

export const boardEditor: GridEditorSpec = {
  target: 'input',
  label: 'Board',
  width: { min: 1, max: MAX_SIZE },
  height: { min: 1, max: MAX_SIZE },
  startSize: { width: 8, height: 8 },
  values: [
    { value: '.', label: 'empty', key: '.' },
    { value: 'Q', label: 'queen', key: 'q', fill: 'queen', mark: 'Q' },
  ],
  // Without a board the puzzle is --size's empty one.
  optional: true,
  supersedes: ['size'],
  toText: (grid) => grid.map((row) => row.join('') + '\\n').join(''),
  fromText: (text, name) => {
    const board = parseBoard(text, name);
    return boardText(board).trimEnd().split('\\n').map((row) => row.split(''));
  },
};

export const samples: readonly PluginSample[] = [
  { name: 'empty', title: 'An empty 8x8 board (92 solutions)', input: boardText({ size: 8, given: [] }) },
  { name: 'corner', title: 'A queen in the corner (4 solutions)', input: boardText({ size: 8, given: [[0, 0]] }) },
];
`;
}
