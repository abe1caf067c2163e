// An independent, deliberately plain packer for cross-checking: its own rotations (the closure of
// two quarter turns), cells as "x,y,z" strings, an exact-cover search that branches on the cell
// with the fewest candidate placements, and distinct packings found by comparing canonical keys
// over the target's symmetries. Shares no code with src/ but the input types.

export interface NaiveKind {
  name: string;
  cubes: readonly (readonly number[])[];
  count: number;
}

type Matrix = number[][];

const multiply = (a: Matrix, b: Matrix): Matrix => a.map((row) => [0, 1, 2].map((j) => row[0]! * b[0]![j]! + row[1]! * b[1]![j]! + row[2]! * b[2]![j]!));
const apply = (m: Matrix, v: readonly number[]): number[] => m.map((row) => row[0]! * v[0]! + row[1]! * v[1]! + row[2]! * v[2]!);

/** The 24 rotations: everything two quarter turns generate. */
export function rotations(): Matrix[] {
  const turnX: Matrix = [
    [1, 0, 0],
    [0, 0, -1],
    [0, 1, 0],
  ];
  const turnZ: Matrix = [
    [0, -1, 0],
    [1, 0, 0],
    [0, 0, 1],
  ];
  const found = new Map<string, Matrix>([
    [
      '1,0,0,0,1,0,0,0,1',
      [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ],
    ],
  ]);
  const queue = [...found.values()];
  while (queue.length > 0) {
    const m = queue.pop()!;
    for (const g of [turnX, turnZ]) {
      const next = multiply(g, m);
      const key = next.flat().join(',');
      if (!found.has(key)) {
        found.set(key, next);
        queue.push(next);
      }
    }
  }
  return [...found.values()];
}

