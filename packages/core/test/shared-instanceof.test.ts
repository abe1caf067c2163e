// Each entry point of @kit/core is one bundled file, so a process can hold two copies of a class:
// an entry's bundle's, and here the per-file module's. instanceof must hold across them both ways.
import { describe, expect, it } from 'vitest';
import * as author from '../dist/index.js';
import * as host from '../dist/host.js';
import * as play from '../dist/play/index.js';
import { InputError as FileInputError } from '../dist/errors.js';
import { AbortedError as FileAbortedError } from '../dist/aborted.js';
import { PluginLoadError as FilePluginLoadError } from '../dist/plugin-load-error.js';
import { PlayMoveError as FilePlayMoveError } from '../dist/play/board.js';

describe('instanceof across copies of @kit/core', () => {
  it('holds both ways for InputError, AbortedError, PluginLoadError and PlayMoveError', () => {
    expect(FileAbortedError).not.toBe(host.AbortedError);
    const pairs = [
      [FileInputError, author.InputError, () => new FileInputError('x'), () => new author.InputError('x')],
      [FileAbortedError, host.AbortedError, () => new FileAbortedError(), () => new host.AbortedError()],
      [FilePluginLoadError, host.PluginLoadError, () => new FilePluginLoadError('p', 'r'), () => new host.PluginLoadError('p', 'r')],
      [FilePlayMoveError, play.PlayMoveError, () => new FilePlayMoveError('x'), () => new play.PlayMoveError('x')],
    ] as const;
    for (const [fileClass, bundleClass, fromFile, fromBundle] of pairs) {
      expect(fromFile()).toBeInstanceOf(bundleClass);
      expect(fromBundle()).toBeInstanceOf(fileClass);
      expect(fromBundle()).toBeInstanceOf(Error);
    }
    expect(new FileAbortedError()).not.toBeInstanceOf(author.InputError);
    expect(new Error('x')).not.toBeInstanceOf(host.AbortedError);
    expect({ name: 'AbortError' }).not.toBeInstanceOf(host.AbortedError);
  });

  it('keeps the usual rule for subclasses', () => {
    class Located extends author.InputError {}
    expect(new Located('x')).toBeInstanceOf(FileInputError);
    expect(new Located('x')).toBeInstanceOf(Located);
    expect(new author.InputError('x')).not.toBeInstanceOf(Located);
    expect(new FileInputError('x')).not.toBeInstanceOf(Located);
  });
});
