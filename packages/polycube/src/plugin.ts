// The version users see is the package's own, so changesets' bumps reach `kit list` too.
import manifest from '../package.json' with { type: 'json' };
import { definePlugin, type Summary } from '@kit/core';
import { pieceEditor, targetEditor } from './editor.js';
import { CHALLENGE_SETS, CHALLENGE_SIZES } from './challenge-spec.js';
import { type PackingInstance, parseInstance } from './instance.js';
import { CHALLENGE_LEVELS } from './levels.js';
import { play } from './play.js';
import { samples } from './samples.js';
import { SET_NAMES } from './sets.js';
import { SYMMETRY_MODES } from './symmetry.js';
import { type PackingState, POLYCUBE_PALETTE, viewPacking } from './view.js';

export type { PackingInstance } from './instance.js';
export type { LaidPiece } from './laid.js';
export type { PackingState } from './view.js';

/** A BurrTools file with its solutions saved can be large; XML and gzip both stay far below this. */
const MAX_INPUT_BYTES = 8 * 1024 * 1024;

const COUNTED: Record<string, string> = {
  full: 'up to rotations and reflections',
  rotations: 'up to rotations',
  none: 'with no symmetry removed',
};

/** The polycube plugin: packings in three dimensions (named sets, layer drawings, BurrTools files), split over threads; play, make and grade. */
export default definePlugin<PackingInstance, PackingState>({
  id: 'polycube',
  title: 'Polycube',
  description:
    "Packs polycubes into a box or any shape in three dimensions (Soma, Bedlam, pentacubes, BurrTools files); distinct solutions up to the target's symmetry.",
  version: manifest.version,
  options: [
    {
      name: 'set',
      type: 'enum',
      choices: SET_NAMES,
      help: 'a named piece set: soma (3x3x3), tetracubes (2x4x4), solid-pentominoes (3x4x5), pentacubes (no box of its own), bedlam (4x4x4); default soma',
    },
    { name: 'pieces', type: 'string', placeholder: 'LETTERS', help: 'the pieces to use from the set, by name; repeats allowed (default: each once)' },
    { name: 'piece-file', type: 'file', formats: ['polycube-layers'], help: 'pieces drawn in layers of text, one letter per piece (instead of --set)' },
    { name: 'box', type: 'string', placeholder: 'AxBxC', help: "the target: a box, columns x rows x layers (default: the set's own)" },
    {
      name: 'target',
      type: 'file',
      formats: ['polycube-layers', 'burrtools'],
      maxBytes: MAX_INPUT_BYTES,
      gzip: true,
      help: "a target drawn in layers ('.' a cube, '#' or space a hole), or a BurrTools .xmpuzzle file",
    },
    { name: 'problem', type: 'int', min: 1, max: 100000, help: 'which problem of a BurrTools file to solve (default 1)' },
    { name: 'all', type: 'boolean', default: false, help: 'count every packing, symmetric copies included (the same as --symmetry none)' },
    {
      name: 'symmetry',
      type: 'enum',
      choices: SYMMETRY_MODES,
      default: 'auto',
      help: 'packings counted once: auto = up to rotations, and reflections when the pieces are their own mirror set; full; rotations; none = every packing',
    },
  ],
  input: {
    formats: ['polycube-layers', 'burrtools'],
    required: false,
    maxBytes: MAX_INPUT_BYTES,
    gzip: true,
    help: 'a target drawn in layers, or a BurrTools .xmpuzzle file (gzipped or plain), same as --target',
  },
  examples: [
    '--set soma',
    '--set solid-pentominoes --box 2x3x10 --count',
    '--set bedlam --count',
    'pyramid.txt --piece-file pieces.txt',
    'puzzle.xmpuzzle --problem 2',
    '--set soma --symmetry none --count',
  ],
  samples,
  editors: [targetEditor, pieceEditor],
  palette: POLYCUBE_PALETTE,
  parse: parseInstance,
  solver: () => import('./solver.js').then((m) => m.solver),
  generator: {
    levels: CHALLENGE_LEVELS,
    defaultLevel: 'easy',
    size: { default: '3x3x3', dimensions: 3, min: 1, max: 10, presets: CHALLENGE_SIZES },
    parameters: [
      {
        name: 'set',
        type: 'enum',
        choices: CHALLENGE_SETS,
        help: 'the piece set (default: the one whose cubes fill the box: soma 27, tetracubes 32, solid-pentominoes 60, bedlam 64)',
      },
    ],
  },
  grader: { levels: CHALLENGE_LEVELS },
  view: viewPacking,
  play,
  summarize: (summary: Summary, instance: PackingInstance) =>
    `${instance.source} ${summary.target}: ${summary.solutions} solution${summary.solutions === 1 ? '' : 's'} ${COUNTED[String(summary.symmetry)] ?? ''}, ${summary.tries} tries`,
});
