// The version users see is the package's own, so changesets' bumps reach `kit list` too.
import manifest from '../package.json' with { type: 'json' };
import { PENTOMINO_PALETTE, type Summary, definePlugin } from '@kit/core';
import { CHALLENGE_LEVELS } from '@kit/pentomino/packing';
import { type KataminoInstance, parseInstance } from './instance.js';
import { play } from './play.js';
import { type KataminoSolution, type KataminoState, viewKatamino } from './view.js';

export type { KataminoInstance } from './instance.js';
export type { KataminoSolution, KataminoState } from './view.js';

interface TableRow {
  n: number;
  tried: number;
  tiling: number;
  solutions: number;
}

function summarize(summary: Summary, instance: KataminoInstance): string {
  const s = (n: unknown) => (n === 1 ? '' : 's');
  if (instance.mode === 'pieces' || instance.mode === 'laid') {
    return `${summary.board} ${summary.pieces}: ${summary.solutions} solution${s(summary.solutions)}, ${summary.tries} tries`;
  }
  if (instance.mode === 'challenge') {
    return `${summary.challenge}: ${summary.solvable} of ${summary.pentas} boards solvable, ${summary.solutions} solutions, ${summary.tries} tries`;
  }
  const table = (summary.table as unknown as TableRow[] | undefined) ?? [];
  const lines = ['N   subsets  tiling  solutions'];
  for (const row of table) {
    lines.push(`${String(row.n).padEnd(3)} ${String(row.tried).padStart(7)}  ${String(row.tiling).padStart(6)}  ${String(row.solutions).padStart(9)}`);
  }
  const widths = instance.lo === instance.hi ? `5x${instance.lo}` : `5x${instance.lo}..5x${instance.hi}`;
  lines.push(`${widths}: ${summary.subsets} of ${summary.tried} piece sets tile, ${summary.solutions} solutions, ${summary.tries} tries`);
  return lines.join('\n');
}

/** The Katamino plugin: tile a 5 x N board, sweep every N-piece set, play the booklet's challenges, make and grade puzzles. */
export default definePlugin<KataminoInstance, KataminoSolution, KataminoState>({
  id: 'katamino',
  title: 'Katamino',
  description: "KATAMINO: fill a 5 x N board with N chosen pentominoes; sweep every N-piece set; play the booklet's challenges.",
  version: manifest.version,
  options: [
    {
      name: 'pieces',
      short: 'p',
      type: 'letters',
      letters: 'FILNPTUVWXYZ',
      placeholder: 'LNPUVY',
      help: 'the pieces, 3 to 12 different letters from FILNPTUVWXYZ; the board is 5 x (number of pieces)',
    },
    {
      name: 'n',
      type: 'string',
      placeholder: '3-12',
      help: 'try every set of N pieces on the 5 x N board (or every N in a range A-B); one result per set that tiles',
    },
    {
      name: 'challenge',
      type: 'string',
      placeholder: 'small-slam:A',
      help: "the booklet's challenges: small-slam, slam or ultimate, optionally one row (:A); upright I not allowed",
    },
    { name: 'all', type: 'boolean', default: false, help: 'count every tiling, mirror images and turns included' },
    { name: 'horizontal-i', type: 'boolean', default: false, help: "the booklet's rule: the I piece may only lie horizontally (always on with --challenge)" },
  ],
  input: {
    formats: ['katamino-text'],
    required: false,
    help: 'a challenge: a line "pieces LETTERS", then the 5 x N board with laid pieces as their letters (or no board: the set alone)',
  },
  examples: ['--pieces LNPUVY', '--n 5 --json', '--n 3-12 --count', '--challenge small-slam:A', '--pieces FILNPTUVWXYZ --all --count'],
  samples: [
    { name: 'lnpuvy', title: 'Pieces LNPUVY on 5x6', options: { pieces: 'LNPUVY' } },
    { name: 'all-12', title: 'All twelve pieces on 5x12', options: { pieces: 'FILNPTUVWXYZ' } },
    { name: 'sweep-5', title: 'Every 5-piece set on 5x5', options: { n: '5' } },
    { name: 'small-slam-a', title: "The booklet's Small Slam, row A", options: { challenge: 'small-slam:A' } },
  ],
  palette: PENTOMINO_PALETTE,
  play,
  // Challenges (make.ts): pieces laid on a set's tiling, or the booklet's form, a set with one
  // tiling; graded as @kit/pentomino grades its challenges (grade.ts).
  generator: {
    levels: CHALLENGE_LEVELS,
    size: { default: '5x8', min: 3, max: 12, presets: ['5x5', '5x6', '5x7', '5x8', '5x9', '5x10', '5x11', '5x12'] },
    parameters: [
      {
        name: 'form',
        type: 'enum',
        choices: ['laid', 'set'],
        default: 'laid',
        help: "laid: some pieces already on the board, the rest go in one way; set: the booklet's form, a set of pieces with one tiling",
      },
    ],
  },
  grader: { levels: CHALLENGE_LEVELS },
  parse: (options, input) => parseInstance(options, input),
  solver: () => import('./solver.js').then((m) => m.solver),
  view: viewKatamino,
  summarize,
});
