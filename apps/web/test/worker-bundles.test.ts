// The page's two workers bundle apart: the solver worker (worker-*.js) never holds the play
// referee, and the referee worker (referee-worker-*.js) never holds the solver's task loop. Each is
// read with the chunks it imports statically, as the browser loads it. Run `pnpm build` first.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '../dist/app');

/** A bundle's text and that of every chunk it imports statically, transitively. */
function withImports(file: string, seen = new Set<string>()): string {
  if (seen.has(file)) return '';
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  const imported = [...text.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g)].map((match) => join(dirname(file), match[1]!));
  return [text, ...imported.map((path) => withImports(path, seen))].join('\n');
}

const entry = (name: string) => {
  const file = readdirSync(appDir).find((candidate) => new RegExp(`^${name}-[A-Z0-9]{8}\\.js$`).test(candidate));
  if (!file) throw new Error(`dist/app has no ${name} bundle: build first`);
  return withImports(join(appDir, file));
};

describe("the page's workers", () => {
  it('keep the referee out of the solver worker and the solver loop out of the referee worker', () => {
    const solver = entry('worker');
    const referee = entry('referee-worker');
    // A sentence of each loop stands for it (the bundles are minified, their strings are not).
    expect(solver).toContain('received before the search was split');
    expect(solver).not.toContain('the referee holds no game');
    expect(solver).not.toContain('nothing for a referee to count');
    expect(referee).toContain('the referee holds no game');
    expect(referee).not.toContain('received before the search was split');
  });
});
