// The code blocks of the READMEs, read as a test runs them. Every fenced block names its language:
// `sh` (commands, one a line), `console` (`$ command` lines, each followed by what it prints),
// `ts`/`js` (library examples), or a data language (`text`, `json`) that is not run. A block that
// must not run says why in a comment just above its fence:
//
//   <!-- readme-test: not run: it serves until Ctrl-C -->                  the whole block
//   <!-- readme-test: not run `kit web`, `kit run x ...`: REASON -->        only the line `kit web` and
//                                                                           those starting `kit run x `
//
// A data block (`text`) with `<!-- readme-test: file NAME -->` above its fence is written to NAME
// first, so the commands after it can read it (a board, a piece file as the README shows them).
//
// What a block states is checked:
// - `sh`: each command exits 0; what follows `→` at the end of its `# comment` is a line it prints
//   (`...` stands for any text), as in `kit run pentomino --size 6 --count  # the summary → 6x10: 2339 solutions, ...`;
// - `console`: each command prints exactly the lines below it; a line `...` stands for any lines;
// - `ts`/`js`: a statement's trailing comment that is a value states the statement's value:
//   `pack(...).solutions; // 4040`, `f(); // { solutions: 14, tries, board: '5x6' }` (a bare name:
//   any value; `...` in an object: other keys too; `...` ending an array: more items; `...1009`:
//   1009 items in all; a string ending in `...`: a prefix), `parse('x'); // InputError: "message"`
//   (it throws that), `console.log(a, b); // true [ 1 ]` (the values logged). A comment that is not
//   a value (`// the same link back`) is prose. A block whose first line is `// FILE.ts` is that
//   file of the example: written beside the others (as .js), and run only by importing it.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export interface ReadmeBlock {
  /** Repository path of the README. */
  readme: string;
  /** 1-based line of the block's first line (after the fence). */
  line: number;
  lang: string;
  text: string;
  /** From a `readme-test: not run` comment: the whole block (no prefixes), or the lines each names (a command, or its start then `...`). */
  notRun?: { prefixes: string[]; reason: string };
  /** From a `readme-test: file NAME` comment: the file this data block is. */
  file?: string;
}

const MARKER = /^<!--\s*readme-test:\s*not run\b(.*?)-->\s*$/;
const FILE_MARKER = /^<!--\s*readme-test:\s*file\s+([\w.-]+)\s*-->\s*$/;

