// The page holds no puzzle: no source file of src/app names one of the kit's puzzles outside its
// comments (the Play tab included), so a third party's plugin gets everything the kit's own get.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const APP = new URL('../src/app/', import.meta.url).pathname;
const WORDS = /\b(pentomino|katamino|polycube|puyo|nazo|hitori|sudoku|binairo|tromino|kakuro)/i;

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
  it('names none of the kit\'s puzzles in the code of src/app', () => {
    const found = files(APP).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const body = file.endsWith('.ts') ? code(file, text) : text.replace(/\/\*[\s\S]*?\*\//g, '');
      const match = WORDS.exec(body);
      return match ? [`${file.slice(APP.length)}: ${match[0]}`] : [];
    });
    expect(files(APP).some((file) => file.includes('play/'))).toBe(true);
    expect(found).toEqual([]);
  });
});
