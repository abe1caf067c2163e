// The exit codes a script can act on are in `kit --help`, as docs/distributed.md lists them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, kit } from './helpers.js';

describe('kit --help', () => {
  it('lists every exit code, and docs/distributed.md gives each the same number', () => {
    const help = kit(['--help']).stdout;
    const codes = [...help.slice(help.indexOf('Exit codes:')).matchAll(/^ {2}(\d+) +(.+)$/gm)].map((match) => Number(match[1]));
    expect(codes).toEqual([0, 1, 2, 3, 4, 5, 130]);
    const docs = readFileSync(join(REPO, 'docs', 'distributed.md'), 'utf8');
    for (const code of codes) expect(docs).toMatch(new RegExp(`^\\| ${code} \\| `, 'm'));
    expect(help).toContain('  4    a queued run was cancelled\n');
  });
});