/** Every fenced block of a README, with the `not run` comment above it. */
export function readmeBlocks(readme: string, text: string): ReadmeBlock[] {
  const lines = text.split('\n');
  const blocks: ReadmeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end]!)) end++;
    let before = i - 1;
    while (before >= 0 && lines[before]!.trim() === '') before--;
    const marker = before >= 0 ? MARKER.exec(lines[before]!.trim()) : null;
    const block: ReadmeBlock = {
      readme,
      line: start + 1,
      lang: open[2]!,
      text: lines
        .slice(start, end)
        .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
        .join('\n'),
    };
    const file = before >= 0 ? FILE_MARKER.exec(lines[before]!.trim()) : null;
    if (file) block.file = file[1]!;
    if (marker) {
      const rest = marker[1]!.trim();
      const prefixes = [...rest.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
      const reason = rest
        .replace(/`[^`]+`,?\s*/g, '')
        .replace(/^[:\s]+/, '')
        .trim();
      block.notRun = { prefixes, reason };
    }
    blocks.push(block);
    i = end;
  }
  return blocks;
}

export function readmeBlocksOf(path: string, readme: string): ReadmeBlock[] {
  return readmeBlocks(readme, readFileSync(path, 'utf8'));
}

/** Whether a command is the one a `not run` comment names: the same, or, for `start ...`, beginning with `start `. */
export function namesCommand(named: string, command: string): boolean {
  const text = splitComment(command.replace(/^\$\s+/, '')).command.trim();
  return named.endsWith('...') ? text.startsWith(`${named.slice(0, -3).trimEnd()} `) : text === named.trim();
}

/** Whether a line of a block is one its `not run` comment names (or the whole block is). */
export function isNotRun(block: ReadmeBlock, line: string): boolean {
  if (!block.notRun) return false;
  if (block.notRun.prefixes.length === 0) return true;
  return block.notRun.prefixes.some((named) => namesCommand(named, line));
}

// ---------------------------------------------------------------------------------------------
// Shell lines

/** A line's command and its `# comment`, split at the first `#` outside quotes that follows a space. */
export function splitComment(line: string): { command: string; comment: string } {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"') i++;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return { command: line.slice(0, i).trimEnd(), comment: line.slice(i + 1).trim() };
  }
  return { command: line.trimEnd(), comment: '' };
}

export interface ShellLine {
  line: number;
  command: string;
  /** Lines the comment says the command prints (from its backticks). */
  prints: string[];
  notRun: boolean;
}

/** The commands of an `sh` block, one a line (comment lines and blank lines skipped). */
export function shellLines(block: ReadmeBlock): ShellLine[] {
  return block.text.split('\n').flatMap((text, i) => {
    const { command, comment } = splitComment(text);
    if (command === '') return [];
    const prints = /→\s*(.+)$/.exec(comment)?.[1];
    return [{ line: block.line + i, command, prints: prints ? [prints] : [], notRun: isNotRun(block, command) }];
  });
}

export interface SessionCommand {
  line: number;
  command: string;
  /** What it prints, stdout and stderr as a terminal shows them. */
  expected: string[];
  notRun: boolean;
}

/** A `console` block's `$ command` lines, each with the lines shown below it. */
export function sessionCommands(block: ReadmeBlock): SessionCommand[] {
  const commands: SessionCommand[] = [];
  block.text.split('\n').forEach((text, i) => {
    if (text.startsWith('$ ')) commands.push({ line: block.line + i, command: text.slice(2), expected: [], notRun: isNotRun(block, text) });
    else if (commands.length > 0) commands[commands.length - 1]!.expected.push(text);
    else throw new Error(`${block.readme}:${block.line + i}: a console block starts with a \`$ command\` line`);
  });
  return commands;
}

/** A line pattern where `...` stands for any text. */
function linePattern(expected: string): RegExp {
  return new RegExp(
    `^${expected
      .split('...')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}

/** Whether `actual` lines are the `expected` ones, a line `...` standing for any number of lines. */
export function linesMatch(expected: readonly string[], actual: readonly string[]): boolean {
  const match = (e: number, a: number): boolean => {
    if (e === expected.length) return a === actual.length;
    if (expected[e]!.trim() === '...') {
      for (let skip = a; skip <= actual.length; skip++) if (match(e + 1, skip)) return true;
      return false;
    }
    return (
      a < actual.length && (expected[e] === actual[a] || (expected[e]!.includes('...') && linePattern(expected[e]!).test(actual[a]!))) && match(e + 1, a + 1)
    );
  };
  return match(0, 0);
}

/** Whether some line of the output is the stated one (`...` standing for any text). */
export function printsLine(stated: string, output: string): boolean {
  const pattern = linePattern(stated.trim());
  return output.split('\n').some((line) => pattern.test(line.trim()));
}

// ---------------------------------------------------------------------------------------------
// Values stated in comments

export type Pattern =
  | { kind: 'any' }
  | { kind: 'undefined' }
  | { kind: 'value'; value: string | number | boolean | null }
  | { kind: 'prefix'; prefix: string }
  | { kind: 'object'; props: Array<[string, Pattern]>; rest: boolean }
  | { kind: 'array'; items: Pattern[]; rest: boolean; count?: number };

const REST = '__kitRest';
const COUNT = '__kitCount';

/** The text up to the first `:` or `;` outside brackets and quotes: a value and not the prose after it. */
function valuePart(comment: string): string {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < comment.length; i++) {
    const char = comment[i]!;
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"' || char === '`') quote = char;
    else if ('[{('.includes(char)) depth++;
    else if (']})'.includes(char)) depth--;
    else if ((char === ':' || char === ';') && depth === 0) return comment.slice(0, i);
  }
  return comment;
}

/** `...` outside strings as the markers the parser reads: `...N` a count, `...` more of the same. */
function markRests(text: string): string {
  let out = '';
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      out += char;
      if (char === '\\') out += text[++i] ?? '';
      else if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') {
      quote = char;
      out += char;
    } else if (text.startsWith('...', i)) {
      const count = /^\.\.\.(\d+)/.exec(text.slice(i));
      out += count ? `...${COUNT}(${count[1]})` : `...${REST}`;
      i += count ? count[0].length - 1 : 2;
    } else out += char;
  }
  return out;
}

