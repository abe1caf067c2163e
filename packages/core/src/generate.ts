// Making and grading puzzles: what a plugin declares (its generator's levels, sizes and parameters,
// its grader's levels) and what its solver returns. The heavy work lives in the solver module, so it
// runs where searches run (a worker); the description here stays cheap to import.
import type { OptionSpec, ParsedOptions } from './options.js';
import type { PlayMove } from './play/spec.js';

/** The sizes a generator makes: `--size WxH` (or `WxHxD` with three dimensions). */
export interface GeneratorSizeSpec {
  /** The size when none is asked for, as it is written: `10x10`. */
  default: string;
  /** 2 (default) or 3 numbers in a size. */
  dimensions?: 2 | 3;
  /** Each number of a size within these bounds (the plugin may still refuse a size, with a reason). */
  min: number;
  /** The largest each number of a size may be. */
  max: number;
  /** Sizes a host offers in a menu (the page's New game), the default among them. */
  presets?: readonly string[];
}

/** A plugin's generator, as hosts see it before loading the solver. */
export interface GeneratorSpec {
  /** Difficulty levels, easiest first: `--difficulty LEVEL`. */
  levels: readonly string[];
  /** The level when none is asked for (default: the first). */
  defaultLevel?: string;
  /** Absent: the generator takes no `--size`. */
  size?: GeneratorSizeSpec;
  /** More named parameters, parsed as options are (`--fill PATTERN`, `--goal chain`, `--pairs 3`). */
  parameters?: readonly OptionSpec[];
  /**
   * Formats `--emit FORMAT` takes besides the plugin's own text format (the default, which its parser
   * reads): `puzz.link`, `puyop`. A generated puzzle carries each in `formats`.
   */
  emits?: readonly string[];
}

/** What a host asks the generator for. Everything it returns must follow from this alone. */
export interface GenerateRequest {
  /** A 32-bit unsigned seed: the same request gives the same puzzle on every machine. */
  seed: number;
  /** The level asked for (`--difficulty`), one of the generator's levels. */
  difficulty: string;
  /** The size's numbers (`[10, 10]`), or undefined when the generator takes no size. */
  size?: readonly number[];
  /** The generator's `parameters`, parsed. */
  parameters: ParsedOptions;
}

/** What a host gives a running generator: a way to stop it and a place to report its progress. */
export interface GenerateContext {
  /** Aborted when the user gives up (Ctrl-C, Cancel): stop and throw or return what is there. */
  signal?: AbortSignal;
  /** Now and then: how many candidates were tried so far, for a progress line. */
  progress?(tries: number): void;
}

/** A made puzzle: an input the plugin's own parser reads. */
export interface GeneratedPuzzle {
  /** The positional input file, in the plugin's text format. */
  input: string;
  /** The size as it is written (`10x10`). */
  size: string;
  /** The level it reached, one of the generator's levels. */
  difficulty: string;
  /** The same puzzle in the generator's other formats (`emits`), by format name. */
  formats?: Readonly<Record<string, string>>;
  /** Candidates tried before this one was kept. */
  tries?: number;
  /**
   * The puzzle as a host with a form opens it (the page's Play), when `input` holds more than the
   * plugin's editor reads: Puyo's file ends in `pairs:` and `goal:` lines, its form takes the field
   * alone and those as options. Hosts that take a file (the CLI) use `input`.
   */
  form?: GeneratedForm;
}

/** A made puzzle as an input and options, each read as a plugin's example gives them. */
export interface GeneratedForm {
  /** The positional input, as the plugin's editor reads it; none when the options hold the puzzle. */
  input?: string;
  /** Options by name, as an example's options. */
  options: Readonly<Record<string, string | number | boolean>>;
}

/** A plugin's grader, as hosts see it before loading the solver. */
export interface GraderSpec {
  /** The levels a grade can name, easiest first. */
  levels: readonly string[];
}

