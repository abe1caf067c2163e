import { InputError } from '@kit/core';
import { describe, expect, it } from 'vitest';
import { detectFormat, parsePuzzleText } from '../src/formats/detect.js';
import { formatPencilBox } from '../src/formats/pencilbox.js';
import { formatPlainGrid } from '../src/formats/plain.js';
import { formatPuzzLink } from '../src/formats/puzzlink.js';
import { formatSugar } from '../src/formats/sugar.js';

const PUZZLE = [1, 2, 1, 3, 3, 4, 3, 2, 3, 3, 4, 1, 2, 1, 3, 1];

function errorOf(text: string, options: Parameters<typeof parsePuzzleText>[1] = {}): string {
  try {
    parsePuzzleText(text, { file: 'p.txt', ...options });
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).format();
  }
  throw new Error('no error');
}

describe('input formats', () => {
  it('reads PencilBox text without and with an answer block, blanks as 0 or .', () => {
    const text = '4\n4\n1 2 1 3\n3 4 3 2\n3 3 4 1\n2 1 3 1\n';
    expect(parsePuzzleText(text)).toEqual({ format: 'pencilbox', width: 4, height: 4, cells: PUZZLE });
    const answered = parsePuzzleText('2\n3\n1 0 1\n. 2 2\n# + #\n+ . #\n');
    expect(answered).toEqual({
      format: 'pencilbox',
      width: 3,
      height: 2,
      cells: [1, 0, 1, 0, 2, 2],
      answer: [1, 0, 1, 0, 0, 1],
      // where each answer mark stands, so a wrong one is named at its line and column
      answerAt: [1, 3, 5, 1, 3, 5].map((column, i) => ({ line: i < 3 ? 5 : 6, column })),
    });
  });

  it('reads puzz.link URLs, including two-digit base-36 numbers and blanks', () => {
    expect(parsePuzzleText('https://puzz.link/p?hitori/4/4/1213343233412131')).toEqual({ format: 'puzz.link', width: 4, height: 4, cells: PUZZLE });
    expect(parsePuzzleText('http://pzv.jp/p.html?hitori/3/1/z.-10\n')).toEqual({ format: 'puzz.link', width: 3, height: 1, cells: [35, 0, 36] });
  });

  it("reads Simon Tatham's Singles game IDs", () => {
    expect(parsePuzzleText('4x4:1213343233412131')).toEqual({ format: 'singles', width: 4, height: 4, cells: PUZZLE });
    expect(parsePuzzleText('3x1:9aZ').cells).toEqual([9, 10, 61]);
  });

  it('reads a 200x200 puzzle in every format (the largest side allowed)', () => {
    const numbers = Array.from({ length: 200 * 200 }, (_, i) => ((i * 7) % 61) + 1);
    const texts = [
      formatPencilBox(200, 200, numbers),
      formatPlainGrid(200, numbers),
      formatPuzzLink(200, 200, numbers),
      `200x200dk:${numbers.map((n) => (n < 10 ? String(n) : n < 36 ? String.fromCharCode(87 + n) : String.fromCharCode(29 + n))).join('')}`,
    ];
    for (const text of texts) expect(parsePuzzleText(text)).toMatchObject({ width: 200, height: 200, cells: numbers });
  });

  it('reads Singles game IDs with full parameters: a difficulty after the size (dk tricky, de easy), or one side for a square', () => {
    for (const id of ['4x4dk:1213343233412131', '4x4de:1213343233412131', '4x4dt:1213343233412131', '4dk:1213343233412131', '4:1213343233412131']) {
      expect(parsePuzzleText(id)).toEqual({ format: 'singles', width: 4, height: 4, cells: PUZZLE });
    }
    expect(parsePuzzleText('3x1dk:9aZ').cells).toEqual([9, 10, 61]);
    expect(errorOf('3x3dk:12312')).toBe('p.txt:1: the game ID has 5 cells but 3x3 needs 9');
  });

  it('reads plain whitespace grids', () => {
    expect(parsePuzzleText('\n 1 2 1 3\n3 4 3 2\n\t3 3 4 1\n2 1 3 1\n\n')).toEqual({ format: 'grid', width: 4, height: 4, cells: PUZZLE });
    expect(parsePuzzleText('10 . 10\n').cells).toEqual([10, 0, 10]);
  });

  it('detects the format, and --format forces one', () => {
    expect(detectFormat('4\n4\n1 2 1 3\n')).toBe('pencilbox');
    expect(detectFormat('?hitori/1/1/1')).toBe('puzz.link');
    expect(detectFormat('1x1:1')).toBe('singles');
    expect(detectFormat('3\n3\n3\n')).toBe('grid');
    expect(parsePuzzleText('2\n1\n3\n', { format: 'grid' })).toEqual({ format: 'grid', width: 1, height: 3, cells: [2, 1, 3] });
    expect(errorOf('1 2\n2 1\n', { format: 'pencilbox' })).toBe("p.txt:1:3: expected only the number of rows, found '2' after it");
  });

  it('reads a pattern with 0 as a free cell and . as a blank', () => {
    expect(parsePuzzleText('2\n2\n1 0\n. 1\n', { pattern: true }).cells).toEqual([1, 0, -1, 1]);
    expect(errorOf('?hitori/1/1/1', { pattern: true })).toBe('p.txt: a pattern must be PencilBox text or a plain grid, not puzz.link');
  });
});

