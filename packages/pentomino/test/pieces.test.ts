import { describe, expect, it } from 'vitest';
import { pack, parsePieceSet, pentominoSet, selectPieces, pieceLetters, parseInstance } from '../src/index.js';
import { errorOf } from '@kit/tooling/testing';
import { naiveCount } from './naive.js';

const TETROMINOES = `// the five free tetrominoes
IIII  OO  TTT  SS.  L.
      OO  .T.  .SS  L.
                    LL
`;
const rect = (rows: number, cols: number) => Array.from({ length: rows }, () => '.'.repeat(cols));

describe('piece sets', () => {
  it('reads polyominoes drawn as text', () => {
    const set = parsePieceSet(TETROMINOES, 'tetrominoes.txt');
    expect(set.kinds.map((kind) => `${kind.name}${kind.shape.length}`)).toEqual(['I4', 'O4', 'T4', 'S4', 'L4']);
  });

  it('reports bad piece files', () => {
    expect(errorOf(() => parsePieceSet('AA.A\n', 'p.txt'))).toBe('p.txt:1:1: piece "A" is not connected');
    expect(errorOf(() => parsePieceSet('AA\n\nAA\n', 'p.txt'))).toBe('p.txt:3:1: piece "A" is drawn twice (first on line 1)');
    expect(errorOf(() => parsePieceSet('\n// nothing\n', 'p.txt'))).toBe('p.txt: piece file has no pieces');
  });

  it('selects subsets and repeats in the set order', () => {
    expect(pieceLetters(selectPieces(pentominoSet(), 'zfxff'))).toBe('FFFXZ');
  });

  it('packs a pentomino subset; distinct and raw agree with an independent packer', () => {
    const board = rect(5, 6);
    const naive = naiveCount(board, selectPieces(pentominoSet(), 'LLNNPP').kinds);
    expect(pack({ board, pieces: 'LLNNPP' }).solutions).toBe(naive.distinct);
    expect(pack({ board, pieces: 'LLNNPP', all: true }).solutions).toBe(naive.raw);
    expect(naive).toEqual({ raw: 66, distinct: 17 });
    // A subset with an asymmetric piece used once: raw = |G| x distinct.
    expect(pack({ board: rect(3, 10), pieces: 'LLPPUU' }).solutions).toBe(3);
    expect(pack({ board: rect(5, 5), pieces: 'LPUVY' }).solutions).toBe(0);
  });

  it('packs tetrominoes from a piece file, symmetric packings counted once (checked independently)', () => {
    const set = parsePieceSet(TETROMINOES, 'tetrominoes.txt');
    const twoOfEach = selectPieces(set, 'IIOOTTSSLL');
    const board = rect(5, 8);
    const naive = naiveCount(board, twoOfEach.kinds);
    const distinct = pack({ board, pieces: twoOfEach });
    const raw = pack({ board, pieces: twoOfEach, all: true });
    expect({ raw: raw.solutions, distinct: distinct.solutions }).toEqual(naive);
    // Some packings are their own mirror image, so raw is less than 4 x distinct.
    expect(raw.solutions).toBeLessThan(4 * distinct.solutions);
    expect(naive).toEqual({ raw: 3106, distinct: 783 });
  });

  it('uses a single asymmetric tetromino once: raw = |G| x distinct', () => {
    const set = selectPieces(parsePieceSet(TETROMINOES), 'IOTTSL');
    const distinct = pack({ board: rect(4, 6), pieces: set }).solutions;
    expect(pack({ board: rect(4, 6), pieces: set, all: true }).solutions).toBe(4 * distinct);
    expect(distinct).toBe(4);
  });

  it('takes --piece-file and --pieces in the plugin options', () => {
    const instance = parseInstance(
      { 'piece-file': { name: 'tetrominoes.txt', text: TETROMINOES }, pieces: 'IOTTSL' },
      { name: 'b.txt', text: '......\n......\n......\n......\n' },
    );
    expect(pieceLetters(instance.pieces)).toBe('IOTTSL');
    expect(errorOf(() => parseInstance({ 'piece-file': { name: 't.txt', text: TETROMINOES } }, { name: 'b.txt', text: '.....\n.....\n' }))).toBe(
      'b.txt: the board has 10 cells but the 5 pieces cover 20',
    );
  });
});
