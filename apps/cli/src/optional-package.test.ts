import { describe, expect, it } from 'vitest';
import { isMissingPackage, loadOptional } from './optional-package.js';

describe('loadOptional', () => {
  it('a package that is not installed: one line naming what to install', async () => {
    await expect(loadOptional('@kit/nonesuch', 'kit worker', () => import('@kit/nonesuch' as string))).rejects.toThrow(
      'kit worker needs @kit/nonesuch, which is not installed: npm install @kit/nonesuch (beside @kit/cli)',
    );
  });

  it('another failure goes through unchanged, and an installed package loads', async () => {
    const broken = new Error('boom');
    await expect(loadOptional('@kit/queue', '--queue', () => Promise.reject(broken))).rejects.toBe(broken);
    expect(typeof (await loadOptional('@kit/core', 'kit run', () => import('@kit/core'))).InputError).toBe('function');
  });

  it('tells the package itself missing from one of its own imports missing, in require() and import() wording', () => {
    const esm = (specifier: string) => Object.assign(new Error(`Cannot find package '${specifier}' imported from /x.js`), { code: 'ERR_MODULE_NOT_FOUND' });
    const cjs = (specifier: string) => Object.assign(new Error(`Cannot find module '${specifier}'\nRequire stack:\n- /x.cjs`), { code: 'MODULE_NOT_FOUND' });
    expect(isMissingPackage(esm('@kit/queue'), '@kit/queue')).toBe(true);
    expect(isMissingPackage(cjs('@kit/queue/trust'), '@kit/queue')).toBe(true);
    expect(isMissingPackage(cjs('ioredis'), '@kit/queue')).toBe(false);
    expect(isMissingPackage(esm('@kit/queue-x'), '@kit/queue')).toBe(false);
    expect(isMissingPackage(new Error("Cannot find module '@kit/queue'"), '@kit/queue')).toBe(false);
  });
});
