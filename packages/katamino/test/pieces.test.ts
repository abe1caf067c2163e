import { InputError } from '@kit/core';
import { pack } from '@kit/pentomino/packing';
import { describe, expect, it } from 'vitest';
import { katamino } from '../src/index.js';

const boardFor = (pieces: string) => Array.from({ length: 5 }, () => '.'.repeat(pieces.length));

describe('katamino --pieces', () => {
  it('counts the distinct tilings of a set, checked against the pentomino engine and the raw count', () => {
    // LNPUVY on 5 x 6: no tiling is symmetric, so raw = 4 x distinct.
    expect(katamino({ pieces: 'LNPUVY' }).solutions).toBe(14);
    expect(katamino({ pieces: 'LNPUVY', all: true }).solutions).toBe(56);
    expect(pack({ board: boardFor('LNPUVY'), pieces: 'LNPUVY' }).solutions).toBe(14);
    expect(pack({ board: boardFor('LNPUVY'), pieces: 'LNPUVY', all: true }).solutions).toBe(56);
  });

  it('solves the whole 5 x 12 board: 1010 distinct, 4040 raw', () => {
    expect(katamino({ pieces: 'FILNPTUVWXYZ' }).solutions).toBe(1010);
  });

  it("uses the square 5 x 5 board's 8 symmetries", () => {
    let raw = 0;
    const distinct = katamino({ pieces: 'NPVWY', all: false }).solutions;
    katamino({ pieces: 'NPVWY', all: true, onSolution: () => raw++ });
    expect(distinct).toBe(3);
    expect(raw).toBe(8 * distinct);
    expect(pack({ board: boardFor('NPVWY'), pieces: 'NPVWY' }).solutions).toBe(distinct);
  });

  it('lists each distinct tiling once, as rows of piece letters', () => {
    const seen: string[][] = [];
    katamino({ pieces: 'FLPTUVWXY', onSolution: (rows) => seen.push(rows) });
    expect(seen).toHaveLength(9);
    for (const rows of seen) {
      expect(rows).toHaveLength(5);
      expect([...rows.join('')].sort().join('')).toBe([...'FLPTUVWXY'].map((p) => p.repeat(5)).join(''));
    }
  });

  it('with the booklet rule, counts only tilings whose I lies flat (checked on the raw tilings)', () => {
    let flat = 0;
    pack({ board: boardFor('ILNPUVY'), pieces: 'ILNPUVY', all: true, onSolution: (rows) => (flat += rows.some((r) => r.includes('IIIII')) ? 1 : 0) });
    expect(katamino({ pieces: 'ILNPUVY', horizontalI: true, all: true }).solutions).toBe(flat);
    expect(katamino({ pieces: 'ILNPUVY', horizontalI: true }).solutions * 4).toBe(flat);
    expect(katamino({ pieces: 'ILNPUVY' }).solutions).toBe(51);
    expect(flat).toBe(60);
  });

  it('stops at a limit', () => {
    expect(katamino({ pieces: 'FILNPTUVWXYZ', limit: 3 }).solutions).toBe(3);
  });

  it('rejects bad letters in one line', () => {
    expect(() => katamino({ pieces: 'LPQ' })).toThrow(new InputError('unknown piece "Q" in pieces (choose from FILNPTUVWXYZ)'));
    expect(() => katamino({ pieces: 'LPL' })).toThrow('piece L is named twice in pieces (Katamino has one of each)');
    expect(() => katamino({ pieces: 'LP' })).toThrow('pieces needs 3 to 12 pieces (got 2)');
  });
});
