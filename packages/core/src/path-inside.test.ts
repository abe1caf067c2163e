import { describe, expect, it } from 'vitest';
import { isInside } from './path-inside.js';

describe('isInside', () => {
  it('takes a path below the folder, at any depth, as inside', () => {
    expect(isInside('/pkg', '/pkg/plugin.js')).toBe(true);
    expect(isInside('/pkg', '/pkg/dist/deep/plugin.js')).toBe(true);
    expect(isInside('/pkg/', '/pkg/./dist/../plugin.js')).toBe(true);
  });

  it('takes a folder whose name starts with two dots as inside', () => {
    expect(isInside('/pkg', '/pkg/..build/plugin.js')).toBe(true);
    expect(isInside('/pkg', '/pkg/...')).toBe(true);
  });

  it('takes the folder itself, its parents and anything beside it as outside', () => {
    expect(isInside('/pkg', '/pkg')).toBe(false);
    expect(isInside('/pkg', '/')).toBe(false);
    expect(isInside('/pkg', '/pkg/dist/../../elsewhere.js')).toBe(false);
    expect(isInside('/pkg', '/pkg-two/plugin.js')).toBe(false);
    expect(isInside('/pkg', '/other/plugin.js')).toBe(false);
  });
});
