import { describe, expect, it } from 'vitest';
import { chainPower, colourBonus, groupBonus } from '../src/index.js';
import { garbageSent, stepScore } from '../src/rules.js';

describe('Tsu scoring tables', () => {
  it('chain power: 0, 8, 16, 32, 64, 96, then +32', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 19].map(chainPower)).toEqual([0, 8, 16, 32, 64, 96, 128, 160, 512]);
  });
  it('colour bonus for 1..5 colours', () => {
    expect([1, 2, 3, 4, 5].map(colourBonus)).toEqual([0, 3, 6, 12, 24]);
  });
  it('group bonus for sizes 4..11 and beyond', () => {
    expect([4, 5, 6, 7, 8, 9, 10, 11, 12, 30].map(groupBonus)).toEqual([0, 2, 3, 4, 5, 6, 7, 10, 10, 10]);
  });
  it('multiplier is clamped to 1..999', () => {
    expect(stepScore(4, 0, 1, 0)).toBe(40);
    expect(stepScore(4, 999, 5, 10)).toBe(10 * 4 * 999);
  });
  it('garbage sent is floor(score / 70)', () => {
    expect(garbageSent(175080)).toBe(2501);
    expect(garbageSent(69)).toBe(0);
  });
});
