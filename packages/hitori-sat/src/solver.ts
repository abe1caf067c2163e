import type { SolveContext, Solver, Summary } from '@kit/core';
import { encodeRules, searchHitori } from './encode.js';
import { fillPattern } from './fill.js';
import { formatPencilBox } from './formats/pencilbox.js';
import { formatPlainGrid } from './formats/plain.js';
import { formatPuzzLink } from './formats/puzzlink.js';
import { formatSugar } from './formats/sugar.js';
import { generateHitori } from './generate.js';
import { generatePuzzle, gradeInstance } from './make.js';
import type { HitoriInstance, HitoriSolution } from './instance.js';
import { numberRows, shadingRows, type Hitori } from './model.js';
import { checkWritable, writeOutput } from './output.js';
import { formatDimacs } from './sat/dimacs.js';
import { backendFactory } from './sat/backends.js';
import { CdclSolver } from './sat/cdcl.js';

type Ctx = SolveContext<HitoriSolution, HitoriSolution>;

function puzzleText(instance: HitoriInstance, puzzle: Hitori, shaded?: Uint8Array): string {
  switch (instance.emit ?? 'pencilbox') {
    case 'puzz.link':
      return `${formatPuzzLink(puzzle.width, puzzle.height, puzzle.numbers)}\n`;
    case 'grid':
      return formatPlainGrid(puzzle.width, puzzle.numbers);
    case 'sugar':
      return instance.mode === 'fill' ? formatSugar(puzzle.width, puzzle.height, instance.pattern.labels) : '';
    default:
      return formatPencilBox(puzzle.width, puzzle.height, puzzle.numbers, shaded);
  }
}

/** Where the text goes: the -o file if given (then the summary names it), else the summary when --emit asked. */
async function deliver(instance: HitoriInstance, text: string, summary: Summary): Promise<void> {
  if (instance.output) {
    await writeOutput(instance.output, text, instance.force);
    summary.wrote = instance.output;
  } else if (instance.emit) {
    summary.text = text;
  }
}

/**
 * `--dimacs`: rules 1-2 and every connectivity cut the search needed to find the solutions and
 * prove uniqueness. Connectivity itself is not fully encoded (that is the point of lazy cuts), so
 * another solver's model of this file may still be disconnected; the comment says so.
 */
async function writeDimacs(instance: HitoriInstance, puzzle: Hitori, cutClauses: number[][]): Promise<void> {
  if (!instance.dimacs) return;
  const sat = new CdclSolver(true);
  encodeRules(puzzle, sat);
  const comments = [
    `hitori ${puzzle.width}x${puzzle.height}: variable k = the k-th numbered cell in reading order is shaded`,
    `rules 1-2 plus ${cutClauses.length} connectivity cuts; a model may still be disconnected: cut it and solve again`,
  ];
  await writeOutput(instance.dimacs, formatDimacs(sat.numVars, [...sat.clauses, ...cutClauses], comments), instance.force);
}