describe('output formats round-trip', () => {
  it('PencilBox, with and without the answer block', () => {
    const text = formatPencilBox(4, 4, PUZZLE);
    expect(text).toBe('4\n4\n1 2 1 3\n3 4 3 2\n3 3 4 1\n2 1 3 1\n');
    expect(parsePuzzleText(text).cells).toEqual(PUZZLE);
    const withAnswer = '2\n3\n1 . 1\n. 2 2\n# + #\n+ + #\n';
    const parsed = parsePuzzleText(withAnswer);
    expect(formatPencilBox(parsed.width, parsed.height, parsed.cells, parsed.answer)).toBe(withAnswer);
  });

  it('puzz.link URLs', () => {
    const numbers = [1, 0, 35, 36, 100, 0, 0, 7];
    const url = formatPuzzLink(4, 2, numbers);
    expect(url).toBe('https://puzz.link/p?hitori/4/2/1.z-10-2s..7');
    expect(parsePuzzleText(url)).toEqual({ format: 'puzz.link', width: 4, height: 2, cells: numbers });
  });

  it('Singles in, PencilBox and URL out', () => {
    const singles = parsePuzzleText('4x4:1213343233412131');
    expect(parsePuzzleText(formatPencilBox(4, 4, singles.cells)).cells).toEqual(singles.cells);
    expect(formatPuzzLink(4, 4, singles.cells)).toBe('https://puzz.link/p?hitori/4/4/1213343233412131');
  });

  it('plain grids', () => {
    const text = formatPlainGrid(3, [1, 0, 12, 4, 5, 6]);
    expect(text).toBe('1 . 12\n4 5 6\n');
    expect(parsePuzzleText(text).cells).toEqual([1, 0, 12, 4, 5, 6]);
  });

  it("the seed's Sugar CSP for a pattern", () => {
    expect(formatSugar(2, 2, [1, 1, 0, 0])).toBe(
      `${[
        '( int a_00_00 1 2 )',
        '( int a_01_00 1 2 )',
        '( int a_00_01 1 2 )',
        '( int a_01_01 1 2 )',
        '( = a_00_00 a_01_00 )',
        '( alldifferent a_00_01 a_01_01 )',
        '( alldifferent a_00_00 a_00_01 )',
        '( alldifferent a_01_00 a_01_01 )',
      ].join('\n')}\n`,
    );
  });
});

describe('bad input gives one line naming where', () => {
  it.each([
    ['an empty file', '', 'p.txt: the file is empty'],
    ['a file of blank lines', '\n  \n', 'p.txt: the file is empty'],
    ['ragged rows', '1 2 3\n2 3\n3 1 2\n', 'p.txt:2:1: row 2 has 2 cells but row 1 has 3'],
    ['a row longer than the header says', '3\n3\n1 2 3\n2 3 1 2\n3 1 2\n', 'p.txt:4:7: row 2 has 4 cells but the header says 3 columns'],
    ['fewer rows than the header says', '3\n3\n1 2 3\n2 3 1\n', 'p.txt:1:1: the header says 3 rows but the grid has 2'],
    ['more rows than the header says', '2\n3\n1 2 3\n2 3 1\n3 1 2\n', 'p.txt:5:1: the header says 2 rows but the grid has more'],
    ['a token that is not a number', '3\n3\n1 2 3\n2 x 1\n3 1 2\n', "p.txt:4:3: 'x' is not a number"],
    ['a token that is not a number in a plain grid', '1 2\n2 a\n', "p.txt:2:3: 'a' is not a number"],
    ['a header that is not a number', 'x\n3\n1 2 3\n', "p.txt:1:1: 'x' is not a number"],
    ['over 200 rows', '201\n3\n1 2 3\n', 'p.txt:1:1: 201 rows are more than the 200 allowed'],
    ['over 200 rows in a plain grid', Array.from({ length: 201 }, () => '1 2').join('\n'), 'p.txt:201:1: 201 rows are more than the 200 allowed'],
    ['over 200 columns', Array.from({ length: 201 }, () => '1').join(' '), 'p.txt:1:1: 201 columns are more than the 200 allowed'],
    ['over 200 columns in a URL', '?hitori/201/2/1', 'p.txt:1: 201 columns are more than the 200 allowed'],
    ['over 200 columns in a Singles ID', '201x2:1', 'p.txt:1:1: 201 columns are more than the 200 allowed'],
    ['a short URL', 'https://puzz.link/p?hitori/3/3/12312', 'p.txt:1: the URL describes 5 of the 9 cells of a 3x3 board'],
    ['a URL with unknown numbers', '?hitori/2/2/12@1', "p.txt:1:15: cell 3 has an unknown number ('@'), which Hitori cannot solve"],
    ['a URL with extra cells', '?hitori/2/2/1221zz', "p.txt:1:17: unexpected 'zz' after the last cell"],
    ['a short Singles ID', '3x3:12312', 'p.txt:1: the game ID has 5 cells but 3x3 needs 9'],
    ['a bad Singles cell', '2x2:1201', "p.txt:1:7: '0' is not a Singles number"],
    ['a bad answer mark', '2\n2\n1 1\n2 1\n# x\n+ #\n', "p.txt:5:3: 'x' is not an answer mark (# shaded, + or . unshaded)"],
    ['a short answer block', '2\n2\n1 1\n2 1\n# +\n', 'p.txt:5:1: the answer block has 1 row but the header says 2'],
  ])('%s', (_what, text, message) => {
    expect(errorOf(text)).toBe(message);
  });
});
