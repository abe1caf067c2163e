// Every code block of every README (the root's, apps/*, packages/*, examples/*) runs as its reader
// would run it, a README's blocks in order in one directory: a package's README in a project with the
// packed packages installed by npm (its `kit` the installed one, the directories the package ships,
// such as puyo's examples/, beside it), the root README in a copy of the checkout's layout with the
// built `kit` (it documents the repository: `pnpm kit ...`). What a block states is compared
// (support/readme-blocks.ts says how a block states it); a block or line that must not run says so
// above its fence, with the reason.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import {
  REPORTER,
  checkFailures,
  exampleFile,
  instrument,
  linesMatch,
  mismatch,
  namesCommand,
  printsLine,
  readmeBlocks,
  readmeBlocksOf,
  sessionCommands,
  shellLines,
  statedThrow,
  statedValue,
  toJavaScript,
  type ReadmeBlock,
} from './support/readme-blocks.js';
import { cleanEnv } from './support/run.js';
import { repoRoot } from './support/workspace.js';

const { consumerDir, scratchDir } = inject('kit');
const INSTALLED_KIT = join(consumerDir, 'node_modules', '.bin', 'kit');
const CHECKOUT_KIT = `"${process.execPath}" "${join(repoRoot, 'apps', 'cli', 'dist', 'bin.cjs')}"`;
const RUN_LANGS = new Set(['sh', 'console', 'ts', 'js']);
const DATA_LANGS = new Set(['text', 'json']);

/** Every README the repository publishes or shows first. */
function readmes(): string[] {
  const found = ['README.md'];
  for (const group of ['apps', 'packages', 'examples']) {
    for (const name of readdirSync(join(repoRoot, group)).sort())
      if (existsSync(join(repoRoot, group, name, 'README.md'))) found.push(`${group}/${name}/README.md`);
  }
  return found;
}

interface Place {
  dir: string;
  /** The command `kit` runs there. */
  kit: string;
}

// `kit`, `npx kit` and `pnpm kit` are the place's CLI; any other pnpm or npx command is refused, so
// a README line that would install or build must be marked as not run.
const prelude = (kit: string) => `kit() { ${kit} "$@"; }
pnpm() { if [ "$1" = kit ]; then shift; kit "$@"; else echo "readme test: 'pnpm $*' is not run here: mark the line" >&2; return 97; fi; }
npx() { if [ "$1" = kit ]; then shift; kit "$@"; else echo "readme test: 'npx $*' is not run here: mark the line" >&2; return 97; fi; }
`;

