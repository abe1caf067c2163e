// The API reports (packages/*/api/*.api.md, written by tooling/api-reports.js with API Extractor)
// must match what the built packages export: a change of a public surface shows in review, and a
// stale report fails here naming the package and the command that updates it. Every public export
// and member has a doc comment: one without fails both modes, named by where it is declared.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/workspace.js';

const SCRIPT = join(repoRoot, 'tooling', 'api-reports.js');
const reports = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 300_000 });

const scratch = mkdtempSync(join(tmpdir(), 'kit-api-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('API reports', () => {
  it('are up to date for every public package', () => {
    const result = reports('--check');
    // On failure stderr names each stale report and says to run `pnpm api`.
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('have no "(undocumented)" entry', () => {
    const reportPaths = ['packages', 'apps'].flatMap((group) =>
      readdirSync(join(repoRoot, group)).flatMap((name) => {
        const dir = join(repoRoot, group, name, 'api');
        return existsSync(dir)
          ? readdirSync(dir)
              .filter((file) => file.endsWith('.api.md'))
              .map((file) => join(group, name, 'api', file))
          : [];
      }),
    );
    // Every public package has its reports (core alone has five).
    expect(reportPaths.length).toBeGreaterThanOrEqual(29);
    expect(reportPaths.filter((path) => readFileSync(join(repoRoot, path), 'utf8').includes('(undocumented)'))).toEqual([]);
  });

  it('a changed surface makes its report stale: the check names it and the command, exit 1', () => {
    const root = join(scratch, 'repo');
    write(root, {
      'packages/demo/package.json': JSON.stringify({
        name: '@kit/demo',
        version: '1.0.0',
        type: 'module',
        exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' }, './extra': { types: './dist/extra.d.ts', default: './dist/extra.js' } },
      }),
      'packages/demo/dist/index.d.ts': '/** The area of a rectangle. */\nexport declare function area(width: number, height: number): number;\n',
      'packages/demo/dist/extra.d.ts': '/** The answer. */\nexport declare const ANSWER = 42;\n',
      'packages/private/package.json': JSON.stringify({
        name: 'private-thing',
        private: true,
        exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
      }),
    });
    const written = reports('--root', root);
    expect([written.status, written.stdout]).toEqual([0, 'api: packages/demo/api/demo.api.md updated\napi: packages/demo/api/demo-extra.api.md updated\n']);
    expect(readFileSync(join(root, 'packages/demo/api/demo.api.md'), 'utf8')).toContain('export function area(width: number, height: number): number;');
    expect(reports('--root', root, '--check').status).toBe(0);

    write(root, {
      'packages/demo/dist/index.d.ts':
        '/** The area of a rectangle. */\nexport declare function area(width: number, height: number, depth?: number): number;\n',
    });
    const stale = reports('--root', root, '--check');
    expect([stale.status, stale.stderr]).toEqual([
      1,
      'api: packages/demo/api/demo.api.md is stale: the public surface of @kit/demo changed\napi: run `pnpm api` and commit the reports\n',
    ]);
  });

  it('an export or member without a doc comment fails both modes, named by where it is declared', () => {
    const root = join(scratch, 'undocumented');
    write(root, {
      'packages/demo/package.json': JSON.stringify({
        name: '@kit/demo',
        version: '1.0.0',
        type: 'module',
        exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
      }),
      'packages/demo/dist/index.d.ts': [
        '/** A rectangle. */',
        'export interface Box {',
        '    /** Columns. */',
        '    width: number;',
        '    height: number;',
        '}',
        'export declare const ANSWER = 42;',
        '',
      ].join('\n'),
    });
    const expected = [
      'packages/demo/dist/index.d.ts:5:5 - (ae-undocumented) Missing documentation for "height".',
      'packages/demo/dist/index.d.ts:7:22 - (ae-undocumented) Missing documentation for "ANSWER".',
      'api: 2 public exports or members have no doc comment: write one in the source (dist/ mirrors src/) saying what it is for',
      '',
    ].join('\n');
    const written = reports('--root', root);
    expect([written.status, written.stderr]).toEqual([1, expected]);
    // The report is still written, and shows the two as "(undocumented)".
    expect(readFileSync(join(root, 'packages/demo/api/demo.api.md'), 'utf8').match(/\(undocumented\)/g)).toHaveLength(2);
    const checked = reports('--root', root, '--check');
    expect([checked.status, checked.stderr]).toEqual([1, expected]);

    write(root, {
      'packages/demo/dist/index.d.ts':
        '/** A rectangle. */\nexport interface Box {\n    /** Columns. */\n    width: number;\n    /** Rows. */\n    height: number;\n}\n/** The answer. */\nexport declare const ANSWER = 42;\n',
    });
    expect(reports('--root', root).status).toBe(0);
    expect(readFileSync(join(root, 'packages/demo/api/demo.api.md'), 'utf8')).not.toContain('(undocumented)');
  });
});
