// The version users see is the package's own, so changesets' bumps reach `kit list` too.
import manifest from '../package.json' with { type: 'json' };
import { definePlugin, type Frame, type Summary } from '@kit/core';
import { output, patternEditor, puzzleEditor, samples } from './editor.js';
import { INPUT_FORMATS } from './formats/parsed.js';
import { EMIT_FORMATS, parseInstance, type HitoriInstance, type HitoriSolution } from './instance.js';
import { MAKE_MAX_SIDE, MAKE_MIN_SIDE } from './model.js';
import { play } from './play.js';

function view(solution: HitoriSolution): Frame {
  const height = solution.numbers.length;
  const width = solution.numbers[0]?.length ?? 0;
  const cells = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const n = solution.numbers[y]![x]!;
      const shaded = solution.shaded?.[y]?.[x] === '#';
      cells.push({ fill: shaded ? 'shaded' : 'unshaded', ...(n > 0 ? { label: String(n) } : {}) });
    }
  }
  return { width, height, cells };
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The Hitori status of a search: unique, not unique, none, or unchecked. */
function status(summary: Summary): string {
  const n = summary.solutions;
  if (summary.unique === true) return 'unique solution';
  if (n === 0) return 'no solution';
  if (summary.unique === null) return `${count(n, 'solution')} (uniqueness not checked)`;
  if (summary.complete === false) return `${count(n, 'solution')} shown, more exist (not unique)`;
  return `${count(n, 'solution')} (not unique)`;
}

function drawShading(numbers: number[][], shaded: string[]): string[] {
  const wide = numbers.flat().reduce((most, n) => Math.max(most, String(n).length), 1);
  return numbers.map((row, y) =>
    row.map((n, x) => (shaded[y]![x] === '#' ? '#'.repeat(wide) : n > 0 ? String(n).padStart(wide) : '.'.padStart(wide))).join(' '),
  );
}

function summarize(summary: Summary, instance: HitoriInstance): string {
  const lines: string[] = [];
  if (typeof summary.text === 'string' && !summary.wrote) lines.push(summary.text.replace(/\n$/, ''));
  const board = String(summary.board);
  const wrote = typeof summary.wrote === 'string' ? `, wrote ${summary.wrote}` : '';
  if (instance.mode === 'fill') {
    if (summary.solutions === 0) {
      lines.push(`${board}: ${String(summary.message)}`);
      return lines.join('\n');
    }
    const second = summary.second as string[] | undefined;
    const numbers = summary.numbers as number[][] | undefined;
    if (second && numbers) lines.push('a second solution:', ...drawShading(numbers, second));
    const design =
      summary.hitoriSolutions === 0 ? 'the design has no Hitori solution' : summary.unique ? 'the design has a unique solution' : 'the design is not unique';
    lines.push(`${board}: filled, ${design}${wrote}`);
    return lines.join('\n');
  }
  if (instance.mode === 'generate') {
    lines.push(`${board}: generated with seed ${instance.seed}, unique solution${wrote}`);
    return lines.join('\n');
  }
  lines.push(`${board}: ${status(summary)}${wrote}`);
  return lines.join('\n');
}

/** The Hitori plugin: solve with a uniqueness proof, fill a pattern, generate, grade and play. */
export default definePlugin<HitoriInstance, HitoriSolution>({
  id: 'hitori-sat',
  title: 'Hitori (SAT)',
  description: "Solves Hitori and proves uniqueness with an embedded SAT solver; fills a designer's pattern with numbers and generates puzzles.",
  version: manifest.version,
  input: { formats: INPUT_FORMATS, help: 'a Hitori puzzle (PencilBox text, puzz.link URL, Singles game ID or plain grid)' },
  options: [
    {
      name: 'fill',
      type: 'file',
      formats: ['pencilbox', 'grid'],
      help: "fill this designer's pattern with numbers (0 free, equal labels in a line share a number)",
    },
    { name: 'generate', type: 'string', placeholder: 'WxH', help: 'generate a new puzzle with a unique solution' },
    { name: 'seed', type: 'int', min: 0, max: 4294967295, default: 1, help: 'random seed for --generate' },
    { name: 'format', type: 'enum', choices: ['auto', ...INPUT_FORMATS], default: 'auto', help: 'input format (default: detected)' },
    {
      name: 'emit',
      type: 'enum',
      choices: EMIT_FORMATS,
      terminalOnly: true,
      help: "print (or write with -o) the puzzle in this format; sugar = the seed's CSP (with --fill)",
    },
    {
      name: 'output',
      short: 'o',
      type: 'string',
      placeholder: 'FILE',
      terminalOnly: true,
      help: 'write the filled, generated or solved puzzle here (PencilBox unless --emit)',
    },
    { name: 'force', type: 'boolean', default: false, terminalOnly: true, help: 'let -o and --dimacs overwrite an existing file' },
    { name: 'first', type: 'boolean', default: false, help: 'stop at the first solution without proving uniqueness' },
    {
      name: 'sat-solver',
      type: 'string',
      placeholder: 'cdcl|logic-solver|cadical|minisat|PATH',
      default: 'cdcl',
      terminalOnly: true,
      help: 'SAT backend: embedded cdcl (default) or logic-solver, or an external DIMACS solver',
    },
    { name: 'dimacs', type: 'string', placeholder: 'FILE', terminalOnly: true, help: 'write the CNF (with the connectivity cuts the search needed) to FILE' },
  ],
  examples: [
    'puzzle.txt',
    'puzzle.txt --limit 5',
    '--fill pattern.txt -o puzzle.txt',
    '--generate 10x10 --seed 7 --emit puzz.link',
    'url.txt --sat-solver cadical',
  ],
  samples,
  editors: [puzzleEditor, patternEditor],
  play,
  // A cell the player keeps unshaded (circled in play).
  palette: { circled: { ansi256: 223, letter: 'o', ring: true } },
  output,
  parse: parseInstance,
  solver: () => import('./solver.js').then((m) => m.solver),
  generator: {
    levels: ['easy', 'tricky', 'hard'],
    defaultLevel: 'easy',
    size: { default: '10x10', min: MAKE_MIN_SIDE, max: MAKE_MAX_SIDE, presets: ['5x5', '7x7', '10x10', '12x12', '15x15'] },
    parameters: [
      {
        name: 'fill',
        type: 'file',
        formats: ['pencilbox', 'grid'],
        help: "fill this designer's pattern instead: fillings are tried until one has one solution and the level asked for",
      },
    ],
    emits: ['puzz.link', 'singles'],
  },
  grader: { levels: ['easy', 'tricky', 'hard'] },
  view,
  summarize,
  // The search's bookkeeping stays in --json; a person reads the verdict and the board.
  summaryFields: { complete: { internal: true }, cuts: { internal: true }, satCalls: { internal: true }, backend: { label: 'SAT solver' } },
});