/** A command line in bash, in the README's directory: stdout and stderr together, as a terminal shows them. */
function shell(command: string, place: Place): { status: number | null; output: string } {
  const result = spawnSync('bash', ['-c', `${prelude(place.kit)}${command}`], {
    cwd: place.dir,
    env: cleanEnv(),
    encoding: 'utf8',
    timeout: 240_000,
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The same, stderr merged into stdout in the order written. */
function session(command: string, place: Place): { status: number | null; output: string } {
  return shell(`{ ${command}\n} 2>&1`, place);
}

/**
 * Where a README's blocks run. The root README: the checkout's plugins as its kit.config.json lists
 * them, and the built `kit`. A package's: a user's project with the packed packages installed, and
 * the directories the package ships (puyo's examples/) beside it, as its README names them.
 */
function placeFor(readme: string): Place {
  const dir = join(scratchDir, 'readmes', readme.replace(/\/README\.md$|\.md$/, '').replace(/\//g, '-'));
  mkdirSync(dir, { recursive: true });
  if (readme === 'README.md') {
    for (const group of ['packages', 'examples']) if (!existsSync(join(dir, group))) symlinkSync(join(repoRoot, group), join(dir, group));
    copyFileSync(join(repoRoot, 'kit.config.json'), join(dir, 'kit.config.json'));
    return { dir, kit: CHECKOUT_KIT };
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'readme-user', private: true, type: 'module' }));
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(consumerDir, 'node_modules'), join(dir, 'node_modules'));
  const manifestPath = join(repoRoot, readme.replace(/README\.md$/, 'package.json'));
  if (existsSync(manifestPath)) {
    const { name, files = [] } = JSON.parse(readFileSync(manifestPath, 'utf8')) as { name: string; files?: string[] };
    const installed = join(consumerDir, 'node_modules', name);
    for (const shipped of files) {
      const from = join(installed, shipped);
      if (shipped !== 'dist' && existsSync(from) && statSync(from).isDirectory() && !existsSync(join(dir, shipped))) symlinkSync(from, join(dir, shipped));
    }
  }
  return { dir, kit: `"${INSTALLED_KIT}"` };
}

/** What is wrong with one block when run, one line each (none: it gave what it states). */
function runBlock(block: ReadmeBlock, place: Place): string[] {
  const { dir } = place;
  const problems: string[] = [];
  if (block.file) {
    writeFileSync(join(dir, block.file), `${block.text}\n`);
  } else if (block.lang === 'sh') {
    for (const line of shellLines(block)) {
      if (line.notRun) continue;
      const { status, output } = shell(line.command, place);
      if (status !== 0) problems.push(`${block.readme}:${line.line}: \`${line.command}\` exited ${status}: ${output.trim().split('\n').slice(-3).join(' | ')}`);
      for (const stated of line.prints)
        if (!printsLine(stated, output))
          problems.push(
            `${block.readme}:${line.line}: \`${line.command}\` printed no line \`${stated}\`: ${output.trim().split('\n').slice(0, 3).join(' | ')}`,
          );
    }
  } else if (block.lang === 'console') {
    for (const command of sessionCommands(block)) {
      if (command.notRun) continue;
      const { status, output } = session(command.command, place);
      const lines = output.replace(/\n$/, '').split('\n');
      const expected = command.expected.length === 0 ? [''] : command.expected;
      if (!linesMatch(expected, lines))
        problems.push(`${block.readme}:${command.line}: \`${command.command}\` printed\n${output}the README shows\n${command.expected.join('\n')}`);
      else if (status !== 0 && !/exit|\$\?/.test(command.command)) problems.push(`${block.readme}:${command.line}: \`${command.command}\` exited ${status}`);
    }
  } else {
    const file = exampleFile(block);
    if (file) {
      writeFileSync(join(dir, file.replace(/\.ts$/, '.js')), toJavaScript(block.text));
      return problems;
    }
    const { code, checks } = instrument(block.text, block.line);
    const name = `readme-${block.line}.mjs`;
    writeFileSync(join(dir, 'kit-readme-report.mjs'), REPORTER);
    writeFileSync(join(dir, name), toJavaScript(code));
    const result = spawnSync(process.execPath, [name], { cwd: dir, env: cleanEnv(), encoding: 'utf8', timeout: 240_000, maxBuffer: 256 * 1024 * 1024 });
    if (result.status !== 0)
      problems.push(`${block.readme}:${block.line}: the example exited ${result.status}: ${result.stderr.trim().split('\n').slice(0, 4).join(' | ')}`);
    problems.push(...checkFailures(block.readme, checks, result.stdout));
  }
  return problems;
}

const all = readmes().map((readme) => ({ readme, blocks: readmeBlocksOf(join(repoRoot, readme), readme) }));

describe('README code blocks', () => {
  it('every block names its language: a command, a session, an example, or data', () => {
    const unnamed = all.flatMap(({ blocks }) =>
      blocks.filter((block) => !RUN_LANGS.has(block.lang) && !DATA_LANGS.has(block.lang)).map((block) => `${block.readme}:${block.line} \`\`\`${block.lang}`),
    );
    expect(unnamed).toEqual([]);
  });

  it('a block or line not run says why, and only code blocks are marked', () => {
    const marked = all.flatMap(({ blocks }) => blocks.filter((block) => block.notRun));
    expect(marked.filter((block) => block.notRun!.reason === '' || !RUN_LANGS.has(block.lang)).map((block) => `${block.readme}:${block.line}`)).toEqual([]);
    // A marker naming lines must name lines the block has.
    const stale = marked.flatMap((block) =>
      block
        .notRun!.prefixes.filter((named) => !block.text.split('\n').some((line) => namesCommand(named, line)))
        .map((named) => `${block.readme}:${block.line} \`${named}\``),
    );
    expect(stale).toEqual([]);
  });

  for (const { readme, blocks } of all) {
    const runnable = blocks.filter((block) => block.file || (RUN_LANGS.has(block.lang) && !(block.notRun && block.notRun.prefixes.length === 0)));
    if (runnable.length === 0) continue;
    it(`${readme}: ${runnable.length} block${runnable.length === 1 ? '' : 's'} give what they state`, () => {
      const place = placeFor(readme);
      const problems = runnable.flatMap((block) => runBlock(block, place));
      expect(problems).toEqual([]);
    }, 1_200_000);
  }
});

describe('the README checks themselves', () => {
  const place = placeFor('checks-of-the-checks');

  it('a wrong stated value, a wrong error, a wrong log and a wrong line fail, naming the README line', () => {
    const readme = [
      '```js',
      'const list = [3, 1, 2].sort();',
      'list; // [1, 2, 3]',
      'list.length; // 4',
      "({ a: 1, b: 'x' }); // { a: 1 }",
      "({ a: 1, b: 'x' }); // { a: 1, ... }",
      '(() => { throw new RangeError(\'real\'); })(); // RangeError: "nope"',
      'console.log(true, [1]); // true [ 2 ]',
      'list.join(); // the list, in words',
      '```',
      '',
      '```sh',
      'echo one  # says → two',
      "echo 'a # b'  # the quoted # is no comment → a # b",
      '```',
      '',
      '```console',
      '$ printf "a\\nb\\nc\\n"',
      'a',
      '...',
      'c',
      '$ echo x',
      'y',
      '```',
    ].join('\n');
    const blocks = readmeBlocks('CHECK.md', readme);
    expect(runBlock(blocks[0]!, place)).toEqual([
      'CHECK.md:4: `list.length;`: the value is 3, not 4',
      "CHECK.md:5: `({ a: 1, b: 'x' });`: the object also has b",
      'CHECK.md:7: `(() => { throw new RangeError(\'real\'); })();`: threw RangeError: "real", the README says RangeError: "nope"',
      'CHECK.md:8: `console.log(true, [1]);`: logged value 2: [0] is 1, not 2',
    ]);
    expect(runBlock(blocks[1]!, place)).toEqual(['CHECK.md:13: `echo one` printed no line `two`: one']);
    expect(runBlock(blocks[2]!, place)).toEqual(['CHECK.md:22: `echo x` printed\nx\nthe README shows\ny']);
  });

  it('reads values, prose and errors from comments', () => {
    expect(statedValue('8')).toEqual({ kind: 'value', value: 8 });
    expect(statedValue('[0, 1]: the full group')).toEqual({
      kind: 'array',
      items: [
        { kind: 'value', value: 0 },
        { kind: 'value', value: 1 },
      ],
      rest: false,
    });
    expect(statedValue("{ solutions: 14, tries, board: '5x6' }")).toEqual({
      kind: 'object',
      props: [
        ['solutions', { kind: 'value', value: 14 }],
        ['tries', { kind: 'any' }],
        ['board', { kind: 'value', value: '5x6' }],
      ],
      rest: false,
    });
    expect(statedValue('[{ pieces }, ...1009]')).toEqual({
      kind: 'array',
      items: [{ kind: 'object', props: [['pieces', { kind: 'any' }]], rest: false }],
      rest: false,
      count: 1009,
    });
    expect(statedValue("'the number of ...'")).toEqual({ kind: 'prefix', prefix: 'the number of ' });
    expect(statedValue('the same link back')).toBeUndefined();
    expect(statedValue('true when the chain left the field empty')).toBeUndefined();
    expect(statedValue('out.chains, out.score')).toBeUndefined();
    expect(statedThrow('InputError: "bad.txt:2: ragged"')).toEqual({ name: 'InputError', message: 'bad.txt:2: ragged' });
    expect(statedThrow('InputError: "ragged", at line 2')).toEqual({ name: 'InputError', message: 'ragged' });
    expect(mismatch({ kind: 'array', items: [], rest: true }, [1])).toBeUndefined();
    expect(linesMatch(['a', '...', 'd'], ['a', 'b', 'c', 'd'])).toBe(true);
    expect(linesMatch(['a', '...', 'd'], ['a', 'b', 'c'])).toBe(false);
  });
});
