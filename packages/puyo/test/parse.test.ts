import { InputError } from '@kit/core';
import { describe, expect, it } from 'vitest';
import { formatField, parseField } from '../src/index.js';
import { readFixture } from './helpers.js';

const message = (text: string) => {
  try {
    parseField(text, 'field.txt');
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).format();
  }
  throw new Error('no error');
};

describe('field file parser', () => {
  it('reads the seed file: 13 lines fill rows 13..1', () => {
    const field = parseField(readFixture('seq19.dat'));
    expect(field.rows).toHaveLength(14);
    expect(field.rows[0]).toBe('......');
    expect(field.rows[1]).toBe('.YGYRR');
    expect(field.rows[2]).toBe('R.YGYG');
    expect(field.rows[13]).toBe('GRYGYR');
  });

  it('short lines leave the right side empty; spaces and dots are empty; trailing spaces and CRLF are fine', () => {
    expect(parseField('R\r\n.G  \r\nB . Y\r\n').rows.slice(-3)).toEqual(['R.....', '.G....', 'B...Y.']);
  });

  it('prints a field back as its file (13 rows, or 14 when row 14 is used)', () => {
    const field = parseField(readFixture('seq19.dat'));
    expect(formatField(field)).toBe(readFixture('seq19.dat').replace(/ /g, '.'));
    expect(formatField(parseField(`R\n${'\n'.repeat(12)}G`)).split('\n')).toHaveLength(15);
  });

  it('bad files give one line naming line and column', () => {
    expect(message('RGB\nRxB\n')).toBe('field.txt:2:2: unexpected "x": a cell is R, G, B, Y, P, O (garbage), or a space or . (empty)');
    expect(message('RG\tB')).toBe('field.txt:1:3: unexpected "\\t": a cell is R, G, B, Y, P, O (garbage), or a space or . (empty)');
    expect(message('RGBYPOR\n')).toBe('field.txt:1:7: too many columns: a field is 6 columns wide (got 7)');
    expect(message('R\n'.repeat(15))).toBe('field.txt:15:1: too many lines: a field has at most 14 rows (got 15)');
    expect(message('')).toBe('field.txt: the field file is empty');
    expect(message('\n  \n')).toBe('field.txt: the field file is empty');
  });

  it('14 lines are fine: the first is row 14', () => {
    expect(parseField(`P\n${'R\n'.repeat(13)}`).rows[0]).toBe('P.....');
  });
});

describe('shipped examples', () => {
  it('examples/seq19.dat is the seed file, byte for byte', async () => {
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(new URL('../examples/seq19.dat', import.meta.url), 'utf8')).toBe(readFixture('seq19.dat'));
  });
});
