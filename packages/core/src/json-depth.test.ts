import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from './json-depth.js';

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects, at the limit and one past it', () => {
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('[[],[],[]]', 2)).toBe(false);
    expect(jsonNestsDeeperThan('1', 0)).toBe(false);
    expect(jsonNestsDeeperThan('[]', 0)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan('["[[[[", "\\"[[[[", "\\\\", {"{{{": "]]]"}]', 2)).toBe(false);
    expect(jsonNestsDeeperThan('["\\\\", [[1]]]', 2)).toBe(true);
  });

  it('counts past openings that do not nest, and openings in strings, when there are more of them than the limit', () => {
    const flat = `[${'[],'.repeat(100)}[]]`;
    expect(jsonNestsDeeperThan(flat, 2)).toBe(false);
    expect(jsonNestsDeeperThan(flat, 1)).toBe(true);
    expect(jsonNestsDeeperThan(`["${'{'.repeat(100)}", [[1]]]`, 2)).toBe(true);
    expect(jsonNestsDeeperThan(`["${'{'.repeat(100)}", [1]]`, 2)).toBe(false);
  });

  it('answers for 1,000,000 levels without recursion, stopping at the limit', () => {
    expect(jsonNestsDeeperThan(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`, 64)).toBe(true);
    expect(jsonNestsDeeperThan(`${'['.repeat(64)}${']'.repeat(64)}`, 64)).toBe(false);
  });
});
