// The plugin description: cheap to import; the simulator and solver load lazily.
// The version users see is the package's own, so changesets' bumps reach `kit list` too.
import manifest from '../package.json' with { type: 'json' };
import { InputError, definePlugin } from '@kit/core';
import type { ParsedOptions, TextFile } from '@kit/core';
import { fieldEditor, samples } from './editor.js';
import { parsePairs, parseGoal } from './nazo.js';
import { parseField } from './parse.js';
import { decodeShareString } from './share.js';
import { summarize } from './summary.js';
import type { PuyoInstance, PuyoState } from './types.js';
import { PUYO_PALETTE, viewField } from './view.js';

export function parseInstance(options: ParsedOptions, input?: TextFile): PuyoInstance {
  const url = typeof options.url === 'string' && options.url.trim() !== '' ? options.url : undefined;
  if (input && url) throw new InputError('give a field file or --url, not both');
  if (!input && !url) throw new InputError('give a field file (kit run puyo FIELD) or --url with a puyop.com or Puyo Nexus link');
  const field = input ? parseField(input.text, input.name) : decodeShareString(url!);
  const pairs = typeof options.pairs === 'string' ? options.pairs : undefined;
  const goal = typeof options.goal === 'string' ? options.goal : undefined;
  if (!options.nazo) {
    if (pairs !== undefined || goal !== undefined) throw new InputError('--pairs and --goal belong to a chain puzzle: add --nazo');
    return { mode: 'replay', field };
  }
  if (pairs === undefined) throw new InputError('--nazo needs --pairs, e.g. --pairs RG,BY,RR');
  if (goal === undefined) throw new InputError('--nazo needs --goal: chains>=N, all-clear or clear-colour=R');
  return { mode: 'nazo', field, pairs: parsePairs(pairs), goal: parseGoal(goal) };
}

export default definePlugin<PuyoInstance, unknown, PuyoState>({
  id: 'puyo',
  title: 'Puyo Puyo chains',
  description: 'Simulates Puyo Puyo Tsu chains with exact scores, animated step by step, and solves chain puzzles (nazo puyo).',
  version: manifest.version,
  options: [
    { name: 'url', type: 'string', placeholder: 'puyop.com or Puyo Nexus link', help: 'read the field from a puyop.com or Puyo Nexus share string instead of a file' },
    { name: 'nazo', type: 'boolean', default: false, help: 'solve a chain puzzle: find every placement sequence of --pairs that meets --goal' },
    { name: 'pairs', type: 'string', placeholder: 'RG,BY,RR', help: 'the pairs to place, in order (axis colour first)' },
    { name: 'goal', type: 'string', placeholder: 'chains>=N|all-clear|clear-colour=R', help: 'what a chain puzzle asks for' },
  ],
  input: { formats: ['puyo-field'], required: false, help: 'a Puyo field: up to 14 lines of R G B Y P, O (garbage), space or . (empty); the last line is the floor' },
  // Paths are relative to this package (examples/ ships with it).
  examples: [
    'examples/seq19.dat',
    'examples/seq19.dat -q',
    "--url 'https://puyop.com/s/420Aa9r9hj'",
    "examples/two-chain.txt --nazo --pairs GY --goal 'chains>=2'",
  ],
  samples,
  editors: [fieldEditor],
  palette: PUYO_PALETTE,
  parse: parseInstance,
  solver: () => import('./solver.js').then((m) => m.solver),
  view: (state, options) => viewField(state as PuyoState, options?.index),
  summarize: (summary) => summarize(summary),
});
