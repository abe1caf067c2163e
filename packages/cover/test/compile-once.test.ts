import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileOnce } from '../src/index.js';

// The smallest valid module: the magic number and version 1, no sections.
const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('compileOnce', () => {
  it('compiles on the first call only and returns that module after', () => {
    const compile = vi.spyOn(WebAssembly, 'Module');
    try {
      const module = compileOnce(EMPTY_MODULE);
      expect(compile).toHaveBeenCalledTimes(0);
      const first = module();
      expect(first).toBeInstanceOf(WebAssembly.Module);
      expect(module()).toBe(first);
      expect(compile).toHaveBeenCalledTimes(1);
    } finally {
      compile.mockRestore();
    }
  });

  it('gives each set of bytes its own module', () => {
    expect(compileOnce(EMPTY_MODULE)()).not.toBe(compileOnce(EMPTY_MODULE)());
  });

  it('is null, once, for bytes that are not a module', () => {
    const module = compileOnce(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x02, 0x00, 0x00, 0x00]));
    expect(module()).toBeNull();
    expect(module()).toBeNull();
  });

  it('is null where WebAssembly is missing or refused', () => {
    vi.stubGlobal('WebAssembly', undefined);
    expect(compileOnce(EMPTY_MODULE)()).toBeNull();
    vi.unstubAllGlobals();
    class Refused {
      constructor() {
        throw new Error(
          "WebAssembly.Module(): Refused to compile or instantiate WebAssembly module because 'wasm-unsafe-eval' is not an allowed source of script",
        );
      }
    }
    vi.stubGlobal('WebAssembly', { ...WebAssembly, Module: Refused });
    expect(compileOnce(EMPTY_MODULE)()).toBeNull();
  });
});
