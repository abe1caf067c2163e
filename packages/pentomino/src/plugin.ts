// The version users see is the package's own, so changesets' bumps reach `kit list` too.
import manifest from '../package.json' with { type: 'json' };
import { definePlugin, type Summary } from '@kit/core';
import { boardEditor, samples } from './editor.js';
import { type PackingInstance, parseInstance } from './instance.js';
import { CHALLENGE_LEVELS } from './levels.js';
import { play } from './play.js';
import { type PackingState, POLYOMINO_PALETTE, viewPacking } from './view.js';

export type { PackingInstance } from './instance.js';
export type { PackingState } from './view.js';

/** The pentomino plugin: every packing of a board by any polyominoes, split over threads; play, make and grade. */
export default definePlugin<PackingInstance, PackingState>({
  id: 'pentomino',
  title: 'Pentomino',
  description: "Packs the 12 pentominoes (or any polyominoes) into a board; distinct solutions up to the board's symmetry.",
  version: manifest.version,
  options: [
    {
      name: 'size',
      short: 's',
      type: 'int',
      min: 3,
      max: 8,
      default: 6,
      help: 'seed board: 3x20, 4x15, 5x12, 6x10, 7 = 7x9 minus the centre line, 8 = 8x8 minus the centre 2x2',
    },
    { name: 'board', type: 'file', formats: ['board-text'], help: "a board drawn as text: '.' a cell, '#' or space a hole (instead of --size)" },
    {
      name: 'pieces',
      type: 'letters',
      letters: 'FILNPTUVWXYZ',
      placeholder: 'FILNPTUVWXYZ',
      help: 'the pieces to use, by letter; repeats allowed (default: all once)',
    },
    { name: 'piece-file', type: 'file', formats: ['piece-text'], help: 'polyominoes drawn as text, one letter per piece (e.g. the tetrominoes)' },
    { name: 'all', type: 'boolean', default: false, help: 'count every packing, symmetric copies included' },
  ],
  input: { formats: ['board-text'], required: false, help: "a board drawn as text ('.' a cell, '#' or space a hole), same as --board" },
  examples: ['--size 7', '--size 5 --all --count', 'board.txt --pieces FILNPTUVWXY', '--board ring.txt -q'],
  samples,
  editors: [boardEditor],
  play,
  palette: POLYOMINO_PALETTE,
  // Challenges: a seed board with pieces laid and one way to finish it (challenge.ts), graded by
  // the pieces left, the search they need and the path a person takes (grade.ts, path.ts).
  generator: {
    levels: CHALLENGE_LEVELS,
    size: { default: '6x10', min: 3, max: 20, presets: ['6x10', '5x12', '4x15', '3x20', '7x9', '8x8'] },
  },
  grader: { levels: CHALLENGE_LEVELS },
  parse: parseInstance,
  solver: () => import('./solver.js').then((m) => m.solver),
  view: viewPacking,
  summarize: (summary: Summary) => `${summary.board}: ${summary.solutions} solutions, ${summary.tries} tries`,
});
