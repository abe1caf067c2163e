// The field as the web page's editor sees it: 6 columns, rows 13 (the hidden row) down to 1, one
// letter a cell; links carry it as a puyop.com field string. Also the named examples a host offers.
import { InputError, type EditorGrid, type GridEditorSpec, type PluginSample } from '@kit/core';
import { ROWS, WIDTH } from './field.js';
import { formatField, parseField } from './parse.js';
import { decodePuyop, encodePuyop } from './share.js';

const EDITOR_ROWS = ROWS - 1;

function gridOf(rows: readonly string[]): EditorGrid {
  if (rows[0] !== '.'.repeat(WIDTH)) throw new InputError('the editor shows rows 13 to 1: row 14 must be empty');
  return rows.slice(1).map((row) => [...row]);
}

export const fieldEditor: GridEditorSpec = {
  target: 'input',
  label: 'Field',
  width: WIDTH,
  height: EDITOR_ROWS,
  values: [
    { value: '.', label: 'empty', fill: 'empty', key: '.' },
    { value: 'R', label: 'red', fill: 'red', key: 'r' },
    { value: 'G', label: 'green', fill: 'green', key: 'g' },
    { value: 'B', label: 'blue', fill: 'blue', key: 'b' },
    { value: 'Y', label: 'yellow', fill: 'yellow', key: 'y' },
    { value: 'P', label: 'purple', fill: 'purple', key: 'p' },
    { value: 'O', label: 'garbage', fill: 'garbage', key: 'o' },
  ],
  optional: true,
  supersedes: ['url'],
  toText: (grid) => formatField({ rows: ['.'.repeat(WIDTH), ...grid.map((row) => row.join(''))] }),
  fromText: (text, name) => gridOf(parseField(text, name).rows),
  share: {
    encode: (grid) => encodePuyop({ rows: ['.'.repeat(WIDTH), ...grid.map((row) => row.join(''))] }),
    decode: (code) => gridOf(decodePuyop(code).rows),
  },
};

/** Two chains in four colours: the page's default field. */
const TWO_CHAIN = 'G.....\nRGG...\nRRRGYB\n';
/** The seed's 19-chain (examples/seq19.dat): 175080 points and an all clear. */
const SEQ19 = `${[' YGYRR', 'R YGYG', 'GYGYRR', 'RYGYRG', 'YGYRYG', 'GYRYRG', 'YGYRYR', 'YGYRYR', 'YRRGRG', 'RYGYGG', 'GRYGYR', 'GRYGYR', 'GRYGYR'].join('\n')}\n`;

export const samples: readonly PluginSample[] = [
  { name: 'two-chain', title: '2-chain in four colours', input: TWO_CHAIN },
  { name: 'seq19', title: "The seed's 19-chain", input: SEQ19 },
  {
    name: 'nazo',
    title: 'Chain puzzle: place GY for 2 chains',
    input: 'R.....\nG.....\nG.....\nGRRR..\n',
    options: { nazo: true, pairs: 'GY', goal: 'chains>=2' },
  },
  // For the chain builder (play mode): a green beside the three greens sets off 2 chains.
  { name: 'builder', title: 'Chain builder: one green from a 2-chain', input: 'R.....\nG.....\nG.....\nGRRR..\n' },
];
