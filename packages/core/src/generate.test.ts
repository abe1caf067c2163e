import { describe, expect, it } from 'vitest';
import { generatedHeader, gradeLine, readGeneratedHeader, skipGeneratedHeader } from './generate.js';

describe('generated puzzles', () => {
  it('writes a header that reads back, and parsers see it as a blank line', () => {
    const header = generatedHeader('hitori-sat', { size: '10x10', difficulty: 'tricky' }, 4294967295);
    expect(header).toBe('# hitori-sat 10x10 tricky 4294967295');
    expect(readGeneratedHeader(header)).toEqual({ pluginId: 'hitori-sat', size: '10x10', difficulty: 'tricky', seed: 4294967295 });
    expect(skipGeneratedHeader(`${header}\n1 2\n2 1\n`)).toBe('\n1 2\n2 1\n');
  });

  it('leaves comment lines that are not a header, and headers after the first other line', () => {
    expect(readGeneratedHeader('# a note')).toBeUndefined();
    expect(readGeneratedHeader('#hitori 3x3 easy 1')).toBeUndefined();
    expect(skipGeneratedHeader('# pentomino 6x10 easy 1\n# note\n# pentomino 6x10 easy 2\n')).toBe('\n# note\n# pentomino 6x10 easy 2\n');
  });

  it('says a grade in one line, its steps counted by level in the levels order', () => {
    const step = (level: string) => ({ rule: 'r', level, text: 't', cells: [] });
    const steps = [...Array.from({ length: 24 }, () => step('easy')), ...Array.from({ length: 7 }, () => step('tricky'))].reverse();
    expect(gradeLine({ size: '10x10', level: 'tricky', steps }, ['easy', 'tricky', 'hard'])).toBe('10x10: tricky (31 steps: 24 easy, 7 tricky)');
    expect(gradeLine({ size: '1x1', level: 'easy', steps: [step('easy')] }, ['easy'])).toBe('1x1: easy (1 step: 1 easy)');
    expect(gradeLine({ size: '1x1', level: 'easy', steps: [] }, ['easy'])).toBe('1x1: easy (0 steps)');
  });
});

describe('dailySeed and readGeneratorSize', () => {
  it('gives one seed a plugin a UTC day, whatever the time of day', async () => {
    const { dailySeed } = await import('./generate.js');
    const morning = dailySeed('hitori-sat', new Date('2026-12-03T00:00:01Z'));
    expect(dailySeed('hitori-sat', new Date('2026-12-03T23:59:59Z'))).toBe(morning);
    expect(dailySeed('hitori-sat', new Date('2026-12-04T00:00:00Z'))).not.toBe(morning);
    expect(dailySeed('sudoku', new Date('2026-12-03T12:00:00Z'))).not.toBe(morning);
    expect(Number.isInteger(morning) && morning >= 0 && morning < 2 ** 32).toBe(true);
  });

  it('reads sizes within the bounds and says why others are not', async () => {
    const { readGeneratorSize } = await import('./generate.js');
    const spec = { default: '10x10', min: 3, max: 30 };
    expect(readGeneratorSize('10x12', spec)).toEqual([10, 12]);
    expect(readGeneratorSize('10', spec)).toBe('size must be WxH (got "10")');
    expect(readGeneratorSize('2x10', spec)).toBe('size 2x10: each side must be 3 to 30');
    expect(readGeneratorSize('3x4x5', { ...spec, dimensions: 3 })).toEqual([3, 4, 5]);
  });
});
