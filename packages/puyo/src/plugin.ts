// The plugin description: cheap to import; the simulator and solver load lazily.
// The version users see is the package's own, so changesets' bumps reach `kit list` too.
import manifest from '../package.json' with { type: 'json' };
import { InputError, definePlugin, type ParsedOptions, type TextFile } from '@kit/core';
import { simulate } from './chain.js';
import { fieldEditor, samples } from './editor.js';
import { ROWS } from './field.js';
import { MAX_PAIRS, parsePairs, parseGoal } from './nazo.js';
import { decodeNazoLink, isNazoLink } from './nazo-link.js';
import { readNazoFile } from './nazo-file.js';
import { nazoGenerator } from './nazo-generator-spec.js';
import { NAZO_LEVELS } from './nazo-levels.js';
import { play } from './play.js';
import { decodeShareString } from './share.js';
import { summarize } from './summary.js';
import type { PuyoInstance, PuyoState } from './types.js';
import { PUYO_PALETTE, viewField } from './view.js';

/** A share string that names Puyo Nexus (read as a plain field even when it has `_` in it). */
const isNexus = (url: string) => /puyonexus|chainsim|(^|[?&])chain=|^\?\?/.test(url.trim());
/** `--url` takes a link that names its site (or a `chain=` / `=` field), so a stray word is not read as a field. */
const namesItsSite = (url: string) => isNexus(url) || /puyop\.com\/s\/|\/pn\.html\?|^=/.test(url.trim());
/** A puyop.com (or ishikawapuyo.net, ips.karou.jp) link with a goal after `__`: a chain puzzle. */
const holdsPuzzle = (url: string) => !isNexus(url) && namesItsSite(url) && isNazoLink(url) && /__/.test(url);

/** The plugin's parse: a field file or `--url` to a replay, or with `--nazo` (or a nazo link) a chain puzzle; InputError on bad input. */
export function parseInstance(options: ParsedOptions, input?: TextFile): PuyoInstance {
  const url = typeof options.url === 'string' && options.url.trim() !== '' ? options.url : undefined;
  if (input && url) throw new InputError('give a field file or --url, not both');
  if (!input && !url) throw new InputError('give a field (a file, or drawn in the page) or --url with a puyop.com or Puyo Nexus link');
  if (url && !namesItsSite(url)) {
    const shown = url.trim().length > 40 ? `${url.trim().slice(0, 40)}...` : url.trim();
    throw new InputError(
      `--url: ${JSON.stringify(shown)} is not a puyop.com or Puyo Nexus link (https://puyop.com/s/... or https://puyonexus.com/chainsim/?chain=...)`,
    );
  }
  const pairs = typeof options.pairs === 'string' ? options.pairs : undefined;
  const goal = typeof options.goal === 'string' ? options.goal : undefined;
  // A chain puzzle reads the pairs and goal a link carries (unless the flags give them); a replay only its field.
  const link =
    options.nazo && url && !isNexus(url) && isNazoLink(url) ? decodeNazoLink(url, { pairs: pairs === undefined, goal: goal === undefined }) : undefined;
  // A file may carry its puzzle's pairs and goal (as `kit generate` writes it): a chain puzzle then.
  const file = input ? readNazoFile(input.text, input.name) : undefined;
  const field = file ? file.field : link ? link.field : decodeShareString(url!);
  const fromFile = file && (file.pairs !== undefined || file.goal !== undefined) ? { pairs: file.pairs, goal: file.goal } : undefined;
  if (!options.nazo && !fromFile) {
    if (pairs !== undefined || goal !== undefined || options.all === true)
      throw new InputError('--pairs, --goal and --all belong to a chain puzzle: add --nazo');
    return { mode: 'replay', field };
  }
  // The flags win over what a nazo link carries, so a pasted puzzle can be varied.
  const puzzlePairs = pairs !== undefined ? parsePairs(pairs) : link && link.pairs.length > 0 ? link.pairs : fromFile?.pairs;
  const puzzleGoal = goal !== undefined ? parseGoal(goal) : link ? link.goal : fromFile?.goal;
  if (!puzzlePairs) throw new InputError('--nazo needs --pairs (e.g. --pairs RG,BY,RR) or a nazo link with pairs (https://puyop.com/s/FIELD_PAIRS__GOAL)');
  if (!puzzleGoal) throw new InputError('--nazo needs --goal (e.g. chains=2, chains>=3, clear:R, all-clear) or a nazo link with a goal (..._PAIRS__u02)');
  // A field where column 3 is full to row 12 once it settles is lost before the first pair.
  const settled = simulate(field).field;
  if (settled.rows[ROWS - 12]![2] !== '.') throw new InputError('the field is already game over: column 3 is filled to row 12, so no pair can be placed');
  return { mode: 'nazo', field, pairs: puzzlePairs, goal: puzzleGoal, all: options.all === true };
}

