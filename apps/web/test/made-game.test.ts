// The address of a made game, read and written without a browser: every value checked against the
// generator's description, the day's game from dailySeed, and an example's options as a request.
import { type GeneratorSpec, dailySeed } from '@kit/core/make';
import { describe, expect, it } from 'vitest';
import { dailyGame, dailyLevel, madeInUrl, madeSearch, sampleMade, withoutFlags } from '../src/app/play/made-game.js';

const HITORI_LIKE: GeneratorSpec = {
  levels: ['easy', 'tricky', 'hard'],
  size: { default: '10x10', min: 4, max: 20 },
  parameters: [{ name: 'fill', type: 'file', help: 'a pattern' }],
};
const NOON = new Date('2026-12-03T12:00:00Z');

describe('madeInUrl', () => {
  it('reads a made game, and writes the same address back', () => {
    const search = '?puzzle=hitori-sat&play=1&new=1&difficulty=tricky&seed=4294967295&size=15x12';
    const made = madeInUrl(search, 'hitori-sat', HITORI_LIKE, NOON);
    expect(made).toEqual({ difficulty: 'tricky', seed: 4294967295, size: '15x12', parameters: {}, day: undefined });
    expect(madeSearch('hitori-sat', made as Exclude<typeof made, string | undefined>)).toBe(search);
    expect(madeSearch('hitori-sat', made as Exclude<typeof made, string | undefined>, '1-a-2')).toBe(`${search}&game=1-a-2`);
  });

  it("takes the defaults, and the day's seed and middle level with daily=1", () => {
    expect(madeInUrl('?puzzle=x&play=1&new=1', 'x', HITORI_LIKE, NOON)).toEqual({ difficulty: 'easy', seed: 1, size: '10x10', parameters: {}, day: undefined });
    expect(madeInUrl('?puzzle=x&play=1&daily=1', 'x', HITORI_LIKE, NOON)).toEqual({
      difficulty: 'tricky',
      seed: dailySeed('x', NOON),
      size: '10x10',
      parameters: {},
      day: '2026-12-03',
    });
    expect(dailyGame('x', HITORI_LIKE, NOON).seed).toBe(dailySeed('x', NOON));
    // Another day's seed with daily=1 reopens that game, no longer named as today's.
    expect(madeInUrl('?daily=1&seed=5', 'x', HITORI_LIKE, NOON)).toMatchObject({ seed: 5, day: undefined });
    expect(dailyLevel({ levels: ['easy', 'hard'] })).toBe('easy');
    expect(dailyLevel({ levels: ['a', 'b', 'c', 'd', 'e'] })).toBe('c');
  });

  it('refuses what the generator does not take, in one line each; without new=1 it is not a made game', () => {
    const read = (query: string) => madeInUrl(`?new=1&${query}`, 'x', HITORI_LIKE, NOON);
    expect(read('difficulty=fiendish')).toBe('difficulty must be one of easy, tricky, hard (got "fiendish")');
    expect(read('seed=4294967296')).toBe('seed must be an integer from 0 to 4294967295 (got "4294967296")');
    expect(read('seed=-1')).toBe('seed must be an integer from 0 to 4294967295 (got "-1")');
    expect(read('seed=1e3')).toBe('seed must be an integer from 0 to 4294967295 (got "1e3")');
    expect(read('size=3x10')).toBe('size 3x10: each side must be 4 to 20');
    expect(read('size=10')).toBe('size must be WxH (got "10")');
    expect(madeInUrl('?new=1', 'x', undefined, NOON)).toBe('this puzzle has no generator, so the link cannot make one');
    expect(madeInUrl('?puzzle=pentomino&size=8&seed=3', 'pentomino', HITORI_LIKE, NOON)).toBeUndefined();
    // A pattern gives the size: none is asked for unless the address names one.
    expect(read('fill=1%200%0A0%201')).toEqual({ difficulty: 'easy', seed: 1, size: undefined, parameters: { fill: '1 0\n0 1' }, day: undefined });
    expect(read('fill=1&size=6x6')).toMatchObject({ size: '6x6', parameters: { fill: '1' } });
    expect(madeSearch('x', { difficulty: 'easy', seed: 1, size: undefined, parameters: { fill: '1 0' }, day: undefined })).toBe(
      '?puzzle=x&play=1&new=1&difficulty=easy&seed=1&fill=1+0',
    );
  });
});

describe('sampleMade', () => {
  it("makes an example that asks to generate: its size, seed and the generator's parameters", () => {
    expect(sampleMade({ name: 'generate', title: '', options: { generate: '7x7', seed: 7 } }, HITORI_LIKE)).toEqual({
      difficulty: 'easy',
      seed: 7,
      size: '7x7',
      parameters: {},
      day: undefined,
    });
    expect(sampleMade({ name: 'fill', title: '', options: { fill: '0 1\n1 0\n' } }, HITORI_LIKE)).toEqual({
      difficulty: 'easy',
      seed: 1,
      size: undefined,
      parameters: { fill: '0 1\n1 0\n' },
      day: undefined,
    });
    expect(sampleMade({ name: 'sweep', title: '', options: { n: '5' } }, HITORI_LIKE)).toBeUndefined();
    expect(sampleMade({ name: 'plain', title: '', input: '1 2\n2 1\n' }, HITORI_LIKE)).toBeUndefined();
  });
});

describe('withoutFlags', () => {
  it('words flags as names, leaving other dashes alone', () => {
    expect(withoutFlags('play mode takes a puzzle to solve, not --fill or --generate')).toBe('play mode takes a puzzle to solve, not fill or generate');
    expect(withoutFlags('(--pieces), not --n or --challenge; a-b -- c')).toBe('(pieces), not n or challenge; a-b -- c');
  });
});