/** One deduction of a solving path. */
export interface GradeStep {
  /** The deduction's name (`sandwich`, `hidden single`, `forced piece`). */
  rule: string;
  /** The easiest level that has this deduction. */
  level: string;
  /** One sentence a person can follow: `r3c4 is shaded: a 5 sits on each side of it in row 3.` */
  text: string;
  /** The cells it decides, as the play board numbers them (row by row). */
  cells: readonly number[];
  /** The play moves that make its decisions on the board, in the order a person would make them. */
  moves?: readonly PlayMove[];
}

/** A grade: a level and how a person gets there. */
export interface Grade {
  /** The size as it is written (`10x10`). */
  size: string;
  /** The lowest level whose deductions solve it. */
  level: string;
  /** The solving path, in order. */
  steps: readonly GradeStep[];
}

/**
 * The comment line `kit generate` writes above each puzzle: `# ID SIZE DIFFICULTY SEED`. Parsers skip
 * it (see skipGeneratedHeader).
 */
export function generatedHeader(pluginId: string, puzzle: Pick<GeneratedPuzzle, 'size' | 'difficulty'>, seed: number): string {
  return `# ${pluginId} ${puzzle.size} ${puzzle.difficulty} ${seed}`;
}

const HEADER = /^# [a-z][a-z0-9-]* \S+ \S+ \d+[ \t]*\r?$/;

/** The header's fields, when `line` is one: what a host needs to reopen the same puzzle. */
export function readGeneratedHeader(line: string): { pluginId: string; size: string; difficulty: string; seed: number } | undefined {
  if (!HEADER.test(line)) return undefined;
  const [, pluginId, size, difficulty, seed] = line.trim().split(' ') as [string, string, string, string, string];
  return { pluginId, size, difficulty, seed: Number(seed) };
}

/**
 * The text with its leading `kit generate` header lines blanked (kept as empty lines, so the line
 * numbers of an error stay those of the file). For a parser to call first.
 */
export function skipGeneratedHeader(text: string): string {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && HEADER.test(lines[i]!); i++) lines[i] = '';
  return lines.join('\n');
}

/** A grade's one line: `10x10: tricky (31 steps: 24 easy, 7 tricky)`. */
export function gradeLine(grade: Grade, levels: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const step of grade.steps) counts.set(step.level, (counts.get(step.level) ?? 0) + 1);
  const parts = [...levels, ...[...counts.keys()].filter((level) => !levels.includes(level))]
    .filter((level) => counts.has(level))
    .map((level) => `${counts.get(level)} ${level}`);
  const steps = `${grade.steps.length} step${grade.steps.length === 1 ? '' : 's'}`;
  return `${grade.size}: ${grade.level} (${parts.length === 0 ? steps : `${steps}: ${parts.join(', ')}`})`;
}

/**
 * The seed of the day's puzzle of a plugin: the same for everyone on that UTC day, made from the date
 * alone (FNV-1a of `ID YYYY-MM-DD`), so the page needs no server to agree on it.
 */
export function dailySeed(pluginId: string, date: Date): number {
  const day = date.toISOString().slice(0, 10);
  let hash = 0x811c9dc5;
  for (const char of `${pluginId} ${day}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A size as a generator takes it (`10x10`, `3x4x5`), or why it is not one: hosts read `--size` with it. */
export function readGeneratorSize(text: string, spec: GeneratorSizeSpec): number[] | string {
  const dimensions = spec.dimensions ?? 2;
  const shape = dimensions === 3 ? 'WxHxD' : 'WxH';
  if (!new RegExp(`^\\d{1,4}(x\\d{1,4}){${dimensions - 1}}$`).test(text)) return `size must be ${shape} (got ${JSON.stringify(text)})`;
  const numbers = text.split('x').map(Number);
  if (numbers.some((n) => n < spec.min || n > spec.max)) return `size ${text}: each side must be ${spec.min} to ${spec.max}`;
  return numbers;
}
