// A plain exhaustive checker for challenges, sharing no code with src/ (only the pieces' cube lists
// come from the named sets, as data): its own reading of the challenge text, its own rotations (the
// closure of two quarter turns), and backtracking that fills the first free cube in z, y, x order
// with every piece left in every orientation that has that cube as its own first cube.

export type Cube = readonly [number, number, number];

export interface PlainChallenge {
  set: string;
  size: [number, number, number];
  /** `grid[z][y][x]`: `.` free, `#` hole, a letter a laid piece's cube. */
  grid: string[][][];
}

/** Reads `set: NAME`, then layers separated by blank lines (the `# ...` header line of kit generate skipped). */
export function readPlainChallenge(text: string): PlainChallenge {
  let set = '';
  const layers: string[][] = [[]];
  for (const line of text.split('\n')) {
    if (line.startsWith('# ')) continue;
    const header = /^set:\s*(\S+)$/.exec(line);
    if (header) {
      set = header[1]!;
      continue;
    }
    if (line.trim() === '') {
      if (layers[layers.length - 1]!.length > 0) layers.push([]);
      continue;
    }
    layers[layers.length - 1]!.push(line);
  }
  if (layers[layers.length - 1]!.length === 0) layers.pop();
  const grid = layers.map((rows) => rows.map((row) => [...row]));
  return { set, size: [grid[0]![0]!.length, grid[0]!.length, grid.length], grid };
}

type Matrix = number[][];
const times = (a: Matrix, b: Matrix): Matrix => a.map((row) => [0, 1, 2].map((j) => row[0]! * b[0]![j]! + row[1]! * b[1]![j]! + row[2]! * b[2]![j]!));

function allRotations(): Matrix[] {
  const quarterX: Matrix = [
    [1, 0, 0],
    [0, 0, -1],
    [0, 1, 0],
  ];
  const quarterY: Matrix = [
    [0, 0, 1],
    [0, 1, 0],
    [-1, 0, 0],
  ];
  const seen = new Map<string, Matrix>([
    [
      '100010001',
      [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ],
    ],
  ]);
  const todo = [...seen.values()];
  while (todo.length > 0) {
    const m = todo.pop()!;
    for (const q of [quarterX, quarterY]) {
      const next = times(q, m);
      const key = next.flat().join('');
      if (!seen.has(key)) {
        seen.set(key, next);
        todo.push(next);
      }
    }
  }
  return [...seen.values()];
}
const ROTATIONS = allRotations();

/** Cubes moved to start at 0 and sorted by z, then y, then x. */
function settle(cubes: readonly Cube[]): Cube[] {
  const low = [0, 1, 2].map((i) => Math.min(...cubes.map((c) => c[i]!)));
  return cubes.map((c): Cube => [c[0] - low[0]!, c[1] - low[1]!, c[2] - low[2]!]).sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
}
const keyOf = (cubes: readonly Cube[]) => cubes.map((c) => c.join(',')).join(';');

/** The distinct orientations of a piece under the 24 rotations. */
export function turnings(cubes: readonly Cube[]): Cube[][] {
  const found = new Map<string, Cube[]>();
  for (const m of ROTATIONS) {
    const turned = settle(cubes.map((c): Cube => [0, 1, 2].map((i) => m[i]![0]! * c[0] + m[i]![1]! * c[1] + m[i]![2]! * c[2]) as unknown as Cube));
    found.set(keyOf(turned), turned);
  }
  return [...found.values()];
}

/** Is this set of cubes the piece, turned some way (not mirrored)? */
export function isTurnOf(cubes: readonly Cube[], piece: readonly Cube[]): boolean {
  const key = keyOf(settle(cubes));
  return turnings(piece).some((turned) => keyOf(turned) === key);
}

export interface PlainCompletions {
  count: number;
  /** The first completion: for each cube (x + X * (y + Y * z)) the piece's name, free cubes only. */
  first?: Map<number, string>;
}

/** Completions of the free cubes, each piece used once, counted up to `limit`. */
export function plainCompletions(
  size: readonly [number, number, number],
  free: readonly boolean[],
  pieces: ReadonlyArray<{ name: string; cubes: readonly Cube[] }>,
  limit: number,
): PlainCompletions {
  const [X, Y, Z] = size;
  const open = [...free];
  const turned = pieces.map((piece) => turnings(piece.cubes));
  const used = pieces.map(() => false);
  const owner = new Map<number, string>();
  let count = 0;
  let first: Map<number, string> | undefined;
  const go = (): boolean => {
    const cell = open.indexOf(true);
    if (cell < 0) {
      count++;
      first ??= new Map(owner);
      return count >= limit;
    }
    const [cx, cy, cz] = [cell % X, Math.floor(cell / X) % Y, Math.floor(cell / (X * Y))];
    for (let p = 0; p < pieces.length; p++) {
      if (used[p]) continue;
      for (const shape of turned[p]!) {
        // The first cube of the shape (z, y, x order) goes on the first free cube.
        const [ax, ay, az] = shape[0]!;
        const cells: number[] = [];
        let fits = true;
        for (const [x, y, z] of shape) {
          const [tx, ty, tz] = [x - ax + cx, y - ay + cy, z - az + cz];
          if (tx < 0 || ty < 0 || tz < 0 || tx >= X || ty >= Y || tz >= Z || !open[tx + X * (ty + Y * tz)]) {
            fits = false;
            break;
          }
          cells.push(tx + X * (ty + Y * tz));
        }
        if (!fits) continue;
        used[p] = true;
        for (const c of cells) {
          open[c] = false;
          owner.set(c, pieces[p]!.name);
        }
        const done = go();
        for (const c of cells) {
          open[c] = true;
          owner.delete(c);
        }
        used[p] = false;
        if (done) return true;
      }
    }
    return false;
  };
  go();
  return { count, ...(first ? { first } : {}) };
}
