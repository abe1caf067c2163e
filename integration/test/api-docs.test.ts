// The API reference (tooling/api-docs.js, TypeDoc over the built declarations): one module page per
// public entry point, named as a user imports it, with pages for the main exports, and no warnings
// about the kit's own code.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/workspace.js';

const out = mkdtempSync(join(tmpdir(), 'kit-api-docs-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('API reference', () => {
  it('has a page per public entry point and per main export, with no warnings', () => {
    const result = spawnSync(process.execPath, [join(repoRoot, 'tooling', 'api-docs.js'), '--out', out], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 300_000,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/: API reference of 33 entry points \(0 warnings\)\n$/);
    const modules = readdirSync(join(out, 'modules')).sort();
    for (const page of [
      '_kit_core.html',
      '_kit_core_host.html',
      '_kit_core_play.html',
      '_kit_core_play_conformance.html',
      '_kit_core_make.html',
      '_kit_grid.html',
      '_kit_pentomino_packing.html',
      '_kit_cover.html',
      '_kit_puyo.html',
      '_kit_queue.html',
      '_kit_cli.html',
    ]) {
      expect(modules).toContain(page);
    }
    expect(modules).toHaveLength(33);
    expect(existsSync(join(out, 'functions', '_kit_core.definePlugin.html'))).toBe(true);
    expect(existsSync(join(out, 'functions', '_kit_core_make.skipGeneratedHeader.html'))).toBe(true);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('@kit/core/host');
  }, 300_000);
});
