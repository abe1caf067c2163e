// A chain puzzle as one text file: the field as a field file has it, then a `pairs:` line and a
// `goal:` line (what `--pairs` and `--goal` take). `kit generate puyo` writes it and the plugin reads
// it back, so a made puzzle needs no flags.
import { InputError } from '@kit/core';
import type { PuyoField } from './field.js';
import { type Goal, describeGoal } from './goal.js';
import { type Pair, parseGoal, parsePairs } from './nazo.js';
import { formatField, parseField } from './parse.js';

export interface NazoFile {
  field: PuyoField;
  /** Undefined when the file has no `pairs:` line (a plain field file). */
  pairs?: Pair[];
  goal?: Goal;
}

const DIRECTIVE = /^(pairs|goal):(.*)$/i;

/** Reads a field file that may end in `pairs:` and `goal:` lines; errors name the file and line. */
export function readNazoFile(text: string, file?: string): NazoFile {
  const lines = text.split('\n');
  // The directives close the file: the lines before them are the field, as a field file reads.
  let end = lines.length;
  while (end > 0 && /^\s*$/.test(lines[end - 1]!)) end--;
  let first = end;
  while (first > 0 && DIRECTIVE.test(lines[first - 1]!.trim())) first--;
  const found: NazoFile = { field: parseField(lines.slice(0, first).join('\n'), file) };
  for (let i = first; i < end; i++) {
    const [, key, value] = lines[i]!.trim().match(DIRECTIVE)!;
    const name = key!.toLowerCase() as 'pairs' | 'goal';
    const at = { ...(file !== undefined ? { file } : {}), line: i + 1 };
    if (found[name] !== undefined) throw new InputError(`a second ${name}: line`, at);
    try {
      if (name === 'pairs') found.pairs = parsePairs(value!.trim());
      else found.goal = parseGoal(value!.trim());
    } catch (error) {
      // The flags' words, said of the line instead.
      if (error instanceof InputError) throw new InputError(error.message.replace(/^--(pairs|goal): /, `$1: `), at);
      throw error;
    }
  }
  return found;
}

/** The file `readNazoFile` reads back: the field's rows, then the pairs and the goal. */
export function formatNazoFile(field: PuyoField, pairs: readonly Pair[], goal: Goal): string {
  return `${formatField(field)}pairs: ${pairsText(pairs)}\ngoal: ${describeGoal(goal)}\n`;
}

/** Pairs as `--pairs` takes them: `RG,BY,RR`. */
export const pairsText = (pairs: readonly Pair[]): string => pairs.map((pair) => pair.axis + pair.child).join(',');