/** The 48 symmetries: the rotations, and each composed with a mirror. */
export function symmetries(): { m: Matrix; mirror: boolean }[] {
  const mirror: Matrix = [
    [-1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  return rotations().flatMap((r) => [
    { m: r, mirror: false },
    { m: multiply(r, mirror), mirror: true },
  ]);
}

function normalized(cubes: readonly (readonly number[])[]): string {
  const min = [0, 1, 2].map((i) => Math.min(...cubes.map((c) => c[i]!)));
  return cubes
    .map((c) => c.map((v, i) => v - min[i]!).join(','))
    .sort()
    .join(' ');
}

function orientationKeys(cubes: readonly (readonly number[])[]): Set<string> {
  return new Set(rotations().map((r) => normalized(cubes.map((c) => apply(r, c)))));
}

/** True when every chiral kind has a mirror twin with the same count (so reflections count too). */
export function mirrorClosed(kinds: readonly NaiveKind[]): boolean {
  return kinds.every((kind) => {
    const mirrored = normalized(kind.cubes.map(([x, y, z]) => [-x!, y!, z!]));
    return kinds.some((other) => other.count === kind.count && orientationKeys(other.cubes).has(mirrored));
  });
}

export interface NaiveResult {
  raw: number;
  distinct: number;
  /** Canonical keys of the distinct packings (for comparisons). */
  keys: Set<string>;
}

/**
 * Counts the packings of `kinds` (each used exactly `count` times) into the cubes of `layers`
 * (`layers[z][y][x]`, '.' a cube), every one and up to the target's symmetries (rotations, plus
 * reflections when `reflections` is true, mapping each chiral piece to its mirror twin).
 */
export function naiveCount(layers: readonly (readonly string[])[], kinds: readonly NaiveKind[], reflections: boolean): NaiveResult {
  const cells: string[] = [];
  for (const [z, layer] of layers.entries()) {
    for (const [y, row] of layer.entries()) for (const [x, char] of [...row].entries()) if (char === '.') cells.push(`${x},${y},${z}`);
  }
  const cellSet = new Set(cells);
  // Placements: each orientation at each translation that lands on target cubes only.
  const placements: { kind: number; cells: string[] }[] = [];
  kinds.forEach((kind, k) => {
    for (const key of orientationKeys(kind.cubes)) {
      const shape = key.split(' ').map((s) => s.split(',').map(Number));
      for (const anchor of cells) {
        const [ax, ay, az] = anchor.split(',').map(Number) as [number, number, number];
        const [sx, sy, sz] = shape[0]!;
        const at = shape.map(([x, y, z]) => `${x! - sx! + ax},${y! - sy! + ay},${z! - sz! + az}`);
        if (at.every((c) => cellSet.has(c))) placements.push({ kind: k, cells: at });
      }
    }
  });
  // Cells as indices from here on: the search itself is plain integer work.
  const index = new Map(cells.map((c, i) => [c, i]));
  const cellsOf = placements.map((p) => p.cells.map((c) => index.get(c)!));
  const byCell: number[][] = cells.map(() => []);
  for (const [i, list] of cellsOf.entries()) for (const c of list) byCell[c]!.push(i);
  const covered = new Uint8Array(cells.length);
  const left = kinds.map((kind) => kind.count);
  const chosen: number[] = [];
  let raw = 0;
  const keys = new Set<string>();

  // The target's symmetries (optionally with reflections), as permutations of cell indices.
  const twin = kinds.map((kind, k) => {
    const mirrored = normalized(kind.cubes.map(([x, y, z]) => [-x!, y!, z!]));
    const found = kinds.findIndex((other) => orientationKeys(other.cubes).has(mirrored) && other.count === kind.count);
    return found < 0 ? k : found;
  });
  const maps: { perm: number[]; mirror: boolean }[] = [];
  for (const { m, mirror } of symmetries()) {
    if (mirror && !reflections) continue;
    const imageOf = cells.map((c) => apply(m, c.split(',').map(Number)));
    const min = [0, 1, 2].map((i) => Math.min(...imageOf.map((v) => v[i]!)));
    const keyed = imageOf.map((v) => v.map((n, i) => n - min[i]!).join(','));
    if (!keyed.every((c) => cellSet.has(c))) continue;
    maps.push({ perm: keyed.map((c) => index.get(c)!), mirror });
  }
  const label = new Array<string>(cells.length);
  const keyOf = (perm: readonly number[], mirror: boolean): string => {
    for (const id of chosen) {
      const image = cellsOf[id]!.map((c) => perm[c]!);
      const first = Math.min(...image);
      const name = kinds[mirror ? twin[placements[id]!.kind]! : placements[id]!.kind]!.name;
      for (const c of image) label[c] = `${name}@${first}`;
    }
    return label.join('|');
  };

  const fits = (i: number) => {
    if (left[placements[i]!.kind] === 0) return false;
    for (const c of cellsOf[i]!) if (covered[c]) return false;
    return true;
  };
  const search = (): void => {
    let best = -1;
    let bestCount = Infinity;
    for (let cell = 0; cell < cells.length && bestCount > 1; cell++) {
      if (covered[cell]) continue;
      let count = 0;
      for (const i of byCell[cell]!) if (fits(i)) count++;
      if (count < bestCount) {
        best = cell;
        bestCount = count;
      }
    }
    if (bestCount === 0) return;
    const bestOptions = best < 0 ? [] : byCell[best]!.filter(fits);
    if (best < 0) {
      raw++;
      let key: string | undefined;
      for (const { perm, mirror } of maps) {
        const k = keyOf(perm, mirror);
        if (key === undefined || k < key) key = k;
      }
      keys.add(key!);
      return;
    }
    for (const id of bestOptions) {
      for (const c of cellsOf[id]!) covered[c] = 1;
      left[placements[id]!.kind]!--;
      chosen.push(id);
      search();
      chosen.pop();
      left[placements[id]!.kind]!++;
      for (const c of cellsOf[id]!) covered[c] = 0;
    }
  };
  search();
  return { raw, distinct: keys.size, keys };
}