function toPattern(node: ts.Expression, top: boolean): Pattern | undefined {
  if (ts.isParenthesizedExpression(node)) return toPattern(node.expression, top);
  if (ts.isNumericLiteral(node)) return { kind: 'value', value: Number(node.text) };
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand))
    return { kind: 'value', value: -Number(node.operand.text) };
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    return node.text.endsWith('...') ? { kind: 'prefix', prefix: node.text.slice(0, -3) } : { kind: 'value', value: node.text };
  if (node.kind === ts.SyntaxKind.TrueKeyword) return { kind: 'value', value: true };
  if (node.kind === ts.SyntaxKind.FalseKeyword) return { kind: 'value', value: false };
  if (node.kind === ts.SyntaxKind.NullKeyword) return { kind: 'value', value: null };
  if (ts.isIdentifier(node)) {
    if (node.text === 'undefined') return { kind: 'undefined' };
    // A bare name inside a value is "some value"; alone it is a word of prose.
    return top ? undefined : { kind: 'any' };
  }
  if (ts.isObjectLiteralExpression(node)) {
    const props: Array<[string, Pattern]> = [];
    let rest = false;
    for (const property of node.properties) {
      if (ts.isSpreadAssignment(property) && ts.isIdentifier(property.expression) && property.expression.text === REST) rest = true;
      else if (ts.isShorthandPropertyAssignment(property)) props.push([property.name.text, { kind: 'any' }]);
      else if (
        ts.isPropertyAssignment(property) &&
        (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) || ts.isNumericLiteral(property.name))
      ) {
        const value = toPattern(property.initializer, false);
        if (!value) return undefined;
        props.push([property.name.text, value]);
      } else return undefined;
    }
    return { kind: 'object', props, rest };
  }
  if (ts.isArrayLiteralExpression(node)) {
    const items: Pattern[] = [];
    let rest = false;
    let count: number | undefined;
    for (const element of node.elements) {
      if (ts.isSpreadElement(element) && ts.isIdentifier(element.expression) && element.expression.text === REST) rest = true;
      else if (
        ts.isSpreadElement(element) &&
        ts.isCallExpression(element.expression) &&
        ts.isIdentifier(element.expression.expression) &&
        element.expression.expression.text === COUNT
      ) {
        count = Number((element.expression.arguments[0] as ts.NumericLiteral).text);
      } else {
        const item = toPattern(element, false);
        if (!item) return undefined;
        items.push(item);
      }
    }
    return { kind: 'array', items, rest, ...(count !== undefined ? { count } : {}) };
  }
  return undefined;
}

/** A value a comment states, or undefined when the comment is prose. */
export function statedValue(comment: string): Pattern | undefined {
  const text = markRests(valuePart(comment).trim());
  if (text === '') return undefined;
  const source = `(${text});`;
  const { diagnostics } = ts.transpileModule(source, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } });
  if ((diagnostics ?? []).length > 0) return undefined;
  const file = ts.createSourceFile('value.ts', source, ts.ScriptTarget.ES2022);
  const statement = file.statements[0];
  if (file.statements.length !== 1 || !statement || !ts.isExpressionStatement(statement)) return undefined;
  return toPattern(statement.expression, true);
}

