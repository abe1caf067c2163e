import { InputError } from '@kit/core';
import { parseOptions, solveAll } from '@kit/core/host';
import { describe, expect, it } from 'vitest';
import { fieldEditor, samples } from '../src/editor.js';
import { formatField, parseField } from '../src/parse.js';
import { decodePuyop, encodePuyop } from '../src/share.js';
import plugin from '../src/plugin.js';
import { readFixture } from './helpers.js';

describe('the field editor', () => {
  it('reads a field file into rows 13..1 and writes it back as the same file', () => {
    const text = readFixture('seq19.dat');
    const grid = fieldEditor.fromText(text, 'seq19.dat');
    expect(grid).toHaveLength(13);
    expect(grid.at(-1)!.join('')).toBe('GRYGYR');
    expect(fieldEditor.toText(grid)).toBe(formatField(parseField(text)));
  });

  it('shares the grid as the puyop.com field string, both ways', () => {
    const grid = fieldEditor.fromText('G.....\nRGG...\nRRRGYB\n');
    const code = fieldEditor.share!.encode(grid);
    expect(code).toBe(encodePuyop(parseField('G.....\nRGG...\nRRRGYB\n')));
    expect(fieldEditor.share!.decode(code)).toEqual(grid);
    expect(decodePuyop(code).rows.slice(1)).toEqual(grid.map((row) => row.join('')));
  });

  it("refuses a field with a puyo in row 14, which it cannot show, and a bad share string with puyop's message", () => {
    expect(() => fieldEditor.fromText(`R\n${'.\n'.repeat(13)}`)).toThrow(new InputError('the editor shows rows 13 to 1: row 14 must be empty'));
    expect(() => fieldEditor.share!.decode('zz!')).toThrow('puyop.com field string: unexpected "!" at character 3');
  });
});

describe('named examples', () => {
  it('run with the results the CLI gives for the same files', async () => {
    const results: Record<string, unknown> = {};
    for (const sample of samples) {
      const options = parseOptions(plugin.options, { ...sample.options });
      const { done } = await solveAll(plugin, plugin.parse(options, { name: 'input', text: sample.input! }));
      results[sample.name] = { solutions: done.summary.solutions, chains: done.summary['chains'], score: done.summary['score'] };
    }
    expect(results['two-chain']).toEqual({ solutions: 1, chains: 2, score: 360 });
    expect(results['seq19']).toEqual({ solutions: 1, chains: 19, score: 175080 });
    expect(results['nazo']).toMatchObject({ solutions: 4 });
    // seq19's text is the packaged file, so the page's example and `kit run puyo examples/seq19.dat` agree.
    expect(fieldEditor.toText(fieldEditor.fromText(samples[1]!.input!))).toBe(formatField(parseField(readFixture('seq19.dat'))));
  });
});
