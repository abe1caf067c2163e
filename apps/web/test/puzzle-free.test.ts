// The page holds no puzzle: no source file of src (the app with its Play tab, the server, what they
// share) names one of the kit's puzzles or their words outside its comments, so a third party's
// plugin gets everything the kit's own get: every word about a puzzle comes from its plugin.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url).pathname;
const WORDS = /\b(pentomino|katamino|polycube|puyo|nazo|hitori|sudoku|binairo|tromino|kakuro|chain|shaded)/i;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.(ts|css|html)$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/** The code of a TypeScript file without its comments, as the compiler prints it back. */
function code(file: string, text: string): string {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return ts.createPrinter({ removeComments: true }).printFile(source);
}

describe('the page knows no puzzle', () => {
  it("names none of the kit's puzzles in the code of src", () => {
    const found = files(SRC).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const body = file.endsWith('.ts') ? code(file, text) : text.replace(/\/\*[\s\S]*?\*\//g, '');
      const match = WORDS.exec(body);
      return match ? [`${file.slice(SRC.length)}: ${match[0]}`] : [];
    });
    expect(files(SRC).some((file) => file.includes('app/play/'))).toBe(true);
    expect(files(SRC).some((file) => file.includes('server/'))).toBe(true);
    expect(found).toEqual([]);
  });
});
