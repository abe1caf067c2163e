// Where WebAssembly cannot compile (a page whose Content-Security-Policy lacks 'wasm-unsafe-eval',
// or no WebAssembly at all) the engine runs the JavaScript kernel: same counts, same tries.
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('without WebAssembly', () => {
  it('searches with the JavaScript kernel', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    vi.resetModules();
    const [{ boardFromRows, pentominoSet, seedBoard }, { prepare, runAll }] = await Promise.all([import('../src/index.js'), import('../src/engine.js')]);
    const prepared = prepare(boardFromRows(seedBoard(5)), pentominoSet());
    expect(prepared.kernel).toBe('js');
    expect(runAll(prepared)).toEqual({ solutions: 1010, tries: 544179, stopped: false });
  });

  it('when the module is refused at compile time', async () => {
    class Refused {
      constructor() {
        throw new Error(
          "WebAssembly.Module(): Refused to compile or instantiate WebAssembly module because 'wasm-unsafe-eval' is not an allowed source of script",
        );
      }
    }
    vi.stubGlobal('WebAssembly', { ...WebAssembly, Module: Refused });
    vi.resetModules();
    const [{ boardFromRows, pentominoSet, seedBoard }, { prepare, runAll }] = await Promise.all([import('../src/index.js'), import('../src/engine.js')]);
    const prepared = prepare(boardFromRows(seedBoard(6)), pentominoSet());
    expect(prepared.kernel).toBe('js');
    const { distinct, tries } = reference.pentomino['6x10'];
    expect(runAll(prepared)).toEqual({ solutions: distinct, tries, stopped: false });
  });
});
