// How many ways the pieces left complete a partly packed box, counted by the kit's own search with
// no symmetry removed (laid pieces pin the packing in place), and the tries that took: the search
// effort a challenge's level is measured by, so the search branches on the first empty cube, as a
// person trying pieces in order would.
import { prepare, runAll } from './engine.js';
import type { PieceKind } from './pieces.js';
import type { Target } from './target.js';

export interface Completions {
  /** Completions found, at most the limit. */
  count: number;
  tries: number;
  /** The first completion's pieces: kind (index into the kinds given) and box cells, ascending. */
  first?: Array<{ kind: number; cells: number[] }>;
  /** Every completion found, in the search's order, when asked for. */
  all?: Array<Array<{ kind: number; cells: number[] }>>;
}

/** The free cubes of the box as a target: `#` everywhere else. */
export function freeTarget(size: readonly [number, number, number], free: Uint8Array): Target {
  const [X, Y, Z] = size;
  const layers: string[][] = [];
  for (let z = 0; z < Z; z++) {
    const rows: string[] = [];
    for (let y = 0; y < Y; y++) {
      let row = '';
      for (let x = 0; x < X; x++) row += free[x + X * (y + Y * z)] ? '.' : '#';
      rows.push(row);
    }
    layers.push(rows);
  }
  return { layers };
}

/**
 * Completions of the free cubes by `left[k]` copies of each kind (up to `limit`). The engine's kinds
 * are the ones with copies left; its answers are mapped back to indices into `kinds`.
 */
export function countCompletions(
  size: readonly [number, number, number],
  free: Uint8Array,
  kinds: readonly PieceKind[],
  left: readonly number[],
  limit: number,
  stop?: () => boolean,
  collect = false,
): Completions {
  const used: number[] = [];
  const set: PieceKind[] = [];
  kinds.forEach((kind, k) => {
    if (left[k]! > 0) {
      used.push(k);
      set.push({ ...kind, min: left[k]!, max: left[k]! });
    }
  });
  const cubes = free.reduce((n, f) => n + f, 0);
  const area = set.reduce((n, kind) => n + kind.max * kind.shape.length, 0);
  if (cubes !== area) return { count: 0, tries: 0 };
  if (cubes === 0) return { count: 1, tries: 0, first: [] };
  const prepared = prepare(freeTarget(size, free), { kinds: set }, { symmetry: 'none', planAbove: Infinity, firstEmptyCell: true });
  let first: Completions['first'];
  const all: NonNullable<Completions['all']> = [];
  const result = runAll(prepared, {
    limit,
    pieces: (pieces) => {
      const mapped = pieces.map(({ kind, cells }) => ({ kind: used[kind]!, cells }));
      first ??= mapped;
      if (collect) all.push(mapped);
    },
    ...(stop ? { tick: () => stop() } : {}),
  });
  return { count: Math.min(result.solutions, limit), tries: result.tries, ...(first ? { first } : {}), ...(collect ? { all } : {}) };
}
