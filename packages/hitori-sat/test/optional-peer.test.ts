// logic-solver is an optional peer (1.2 MB with underscore, for a second embedded backend most users
// never pick): installed without it, the package still solves with cdcl and --sat-solver
// logic-solver says in one line what to install.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { backendFactory } from '../src/sat/backends.js';

const PACKAGE = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPO = resolve(PACKAGE, '..', '..');

/** A project with @kit/hitori-sat as npm would install it when nobody asked for logic-solver. */
function installWithoutLogicSolver(): string {
  const root = mkdtempSync(join(tmpdir(), 'kit-hitori-peer-'));
  const target = join(root, 'node_modules', '@kit', 'hitori-sat');
  mkdirSync(target, { recursive: true });
  cpSync(join(PACKAGE, 'dist'), join(target, 'dist'), { recursive: true });
  cpSync(join(PACKAGE, 'package.json'), join(target, 'package.json'));
  for (const name of ['core', 'grid']) symlinkSync(join(REPO, 'packages', name), join(root, 'node_modules', '@kit', name), 'dir');
  return root;
}

const root = installWithoutLogicSolver();
afterAll(() => rmSync(root, { recursive: true, force: true }));

const probe = (backend: string) =>
  spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { backendFactory } from '@kit/hitori-sat'; backendFactory(${JSON.stringify(backend)}).then((make) => { const s = make(); console.log(s.name ?? 'ok'); }, (error) => { console.log(error.name + ': ' + error.message); });`,
    ],
    { cwd: root, encoding: 'utf8', timeout: 30_000 },
  );

describe('@kit/hitori-sat without logic-solver installed', () => {
  it('names the package to install for --sat-solver logic-solver', () => {
    const result = probe('logic-solver');
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      'InputError: --sat-solver logic-solver needs the logic-solver package, which is not installed: npm install logic-solver@2.0.1\n',
    );
  });

  it('still has its embedded cdcl', () => {
    const result = probe('cdcl');
    expect([result.stderr, result.stdout]).toEqual(['', 'cdcl\n']);
  });

  it('loads logic-solver where it is installed (this workspace has it as a dev dependency)', async () => {
    const make = await backendFactory('logic-solver');
    expect(make().name).toBe('logic-solver');
  });
});
