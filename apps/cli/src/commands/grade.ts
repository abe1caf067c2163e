// `kit grade <id> FILE`: the puzzle read as `kit run` reads its file, parsed by the plugin (a
// `kit generate` header line reads as blank), graded in a worker thread; one line, the grade, or
// the solving path first (--steps), or JSON lines (--json).
import { isInputError, type ParsedOptions, type TextFile } from '@kit/core';
import { gradeLine, type Grade, type GradeStep, MakerClient } from '@kit/core/make';
import { parseOptions, type AnyPlugin } from '@kit/core/host';
import { safeLine } from '@kit/core/messages';
import { nodeWorkers } from '@kit/core/node';
import { discover, findPlugin } from '../discovery.js';
import { EXIT, UsageError } from '../errors.js';
import { readTextFile } from '../files.js';
import { abilities, buildMakeCommand, parseMakeArguments, splitMakeArguments } from '../make-command.js';
import { PluginFault } from '../plugin-fault.js';
import type { MakeContext } from './generate.js';

/** `  3. hidden single (easy): r1c6 is 8: the only place for 8 in box 2.`, numbers right-aligned. */
export function stepLine(step: GradeStep, index: number, total: number): string {
  return `${String(index + 1).padStart(String(total).length + 2)}. ${safeLine(`${step.rule} (${step.level}): ${step.text}`)}`;
}

/** The JSON lines: one a step, then the grade (its level, its size, its steps counted by level). */
function jsonLines(grade: Grade, levels: readonly string[]): string {
  const lines = grade.steps.map((step, index) => ({ type: 'step', index: index + 1, ...step }));
  const counts: Record<string, number> = {};
  for (const level of levels) {
    const count = grade.steps.filter((step) => step.level === level).length;
    if (count > 0) counts[level] = count;
  }
  const summary = { type: 'grade', size: grade.size, level: grade.level, steps: grade.steps.length, counts, line: gradeLine(grade, levels) };
  return [...lines, summary].map((line) => `${JSON.stringify(line)}\n`).join('');
}

function parseWith(plugin: AnyPlugin, options: ParsedOptions, input: TextFile): unknown {
  try {
    return plugin.parse(options, input);
  } catch (error) {
    if (isInputError(error)) throw error;
    throw new PluginFault(plugin.id, error, 'parse');
  }
}

/** `kit grade <words>`; resolves to the exit code. */
export async function gradeCommand(args: readonly string[], context: MakeContext): Promise<number> {
  const { id, plugins, rest } = splitMakeArguments('grade', args);
  if (id === undefined) {
    if (rest.includes('-h') || rest.includes('--help')) {
      process.stdout.write('Usage: kit grade <id> <file> [--steps] [--json]\n\nkit grade <id> --help shows its levels; kit list shows the plugins.\n');
      return EXIT.ok;
    }
    throw new UsageError('kit grade needs a plugin id (see kit list)');
  }
  const found = await findPlugin(await discover(plugins, id), id);
  const { plugin } = found;
  if (!plugin.grader) throw new UsageError(`kit grade ${id}: ${id} has no grader (it has: ${abilities(plugin)})`);
  if (!plugin.input) throw new UsageError(`kit grade ${id}: ${id} reads no puzzle file, so there is nothing to grade`);
  const parsed = parseMakeArguments(buildMakeCommand('grade', plugin), rest);
  if (typeof parsed === 'number') return parsed;
  const [file, ...extra] = parsed.args;
  if (file === undefined) throw new UsageError(`kit grade ${id} needs a file (${plugin.input.formats.join(', ')})`);
  if (extra.length > 0) throw new UsageError(`kit grade ${id} takes one file argument (got also ${JSON.stringify(extra[0])})`);
  const input = await readTextFile(file, context.cwd, { maxBytes: plugin.input.maxBytes, gzip: plugin.input.gzip });
  const instance = parseWith(plugin, parseOptions(plugin.options, {}), input);

  const client = new MakerClient({ moduleUrl: found.moduleUrl, pluginId: plugin.id, workers: nodeWorkers() });
  const onSigint = () => {
    client.close();
    process.exit(EXIT.interrupted);
  };
  process.on('SIGINT', onSigint);
  let grade: Grade;
  try {
    grade = await client.grade(instance);
  } catch (error) {
    // The grader's InputError is the user's puzzle (no solution, say): exit 2.
    if (isInputError(error)) throw error;
    throw new PluginFault(plugin.id, error);
  } finally {
    client.close();
    process.off('SIGINT', onSigint);
  }
  const levels = plugin.grader.levels;
  if (parsed.opts['json'] === true) {
    process.stdout.write(jsonLines(grade, levels));
  } else {
    const steps = parsed.opts['steps'] === true ? grade.steps.map((step, index) => `${stepLine(step, index, grade.steps.length)}\n`).join('') : '';
    process.stdout.write(`${steps}${safeLine(gradeLine(grade, levels))}\n`);
  }
  return EXIT.ok;
}