/** `InputError: "message"`, maybe with words after it: the error a statement throws. */
export function statedThrow(comment: string): { name: string; message: string } | undefined {
  const match = /^([A-Z]\w*Error): (["'])(.*?)\2(?:[\s,;:(].*)?$/.exec(comment.trim());
  return match ? { name: match[1]!, message: match[3]! } : undefined;
}

/** A value as the example's process reports it: JSON, with markers for what JSON has not. */
export type Described = null | boolean | number | string | Described[] | { [key: string]: Described } | { $undefined: true } | { $function: string };

/** Where `actual` differs from `pattern` (a path and what was there), or undefined when it matches. */
export function mismatch(pattern: Pattern, actual: Described, path = ''): string | undefined {
  const shown = (value: Described) => JSON.stringify(value)?.slice(0, 200);
  const isUndefined = (value: Described) => typeof value === 'object' && value !== null && '$undefined' in value;
  switch (pattern.kind) {
    case 'any':
      return isUndefined(actual) ? `${path || 'the value'} is undefined` : undefined;
    case 'undefined':
      return isUndefined(actual) ? undefined : `${path || 'the value'} is ${shown(actual)}, not undefined`;
    case 'value':
      return Object.is(actual, pattern.value) ? undefined : `${path || 'the value'} is ${shown(actual)}, not ${JSON.stringify(pattern.value)}`;
    case 'prefix':
      return typeof actual === 'string' && actual.startsWith(pattern.prefix)
        ? undefined
        : `${path || 'the value'} is ${shown(actual)}, not ${JSON.stringify(`${pattern.prefix}...`)}`;
    case 'array': {
      if (!Array.isArray(actual)) return `${path || 'the value'} is ${shown(actual)}, not a list`;
      const length = pattern.count ?? pattern.items.length;
      if (pattern.count !== undefined || !pattern.rest ? actual.length !== length : actual.length < length) {
        return `${path || 'the list'} has ${actual.length} items, not ${pattern.rest && pattern.count === undefined ? 'at least ' : ''}${length}`;
      }
      for (const [i, item] of pattern.items.entries()) {
        const wrong = mismatch(item, actual[i]!, `${path}[${i}]`);
        if (wrong) return wrong;
      }
      return undefined;
    }
    case 'object': {
      if (typeof actual !== 'object' || actual === null || Array.isArray(actual) || isUndefined(actual))
        return `${path || 'the value'} is ${shown(actual)}, not an object`;
      const record = actual as Record<string, Described>;
      for (const [key, value] of pattern.props) {
        if (!(key in record)) return `${path || 'the object'} has no ${key}`;
        const wrong = mismatch(value, record[key]!, `${path}.${key}`);
        if (wrong) return wrong;
      }
      if (!pattern.rest) {
        const extra = Object.keys(record).filter((key) => !pattern.props.some(([name]) => name === key));
        if (extra.length > 0) return `${path || 'the object'} also has ${extra.join(', ')}`;
      }
      return undefined;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Library examples

export interface Check {
  id: number;
  line: number;
  statement: string;
  kind: 'value' | 'throws' | 'log';
  patterns: Pattern[];
  throws?: { name: string; message: string };
}

/** The module an example's checks report through (`__kitReport(id, value)`), one JSON line each on stdout. */
export const REPORTER = `import { inspect } from 'node:util';
const describe = (value, depth = 0) => {
  if (depth > 40) return '<deep>';
  if (value === undefined) return { $undefined: true };
  if (typeof value === 'function') return { $function: value.name };
  if (typeof value === 'bigint') return String(value);
  if (ArrayBuffer.isView(value)) return Array.from(value, (item) => describe(item, depth + 1));
  if (Array.isArray(value)) return value.map((item) => describe(item, depth + 1));
  if (value instanceof Map) return Object.fromEntries([...value].map(([key, item]) => [String(key), describe(item, depth + 1)]));
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, describe(item, depth + 1)]));
  return value;
};
const report = (id, outcome) => process.stdout.write('\\n\\u0000kit-readme ' + JSON.stringify({ id, ...outcome }) + '\\n');
export async function __kitValue(id, run) {
  const value = await run();
  report(id, { value: describe(value) });
  return value;
}
export async function __kitThrows(id, run) {
  try {
    report(id, { value: describe(await run()) });
  } catch (error) {
    report(id, { threw: { name: error?.name, message: error?.message } });
  }
}
export function __kitLog(id, values) {
  console.log(...values);
  report(id, { values: values.map((value) => describe(value)) });
}
export { inspect };
`;

/**
 * An example with its checks put in: each statement whose trailing comment states a value reports
 * that value (or what it threw, or the values it logged) through REPORTER, in the order it runs.
 */
export function instrument(source: string, firstLine: number): { code: string; checks: Check[] } {
  const file = ts.createSourceFile('example.ts', source, ts.ScriptTarget.ES2022, true);
  const checks: Check[] = [];
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const lineOf = (position: number) => firstLine + file.getLineAndCharacterOfPosition(position).line;
  for (const statement of file.statements) {
    const comment = ts.getTrailingCommentRanges(source, statement.end)?.find((range) => range.kind === ts.SyntaxKind.SingleLineCommentTrivia);
    if (!comment) continue;
    const text = source.slice(comment.pos + 2, comment.end).trim();
    const line = lineOf(statement.getStart());
    const id = checks.length;
    const statementText = statement.getText();
    if (ts.isExpressionStatement(statement)) {
      const expression = statement.expression.getText();
      const call = statement.expression;
      const thrown = statedThrow(text);
      if (thrown) {
        checks.push({ id, line, statement: statementText, kind: 'throws', patterns: [], throws: thrown });
        edits.push({ start: statement.getStart(), end: statement.end, text: `await __kitThrows(${id}, async () => (${expression}));` });
        continue;
      }
      if (ts.isCallExpression(call) && call.expression.getText() === 'console.log') {
        const segments = topLevelWords(text);
        const patterns = segments.length === call.arguments.length ? segments.map((segment) => statedValue(segment)) : [];
        if (patterns.length > 0 && patterns.every((pattern) => pattern !== undefined)) {
          checks.push({ id, line, statement: statementText, kind: 'log', patterns: patterns as Pattern[] });
          edits.push({ start: statement.getStart(), end: statement.end, text: `__kitLog(${id}, [${call.arguments.map((arg) => arg.getText()).join(', ')}]);` });
        }
        continue;
      }
      const pattern = statedValue(text);
      if (!pattern) continue;
      checks.push({ id, line, statement: statementText, kind: 'value', patterns: [pattern] });
      edits.push({ start: statement.getStart(), end: statement.end, text: `await __kitValue(${id}, async () => (${expression}));` });
    } else if (ts.isVariableStatement(statement) && statement.declarationList.declarations.length === 1) {
      const declaration = statement.declarationList.declarations[0]!;
      const pattern = statedValue(text);
      if (!pattern || !ts.isIdentifier(declaration.name)) continue;
      checks.push({ id, line, statement: statementText, kind: 'value', patterns: [pattern] });
      edits.push({ start: statement.end, end: statement.end, text: ` await __kitValue(${id}, async () => ${declaration.name.text});` });
    }
  }
  let code = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) code = code.slice(0, edit.start) + edit.text + code.slice(edit.end);
  if (checks.length > 0) code = `import { __kitValue, __kitThrows, __kitLog } from './kit-readme-report.mjs';\n${code}`;
  return { code, checks };
}

/** Words of a comment split at spaces outside brackets and quotes: the values of a console.log. */
function topLevelWords(text: string): string[] {
  const words: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const char = text[i];
    if (char === undefined || (char === ' ' && depth === 0 && !quote)) {
      if (i > start) words.push(text.slice(start, i));
      start = i + 1;
      continue;
    }
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if ('[{('.includes(char)) depth++;
    else if (']})'.includes(char)) depth--;
  }
  return words;
}

/** The example as JavaScript Node runs (types stripped; imports as written). */
export function toJavaScript(code: string): string {
  return ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false } })
    .outputText;
}

