import { MAX_CUT_DEPTH } from '@kit/core/host';
import { BadRecord, describe } from './json-bounds.js';
import { LIMITS } from './limits.js';

/**
 * A run's cuts as they travel: the submitter's planned task paths (see @kit/core/host's planCuts),
 * each written `12.3.0`, separated by spaces. Read back bounded here (count, depth, each number);
 * whether each one is a part of the plugin's split is checked where the split is made.
 */
export function cutsText(cuts: readonly (readonly number[])[]): string {
  return cuts.map((path) => path.join('.')).join(' ');
}

const NUMBER = /^(0|[1-9][0-9]{0,8})$/;

/** Reads cuts written by {@link cutsText} back from elsewhere; a {@link BadRecord} names `what` when they are malformed or too many. */
export function readCuts(value: unknown, what: string): number[][] {
  if (typeof value !== 'string') throw new BadRecord(`${what} is ${describe(value)}, not text`);
  if (value.length > LIMITS.cutsText) throw new BadRecord(`${what} is ${value.length} characters long (at most ${LIMITS.cutsText})`);
  if (value === '') return [];
  const paths = value.split(' ');
  if (paths.length > LIMITS.cuts) throw new BadRecord(`${what} names ${paths.length} cuts (at most ${LIMITS.cuts})`);
  return paths.map((text) => {
    const parts = text.split('.');
    if (parts.length > MAX_CUT_DEPTH) throw new BadRecord(`${what}: cut ${describe(text)} is more than ${MAX_CUT_DEPTH} deep`);
    return parts.map((part) => {
      const number = NUMBER.test(part) ? Number(part) : NaN;
      if (!(number < LIMITS.tasks)) throw new BadRecord(`${what}: cut ${describe(text)} is not task numbers (as 12.3.0)`);
      return number;
    });
  });
}
