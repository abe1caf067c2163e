// The page and its server know no puzzle: every word about one comes from a plugin (DESIGN.md §4).
// Comments may name puzzles as examples; code and strings may not.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const PUZZLE_WORDS = /pentomino|katamino|puyo|nazo|hitori|sudoku|polycube|chain|shaded|piece/i;

/** The file without its comments (line and block), so only code and strings remain. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

describe('apps/web', () => {
  it('holds no puzzle words in its code', () => {
    const files = readdirSync(src, { recursive: true }).map(String).filter((name) => /\.(ts|css|html)$/.test(name));
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((name) =>
      code(readFileSync(join(src, name), 'utf8'))
        .split('\n')
        .flatMap((line, i) => (PUZZLE_WORDS.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
