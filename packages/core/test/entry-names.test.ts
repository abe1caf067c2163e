// The entries' surfaces, counted from the source: the plugin-author entry stays small (a name a host
// or play mode needs belongs to that entry), and every name has one entry that exports it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(`${packageDir}package.json`, 'utf8')) as { exports: Record<string, string | { types?: string }> };

/** Each entry's source file: `./dist/play/index.d.ts` is built from `src/play/index.ts`. */
const entries = Object.entries(manifest.exports).flatMap(([subpath, target]) =>
  typeof target === 'object' && target.types
    ? [
        {
          entry: subpath === '.' ? '@kit/core' : `@kit/core/${subpath.slice(2)}`,
          file: `${packageDir}${target.types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts')}`,
        },
      ]
    : [],
);

function exportedNames(): Map<string, string[]> {
  const program = ts.createProgram(
    entries.map(({ file }) => file),
    { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, noEmit: true, types: [] },
  );
  const checker = program.getTypeChecker();
  return new Map(
    entries.map(({ entry, file }) => {
      const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
      return [
        entry,
        checker
          .getExportsOfModule(module)
          .map((symbol) => symbol.name)
          .sort(),
      ];
    }),
  );
}

describe('the entries of @kit/core', () => {
  const names = exportedNames();

  it('has the entries its package.json names, play, its conformance suite and make among them', () => {
    expect([...names.keys()]).toEqual([
      '@kit/core',
      '@kit/core/host',
      '@kit/core/play',
      '@kit/core/play/conformance',
      '@kit/core/make',
      '@kit/core/node',
      '@kit/core/discovery',
      '@kit/core/messages',
    ]);
  });

  it('keeps the plugin-author entry at 45 names or fewer, with what every plugin needs', () => {
    const author = names.get('@kit/core')!;
    expect(author.length).toBeLessThanOrEqual(45);
    expect(author).toEqual(expect.arrayContaining(['definePlugin', 'InputError', 'PuzzlePlugin', 'Solver', 'SolveContext', 'Frame', 'OptionSpec']));
    // Play and making puzzles have rooms of their own.
    expect(author).not.toContain('PlaySpec');
    expect(author).not.toContain('GeneratorSpec');
    expect(names.get('@kit/core/play')).toEqual(expect.arrayContaining(['PlaySpec', 'applyMove', 'startGame', 'RefereeClient']));
    expect(names.get('@kit/core/make')).toEqual(expect.arrayContaining(['GeneratorSpec', 'MakerClient']));
  });

  it('gives each name one entry (the messages entry repeats the author one for hosts that start fast)', () => {
    const home = new Map<string, string>();
    const repeated: string[] = [];
    for (const [entry, list] of names) {
      if (entry === '@kit/core/messages') continue;
      for (const name of list) {
        if (home.has(name)) repeated.push(`${name}: ${home.get(name)} and ${entry}`);
        else home.set(name, entry);
      }
    }
    expect(repeated).toEqual([]);
  });
});
