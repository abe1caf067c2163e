// Each entry point of @kit/core is one bundled file, so a process can hold two copies of a class:
// the bundle's, and here the per-file module's. instanceof must hold across them both ways.
import { describe, expect, it } from 'vitest';
import * as bundle from '../dist/index.js';
import { InputError as FileInputError } from '../dist/errors.js';
import { AbortedError as FileAbortedError } from '../dist/run-solver.js';
import { PluginLoadError as FilePluginLoadError } from '../dist/plugin-load-error.js';

describe('instanceof across copies of @kit/core', () => {
  it('holds both ways for InputError, AbortedError and PluginLoadError', () => {
    expect(FileAbortedError).not.toBe(bundle.AbortedError);
    const pairs = [
      [FileInputError, bundle.InputError, () => new FileInputError('x'), () => new bundle.InputError('x')],
      [FileAbortedError, bundle.AbortedError, () => new FileAbortedError(), () => new bundle.AbortedError()],
      [FilePluginLoadError, bundle.PluginLoadError, () => new FilePluginLoadError('p', 'r'), () => new bundle.PluginLoadError('p', 'r')],
    ] as const;
    for (const [fileClass, bundleClass, fromFile, fromBundle] of pairs) {
      expect(fromFile()).toBeInstanceOf(bundleClass);
      expect(fromBundle()).toBeInstanceOf(fileClass);
      expect(fromBundle()).toBeInstanceOf(Error);
    }
    expect(new FileAbortedError()).not.toBeInstanceOf(bundle.InputError);
    expect(new Error('x')).not.toBeInstanceOf(bundle.AbortedError);
    expect({ name: 'AbortError' }).not.toBeInstanceOf(bundle.AbortedError);
  });

  it('keeps the usual rule for subclasses', () => {
    class Located extends bundle.InputError {}
    expect(new Located('x')).toBeInstanceOf(FileInputError);
    expect(new Located('x')).toBeInstanceOf(Located);
    expect(new bundle.InputError('x')).not.toBeInstanceOf(Located);
    expect(new FileInputError('x')).not.toBeInstanceOf(Located);
  });
});
