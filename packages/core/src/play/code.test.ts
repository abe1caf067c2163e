import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.js';
import { MAX_GAME_CODE_LENGTH, decodeGame, encodeGame, gameSeed } from './code.js';
import { planarPiece } from './shapes.js';
import type { MarksSetup, PiecesSetup, PlayMove } from './spec.js';

const marks: MarksSetup = {
  kind: 'marks',
  width: 40,
  height: 40,
  marks: [
    { value: '.', label: 'empty' },
    { value: '#', label: 'shaded' },
    { value: 'o', label: 'circled' },
  ],
  notes: [{ value: '7', label: '7' }],
  click: 'cycle',
};
const pieces: PiecesSetup = {
  kind: 'pieces',
  width: 10,
  height: 6,
  tray: [
    planarPiece('I', [
      [0, 0],
      [0, 1],
    ]),
  ],
};

describe('game codes', () => {
  it('round-trips every kind of move, the undo cursor and the seed, in URL-safe characters', () => {
    const moves: PlayMove[] = [
      { type: 'mark', cell: 1599, value: '#' },
      { type: 'mark', cell: 0, value: 'o' },
      { type: 'note', cell: 37, value: '7' },
      { type: 'mark', cell: 1599, value: '.' },
    ];
    const code = encodeGame(marks, { seed: 4294967295, history: { moves, cursor: 3 } });
    expect(code).toBe('1-1z141z3-3.m18f-1.m0-2.n11-0.m18f-0');
    expect(encodeURIComponent(code)).toBe(code);
    expect(decodeGame(code, marks)).toEqual({ seed: 4294967295, history: { moves, cursor: 3 } });
    const laid: PlayMove[] = [
      { type: 'place', piece: 0, orientation: 1, cell: 59 },
      { type: 'lift', cell: 3 },
      { type: 'drop', column: 5, rotation: 3 },
    ];
    const other = encodeGame(pieces, { seed: 0, history: { moves: laid, cursor: 3 } });
    expect(other).toBe('1-0-3.p0-1-1n.l3.d5-3');
    expect(decodeGame(other, pieces).history.moves).toEqual(laid);
    expect(decodeGame('1-9-0', pieces)).toEqual({ seed: 9, history: { moves: [], cursor: 0 } });
  });

  it('refuses a hostile code with one line naming the move, before anything grows with it', () => {
    const fails = (code: string, message: string) => {
      expect(() => decodeGame(code, marks)).toThrow(new InputError(message));
    };
    fails('2-0-0', 'not a game code (it starts like 1-SEED-MOVES)');
    fails('1-0-0.', 'move 1: "" is not a move');
    fails('1-0-1.q1-1', 'move 1: "q1-1" is not a move');
    fails('1-0-1.m1', 'move 1: "m1" is not a move');
    fails('1-0-1.m1-1-1', 'move 1: "m1-1-1" is not a move');
    fails('1-0-1.m1-3', 'move 1: this puzzle has no mark number 3');
    fails('1-0-1.n1-1', 'move 1: this puzzle has no pencil mark number 1');
    fails('1-0-2.m1-1', 'the game code plays 2 moves but holds 1');
    fails('1-zzzzzzz-0', "the game code's seed is over 2^32");
    fails(`1-0-0${'.l1'.repeat(20001)}`, 'a game holds at most 20000 moves');
    fails(`1-0-0${'x'.repeat(MAX_GAME_CODE_LENGTH)}`, `a game code is at most ${MAX_GAME_CODE_LENGTH} characters`);
    expect(() => gameSeed(42 as unknown as string)).toThrow('a game code is at most');
  });
});
