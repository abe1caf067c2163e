// An independent check of challenges: a plain exact cover of a board's free cells by pentominoes,
// cell by cell (the first free cell in reading order must be covered by some piece's first cell),
// with its own drawings of the pieces. It shares nothing with the package's solver.

const DRAWN: Record<string, string> = {
  F: '.FF/FF./.F.',
  I: 'IIIII',
  L: 'L.../LLLL',
  N: 'NN../.NNN',
  P: 'PP/PP/P.',
  T: 'TTT/.T./.T.',
  U: 'U.U/UUU',
  V: 'V../V../VVV',
  W: 'W../WW./.WW',
  X: '.X./XXX/.X.',
  Y: '..Y./YYYY',
  Z: 'ZZ./.Z./.ZZ',
};

type Cells = Array<[number, number]>;

function normalised(cells: Cells): Cells {
  const top = Math.min(...cells.map(([r]) => r));
  const left = Math.min(...cells.map(([, c]) => c));
  return cells.map(([r, c]) => [r - top, c - left] as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** A piece's distinct orientations, each sorted in reading order (so [0] is its first cell). */
export function pieceOrientations(name: string): Cells[] {
  let cells: Cells = DRAWN[name]!.split('/').flatMap((row, r) => [...row].flatMap((char, c) => (char === '.' ? [] : [[r, c] as [number, number]])));
  const seen = new Map<string, Cells>();
  for (let flip = 0; flip < 2; flip++, cells = cells.map(([r, c]) => [r, -c])) {
    for (let turn = 0; turn < 4; turn++, cells = cells.map(([r, c]) => [c, -r])) {
      const shape = normalised(cells);
      seen.set(JSON.stringify(shape), shape);
    }
  }
  return [...seen.values()];
}

/**
 * The packings (up to `limit`) of the `.` cells of `rows` by `pieces` (letters, once each), every
 * packing counted, mirror images included. `allow` can refuse an orientation (Katamino's upright I).
 */
export function countCovers(rows: readonly string[], pieces: string, limit: number, allow: (name: string, cells: Cells) => boolean = () => true): number {
  const height = rows.length;
  const width = rows[0]!.length;
  const free = rows.flatMap((row) => [...row].map((char) => char === '.'));
  const kinds = [...pieces].map((name) => pieceOrientations(name).filter((cells) => allow(name, cells)));
  const used = kinds.map(() => false);
  let found = 0;
  const search = (from: number): void => {
    let cell = from;
    while (cell < free.length && !free[cell]) cell++;
    if (cell === free.length) {
      found++;
      return;
    }
    const row = Math.floor(cell / width);
    const col = cell % width;
    for (let k = 0; k < kinds.length && found < limit; k++) {
      if (used[k]) continue;
      for (const shape of kinds[k]!) {
        const [r0, c0] = shape[0]!;
        const at = shape.map(([r, c]) => [row + r - r0, col + c - c0] as const);
        if (!at.every(([r, c]) => r >= 0 && r < height && c >= 0 && c < width && free[r * width + c])) continue;
        for (const [r, c] of at) free[r * width + c] = false;
        used[k] = true;
        search(cell + 1);
        used[k] = false;
        for (const [r, c] of at) free[r * width + c] = true;
        if (found >= limit) return;
      }
    }
  };
  search(0);
  return found;
}