/** The reports an example's run printed, by check id. */
export function reportsOf(stdout: string): Map<number, { value?: Described; threw?: { name: string; message: string }; values?: Described[] }> {
  const reports = new Map<number, { value?: Described; threw?: { name: string; message: string }; values?: Described[] }>();
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('\u0000kit-readme ')) continue;
    const { id, ...outcome } = JSON.parse(line.slice('\u0000kit-readme '.length)) as {
      id: number;
      value?: Described;
      threw?: { name: string; message: string };
      values?: Described[];
    };
    reports.set(id, outcome);
  }
  return reports;
}

/** What is wrong with each check of a run, one line each: the README's place, the statement, the difference. */
export function checkFailures(readme: string, checks: readonly Check[], stdout: string): string[] {
  const reports = reportsOf(stdout);
  const failures: string[] = [];
  for (const check of checks) {
    const where = `${readme}:${check.line}: \`${check.statement.split('\n')[0]}\``;
    const report = reports.get(check.id);
    if (!report) {
      failures.push(`${where}: never ran`);
      continue;
    }
    if (check.kind === 'throws') {
      const wanted = check.throws!;
      if (!report.threw) failures.push(`${where}: threw nothing, the README says ${wanted.name}: ${JSON.stringify(wanted.message)}`);
      else if (report.threw.name !== wanted.name || report.threw.message !== wanted.message)
        failures.push(
          `${where}: threw ${report.threw.name}: ${JSON.stringify(report.threw.message)}, the README says ${wanted.name}: ${JSON.stringify(wanted.message)}`,
        );
      continue;
    }
    if (report.threw) {
      failures.push(`${where}: threw ${report.threw.name}: ${report.threw.message}`);
      continue;
    }
    const values = check.kind === 'log' ? (report.values ?? []) : [report.value!];
    for (const [i, pattern] of check.patterns.entries()) {
      const wrong = mismatch(pattern, values[i]!);
      if (wrong) failures.push(`${where}: ${check.kind === 'log' ? `logged value ${i + 1}: ` : ''}${wrong}`);
    }
  }
  return failures;
}

/** The file an example block is (`// plugin.ts` on its first line), if it names one. */
export function exampleFile(block: ReadmeBlock): string | undefined {
  return /^\/\/ ([\w.-]+\.(?:ts|js|mjs))\s*$/.exec(block.text.split('\n')[0] ?? '')?.[1];
}
