// The README's console sessions of `kit generate` and `kit grade` are run as written and must print
// what the README shows: the tour is the first thing a user copies, so it may not drift from the CLI.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, REPO, cleanEnv, tempDir } from './helpers.js';

interface Session {
  commands: Array<{ line: string; expected: string }>;
}

/** The README's ```console blocks that start with `$ pnpm kit generate`, as commands and the lines each prints. */
function makerSessions(readme: string): Session[] {
  const blocks = [...readme.matchAll(/```console\n([\s\S]*?)```/g)].map((match) => match[1]!);
  return blocks
    .filter((block) => block.startsWith('$ pnpm kit generate'))
    .map((block) => {
      const commands: Session['commands'] = [];
      for (const line of block.split('\n').slice(0, -1)) {
        if (line.startsWith('$ ')) commands.push({ line: line.slice(2), expected: '' });
        else commands[commands.length - 1]!.expected += `${line}\n`;
      }
      return { commands };
    });
}

/** Runs one README line in bash from the repository (where plugins are discovered), its files in `dir`. */
function run(line: string, dir: string): string {
  const files = [...new Set(line.match(/\b[\w-]+\.txt\b/g) ?? [])];
  const script = files.reduce((text, file) => text.split(file).join(join(dir, file)), line.replace(/^pnpm kit\b/, 'kit').replace(/\| *pnpm kit\b/g, '| kit'));
  const result = spawnSync('bash', ['-c', `kit() { "${process.execPath}" "${BIN}" "$@"; }\n${script}`], {
    cwd: REPO,
    env: cleanEnv(),
    encoding: 'utf8',
    timeout: 60_000,
  });
  // `kit: FILE: 1 puzzle` goes to stderr; the README shows both streams as a terminal would.
  const output = `${result.stderr}${result.stdout}`;
  return files.reduce((text, file) => text.split(join(dir, file)).join(file), output);
}

describe("the README's generate and grade sessions", () => {
  const sessions = makerSessions(readFileSync(join(REPO, 'README.md'), 'utf8'));

  it('finds the Sudoku and the Hitori session', () => {
    expect(sessions.map((session) => session.commands[0]!.line.split(' ')[3])).toEqual(['sudoku', 'hitori-sat']);
  });

  it.each(sessions.map((session) => [session.commands[0]!.line, session] as const))('%s: every line prints what the README shows', (_, session) => {
    const dir = tempDir();
    for (const { line, expected } of session.commands) expect([line, run(line, dir)]).toEqual([line, expected]);
  });
});
