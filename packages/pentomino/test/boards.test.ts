import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { pack, parseInstance, pentominoSet, boardFromRows } from '../src/index.js';
import { prepare, runAll } from '../src/engine.js';
import { errorOf } from '@kit/tooling/testing';

const file = (name: string, text: string) => ({ name, text });

describe('custom boards', () => {
  it('reads a board file, crops hole margins and names the bounding box', () => {
    const text = '############\n#..........#\n#..........#\n#..........#\n#..........#\n#..........#\n#..........#\n############\n';
    const instance = parseInstance({ size: 6, all: false }, file('framed.txt', text));
    expect(instance.name).toBe('6x10');
    expect(pack({ board: instance.board }).solutions).toBe(reference.pentomino['6x10'].distinct);
  });

  it('counts an 8x8 board without its corners (full square group), two methods agreeing', () => {
    const board = ['#......#', '........', '........', '........', '........', '........', '........', '#......#'];
    expect(prepare(boardFromRows(board), pentominoSet(), {}).problem.group).toHaveLength(8);
    // X placed first within a fundamental region, and the seeds' one-orientation-per-orbit for F.
    expect(pack({ board, method: 'first' }).solutions).toBe(2170);
    expect(pack({ board, method: 'orient' }).solutions).toBe(2170);
  });

  it('handles a board in two parts', () => {
    // A 6x11 rectangle without its middle column: two 6x5 halves, the rectangle's group of 4.
    const board = Array.from({ length: 6 }, () => '.....#.....');
    const prepared = prepare(boardFromRows(board), pentominoSet(), {});
    expect(prepared.problem.group).toHaveLength(4);
    const distinct = runAll(prepared).solutions;
    expect(pack({ board, all: true }).solutions).toBe(4 * distinct);
  });

  it('takes the board as --board or as the file argument, not both', () => {
    const text = '.....\n.....\n.....\n';
    expect(parseInstance({ board: file('a.txt', text), pieces: 'LNP' }).name).toBe('3x5');
    expect(errorOf(() => parseInstance({ board: file('a.txt', text), pieces: 'LNP' }, file('b.txt', text)))).toBe(
      'give the board once: either --board FILE or a file argument',
    );
  });

  it('rejects bad board files with one exact line', () => {
    expect(errorOf(() => parseInstance({}, file('ragged.txt', '..........\n.........\n')))).toBe(
      'ragged.txt:2: ragged board: line 2 is 9 wide but line 1 is 10',
    );
    expect(errorOf(() => parseInstance({}, file('gap.txt', '..........\n\n..........\n')))).toBe('gap.txt:2: empty line in board');
    expect(errorOf(() => parseInstance({}, file('char.txt', '..........\n....x.....\n')))).toBe(
      `char.txt:2:5: unexpected "x" in board (use '.' for a cell, '#' or space for a hole)`,
    );
    expect(errorOf(() => parseInstance({}, file('area.txt', '...........\n'.repeat(6))))).toBe('area.txt: the board has 66 cells but the 12 pieces cover 60');
    expect(errorOf(() => parseInstance({}, file('empty.txt', '')))).toBe('empty.txt: board is empty');
    expect(errorOf(() => parseInstance({ pieces: 'FILQ' }))).toBe('unknown piece "Q" in --pieces (choose from FILNPTUVWXYZ)');
    expect(errorOf(() => pack({ board: ['.....', '.....'], pieces: 'LNP' }))).toBe('the board has 10 cells but the 3 pieces cover 15');
  });

  it('reports a board with a cut-off cell as having no solutions, without searching', () => {
    expect(pack({ board: ['.#...', '#....', '.....', '.....', '.....', '..###'], pieces: 'LNPUY' })).toEqual({ solutions: 0, tries: 0 });
  });
});
