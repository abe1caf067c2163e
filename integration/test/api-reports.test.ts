// The API reports (packages/*/api/*.api.md, written by tooling/api-reports.js with API Extractor)
// must match what the built packages export: a change of a public surface shows in review, and a
// stale report fails here naming the package and the command that updates it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  it('a changed surface makes its report stale: the check names it and the command, exit 1', () => {
    const root = join(scratch, 'repo');
    write(root, {
      'packages/demo/package.json': JSON.stringify({ name: '@kit/demo', version: '1.0.0', type: 'module', exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' }, './extra': { types: './dist/extra.d.ts', default: './dist/extra.js' } } }),
      'packages/demo/dist/index.d.ts': 'export declare function area(width: number, height: number): number;\n',
      'packages/demo/dist/extra.d.ts': 'export declare const ANSWER = 42;\n',
      'packages/private/package.json': JSON.stringify({ name: 'private-thing', private: true, exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } }),
    });
    const written = reports('--root', root);
    expect([written.status, written.stdout]).toEqual([0, 'api: packages/demo/api/demo.api.md updated\napi: packages/demo/api/demo-extra.api.md updated\n']);
    expect(readFileSync(join(root, 'packages/demo/api/demo.api.md'), 'utf8')).toContain('export function area(width: number, height: number): number;');
    expect(reports('--root', root, '--check').status).toBe(0);

    write(root, { 'packages/demo/dist/index.d.ts': 'export declare function area(width: number, height: number, depth?: number): number;\n' });
    const stale = reports('--root', root, '--check');
    expect([stale.status, stale.stderr]).toEqual([
      1,
      'api: packages/demo/api/demo.api.md is stale: the public surface of @kit/demo changed\napi: run `pnpm api` and commit the reports\n',
    ]);
  });
});
