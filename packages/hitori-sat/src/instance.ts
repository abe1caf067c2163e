import { InputError, type ParsedOptions, type TextFile } from '@kit/core';
import { skipGeneratedHeader } from '@kit/core/make';
import { firstWrongCell } from './answer-check.js';
import { quote } from './quote.js';
import { parsePuzzleText } from './formats/detect.js';
import { INPUT_FORMATS, type InputFormat } from './formats/parsed.js';
import { GENERATE_MAX_SIDE, type Hitori } from './model.js';
import type { Pattern } from './fill.js';

export const EMIT_FORMATS = ['pencilbox', 'puzz.link', 'grid', 'sugar'] as const;
export type EmitFormat = (typeof EMIT_FORMATS)[number];

interface Common {
  /** `cdcl`, `logic-solver`, or an external DIMACS solver's command or path. */
  satSolver: string;
  output?: string;
  dimacs?: string;
  force: boolean;
  emit?: EmitFormat;
}

/** What the plugin's parse hands the solver: plain data, one of three jobs. */
export type HitoriInstance =
  | (Common & {
      mode: 'solve';
      puzzle: Hitori;
      answer?: number[];
      firstOnly: boolean;
      /** Cells a player has decided (play mode's position): 1 shaded, 2 unshaded, 0 open; one per cell. */
      fixed?: number[];
    })
  | (Common & { mode: 'fill'; pattern: Pattern })
  | (Common & { mode: 'generate'; width: number; height: number; seed: number });

/** A solution as hosts see it: the shading and the numbers, both row by row. */
export interface HitoriSolution {
  /** One string a row, `#` shaded, `.` not; absent for a filling whose design has no Hitori solution. */
  shaded?: string[];
  /** One array a row; 0 for a blank cell. */
  numbers: number[][];
}

function parseSize(text: string): { width: number; height: number } {
  const match = /^\s*(\d+)\s*x\s*(\d+)\s*$/i.exec(text);
  if (!match) throw new InputError(`--generate must be a size like 10x10 (got ${quote(text)})`);
  const width = Number(match[1]);
  const height = Number(match[2]);
  for (const side of [width, height]) {
    if (side < 2 || side > GENERATE_MAX_SIDE) throw new InputError(`--generate sides must be from 2 to ${GENERATE_MAX_SIDE} (got ${quote(text)})`);
  }
  return { width, height };
}

export function parseInstance(options: ParsedOptions, file?: TextFile): HitoriInstance {
  const fill = options.fill as TextFile | undefined;
  const generate = options.generate as string | undefined;
  const jobs = [file ? 'a puzzle file' : '', fill ? '--fill' : '', generate ? '--generate' : ''].filter(Boolean);
  if (jobs.length === 0) throw new InputError('give a puzzle file, --fill PATTERN or --generate WxH');
  if (jobs.length > 1) throw new InputError(`give only one of ${jobs.join(', ')}`);
  const format = (options.format as InputFormat | 'auto' | undefined) ?? 'auto';
  const emit = options.emit as EmitFormat | undefined;
  const common: Common = {
    satSolver: ((options['sat-solver'] as string | undefined) ?? 'cdcl').trim() || 'cdcl',
    force: options.force === true,
    ...(options.output ? { output: options.output as string } : {}),
    ...(options.dimacs ? { dimacs: options.dimacs as string } : {}),
    ...(emit ? { emit } : {}),
  };
  if (emit === 'sugar' && !fill) throw new InputError("--emit sugar writes the seed's CSP for filling a pattern: use it with --fill");
  if (fill) {
    const parsed = parsePuzzleText(fill.text, { file: fill.name, format, pattern: true });
    return { ...common, mode: 'fill', pattern: { width: parsed.width, height: parsed.height, labels: parsed.cells } };
  }
  if (generate) {
    const seed = (options.seed as number | undefined) ?? 1;
    return { ...common, mode: 'generate', ...parseSize(generate), seed };
  }
  // `kit generate` writes `# hitori-sat SIZE LEVEL SEED` above a puzzle; blanked, it keeps the line numbers.
  const parsed = parsePuzzleText(skipGeneratedHeader(file!.text), { file: file!.name, format });
  const puzzle = { width: parsed.width, height: parsed.height, numbers: parsed.cells };
  if (parsed.answer) {
    // An answer block is checked, never trusted: a wrong one is the file's error, at its first wrong mark.
    const wrong = firstWrongCell(puzzle, parsed.answer);
    if (wrong) {
      const x = wrong.cell % parsed.width;
      const y = (wrong.cell - x) / parsed.width;
      throw new InputError(`the answer block is wrong at row ${y + 1}, column ${x + 1}: ${wrong.reason}`, {
        file: file!.name,
        ...parsed.answerAt![wrong.cell]!,
      });
    }
  }
  return {
    ...common,
    mode: 'solve',
    puzzle,
    ...(parsed.answer ? { answer: parsed.answer } : {}),
    firstOnly: options.first === true,
  };
}

export { INPUT_FORMATS };