/** The Puyo plugin: replays chains with Tsu scores, solves and makes chain puzzles, plays Tokopuyo. */
export default definePlugin<PuyoInstance, unknown, PuyoState>({
  id: 'puyo',
  title: 'Puyo Puyo chains',
  description: 'Simulates Puyo Puyo Tsu chains with exact scores, animated step by step, and solves chain puzzles (nazo puyo).',
  version: manifest.version,
  options: [
    {
      name: 'url',
      type: 'string',
      placeholder: 'puyop.com or Puyo Nexus link',
      help: 'read the field from a puyop.com or Puyo Nexus link instead of a file; a puyop.com nazo link also gives --nazo its pairs and goal',
      // A pasted chain puzzle is solved as one (the web page turns --nazo on as the link is pasted).
      implies: (url) => (holdsPuzzle(url) ? { nazo: true } : undefined),
    },
    {
      name: 'nazo',
      type: 'boolean',
      default: false,
      help: 'solve a chain puzzle: the placements of --pairs that meet --goal (the best answer, or every one with --all)',
    },
    { name: 'pairs', type: 'string', placeholder: 'RG,BY,RR', help: `the pairs to place, in order (axis colour first; at most ${MAX_PAIRS})` },
    {
      name: 'goal',
      type: 'string',
      placeholder: 'chains=N|chains>=N|clear:R|puyos:R>=N|...',
      help: 'what a chain puzzle asks for: KIND=N or KIND>=N (chains, colours, total-colours; puyos, groups, connected, total-puyos with :COLOUR), clear[:COLOUR], all-clear, or chains=N+clear; a nazo link carries its own',
    },
    { name: 'all', type: 'boolean', default: false, help: 'list every answer of a chain puzzle, not only the best' },
  ],
  input: {
    formats: ['puyo-field'],
    required: false,
    help: 'a Puyo field: up to 14 lines of R G B Y P, O (garbage), space or . (empty); the last line is the floor',
  },
  // Paths are relative to this package (examples/ ships with it).
  examples: [
    'examples/seq19.dat',
    'examples/seq19.dat -q',
    "--url 'https://puyop.com/s/420Aa9r9hj'",
    "examples/two-chain.txt --nazo --pairs GY --goal 'chains>=2'",
    "--nazo --url 'https://puyop.com/s/x00900z00A40j1gr29h1hi9i_c1c1__u02'",
  ],
  samples,
  editors: [fieldEditor],
  play,
  palette: PUYO_PALETTE,
  // Shown large while a chain plays: the chain so far and the running score (`total` in each pop step).
  counters: [
    { label: 'chain', step: 'chain', summary: 'chains' },
    { label: 'points', step: 'total', summary: 'score' },
  ],
  parse: parseInstance,
  generator: nazoGenerator,
  grader: { levels: NAZO_LEVELS },
  solver: () => import('./solver.js').then((m) => m.solver),
  view: (state, options) => viewField(state as PuyoState, options?.index),
  summarize: (summary) => summarize(summary),
});
