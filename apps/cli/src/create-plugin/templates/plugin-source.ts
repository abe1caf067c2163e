import type { TemplateVars } from './vars.js';

/** src/plugin.ts: the cheap description hosts import to list, configure, draw and play the puzzle. */
export function pluginSource(vars: TemplateVars): string {
  return `// The plugin: what hosts (the \`kit\` CLI, the web app) import to list, configure, draw and play this
// puzzle. Keep this file cheap to import: the search itself lives in solver.ts and is loaded only in a
// worker. The version users see is the package's own, so a release reaches \`kit list\` too.
import manifest from '../package.json' with { type: 'json' };
import { InputError, definePlugin, type Cell, type Frame } from '@kit/core';
import { skipGeneratedHeader } from '@kit/core/make';
import { parseBoard, type Board } from './board.js';
import { boardEditor, samples } from './editor.js';
import { play } from './play.js';

/** What parse() returns and the solver receives: plain data, because it crosses into a worker. */
export type Instance = Board;

/** A solution, and also the partial board shown while searching: queens[row] = column, or -1. */
export interface Placement {
  size: number;
  queens: number[];
}

export default definePlugin<Instance, Placement>({
  id: '${vars.id}',
  title: '${vars.title}',
  // Replace the N-queens placeholder below with your puzzle; the shape of the plugin stays the same.
  description: 'Places N queens on an NxN board so that no two attack each other, around the queens given.',
  version: manifest.version,
  options: [{ name: 'size', short: 'n', type: 'int', min: 1, max: 14, default: 8, help: 'board size N (an empty board; a board file gives its own)' }],
  // A positional file: \`kit run ${vars.id} board.txt\`; the web page edits it with boardEditor.
  input: { formats: ['board'], help: 'a board: N lines of N cells, Q a queen given, . empty' },
  examples: ['--size 8', '--size 10 --count', 'boards/corner.txt'],
  samples,
  editors: [boardEditor],
  play,
  palette: {
    queen: { ansi256: 214, letter: 'Q' },
    light: { ansi256: 230, letter: '.' },
    dark: { ansi256: 137, letter: '.' },
  },

  // The host has already checked --size against the spec above (an integer from 1 to 14).
  parse(options, input): Instance {
    // A \`kit generate\` header line above the board reads as a blank line.
    if (input) return parseBoard(skipGeneratedHeader(input.text), input.name);
    const size = options['size'];
    if (typeof size !== 'number') throw new InputError('--size must be an integer');
    return { size, given: [] };
  },

  solver: () => import('./solver.js').then((module) => module.solver),

  view(state): Frame {
    const cells: Cell[] = [];
    for (let row = 0; row < state.size; row++) {
      for (let column = 0; column < state.size; column++) {
        if (state.queens[row] === column) cells.push({ fill: 'queen', label: 'Q' });
        else cells.push({ fill: (row + column) % 2 === 0 ? 'light' : 'dark' });
      }
    }
    return { width: state.size, height: state.size, cells };
  },

  summarize: (summary, instance) =>
    instance.size + 'x' + instance.size + ': ' + summary.solutions + ' solutions, ' + String(summary['tries']) + ' tries',
});
`;
}
