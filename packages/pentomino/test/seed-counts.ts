// The reference counts of a seed board (tooling/reference-counts.json), found by the board's own name.
import reference from '@kit/tooling/reference-counts.json' with { type: 'json' };
import { parseInstance } from '../src/index.js';

type SeedName = keyof typeof reference.pentomino;

export function seedCounts(size: number): (typeof reference.pentomino)[SeedName] {
  const name = parseInstance({ size }).name;
  if (!(name in reference.pentomino)) throw new Error(`no reference counts for the seed board ${name}`);
  return reference.pentomino[name as SeedName];
}