async function solve(instance: HitoriInstance, ctx: Ctx): Promise<Summary> {
  // Refuse to overwrite before spending any time searching.
  if (instance.output) await checkWritable(instance.output, instance.force);
  if (instance.dimacs) await checkWritable(instance.dimacs, instance.force);
  const backend = await backendFactory(instance.satSolver);

  if (instance.mode === 'generate') {
    // Always the embedded solver: which second solution a backend finds steers the repairs, and a
    // seed must give the same puzzle everywhere.
    const { puzzle, shaded } = generateHitori(instance.width, instance.height, instance.seed, () => new CdclSolver());
    if (ctx.wantSolutions) ctx.solution({ shaded: shadingRows(puzzle.width, shaded), numbers: numberRows(puzzle) });
    const summary: Summary = { solutions: 1, unique: true, board: `${puzzle.width}x${puzzle.height}`, seed: instance.seed };
    if (instance.dimacs) await writeDimacs(instance, puzzle, searchHitori(puzzle, new CdclSolver(), { maxSolutions: 2 }).cutClauses);
    await deliver(instance, puzzleText(instance, puzzle), summary);
    return summary;
  }

  if (instance.mode === 'fill') {
    const { pattern } = instance;
    const board = `${pattern.width}x${pattern.height}`;
    const filled = fillPattern(pattern, backend);
    if (!filled.ok) {
      const lines = [
        ...(filled.rows.length ? [`row${filled.rows.length > 1 ? 's' : ''} ${filled.rows.join(', ')}`] : []),
        ...(filled.columns.length ? [`column${filled.columns.length > 1 ? 's' : ''} ${filled.columns.join(', ')}`] : []),
      ];
      const n = Math.max(pattern.width, pattern.height);
      const message = filled.undecided
        ? String(filled.message)
        : filled.message
          ? `no filling exists: ${filled.message}`
          : `no filling exists: ${lines.join(' and ')} cannot all take different numbers from 1 to ${n}`;
      return { solutions: 0, unique: null, board, message, faultRows: filled.rows, faultColumns: filled.columns };
    }
    const puzzle: Hitori = { width: pattern.width, height: pattern.height, numbers: filled.numbers };
    const sat = backend();
    const found = searchHitori(puzzle, sat, { maxSolutions: 2 });
    const numbers = numberRows(puzzle);
    const first = found.solutions[0];
    if (ctx.wantSolutions) ctx.solution({ numbers, ...(first ? { shaded: shadingRows(puzzle.width, first) } : {}) });
    const summary: Summary = {
      solutions: 1,
      unique: found.solutions.length === 1,
      hitoriSolutions: found.solutions.length,
      board,
    };
    const second = found.solutions[1];
    if (second) {
      summary.second = shadingRows(puzzle.width, second);
      summary.numbers = numbers;
    }
    await writeDimacs(instance, puzzle, found.cutClauses);
    await deliver(instance, puzzleText(instance, puzzle), summary);
    return summary;
  }

  const { puzzle } = instance;
  const limit = ctx.limit;
  // Show two solutions by default (the second proves non-uniqueness) or --limit N; look for one
  // more than that, so the summary can say whether the list is complete.
  const shown = instance.firstOnly ? 1 : Math.max(1, limit ?? 2);
  const sat = backend();
  const numbers = numberRows(puzzle);
  let emitted = 0;
  const found = searchHitori(puzzle, sat, {
    maxSolutions: instance.firstOnly ? 1 : Math.max(2, shown + 1),
    onSolution: (shaded) => {
      if (emitted++ < shown && ctx.wantSolutions) ctx.solution({ shaded: shadingRows(puzzle.width, shaded), numbers });
    },
    onModel: (shaded, counters) => {
      if (ctx.wantProgress && ctx.progressDue()) ctx.progress({ shaded: shadingRows(puzzle.width, shaded), numbers }, counters);
    },
    shouldStop: () => ctx.signal.aborted,
    ...(instance.fixed ? { fixed: instance.fixed } : {}),
  });
  const total = found.solutions.length;
  const summary: Summary = {
    solutions: Math.min(total, shown),
    unique: instance.firstOnly && total > 0 ? null : total === 1,
    complete: found.exhausted && total <= shown,
    board: `${puzzle.width}x${puzzle.height}`,
    backend: sat.name,
    cuts: found.cuts,
    satCalls: found.satCalls,
  };
  await writeDimacs(instance, puzzle, found.cutClauses);
  if (instance.output || instance.emit) await deliver(instance, puzzleText(instance, puzzle, found.solutions[0]), summary);
  return summary;
}

/** The plugin's solver: `kit run` (a puzzle, `--fill`, `--generate`), `kit generate` and `kit grade`. */
export const solver: Solver<HitoriInstance, HitoriSolution> = { solve, generate: generatePuzzle, grade: gradeInstance };
