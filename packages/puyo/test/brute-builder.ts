// An independent model of the chain builder for the Suggest tests: its own field (columns of cell
// codes), gravity, flood fill, Tsu scoring and movement rules, written from the README and sharing no
// code with the plugin. It replays a game and tries every placement sequence of a window of pairs.

/** Column x, row 1..14 (index 0 unused); 0 empty, 1..5 the colours R G B Y P, 6 garbage. */
export type Columns = number[][];

const LETTERS = '.RGBYPO';
const GARBAGE = 6;
const CHAIN_POWER = (chain: number) => (chain === 1 ? 0 : chain <= 3 ? 8 * (chain - 1) : chain === 4 ? 32 : chain === 5 ? 64 : 96 + 32 * (chain - 6));
const COLOUR_BONUS = [0, 0, 3, 6, 12, 24];
const GROUP_BONUS = (size: number) => [0, 2, 3, 4, 5, 6, 7, 10][Math.min(size, 11) - 4]!;

/** Field text, top line first, the last line row 1 (as the plugin's parser reads it). */
export function columnsOf(text: string): Columns {
  const lines = text.replace(/\n$/, '').split('\n');
  const columns: Columns = Array.from({ length: 6 }, () => new Array<number>(15).fill(0));
  lines.forEach((line, i) => {
    const row = lines.length - i;
    for (let x = 0; x < 6; x++) {
      const letter = line[x] ?? '.';
      columns[x]![row] = letter === ' ' ? 0 : Math.max(0, LETTERS.indexOf(letter));
    }
  });
  return columns;
}

/** Rows 1..13 of each column fall; row 14 stays where it is. */
function fall(columns: Columns): void {
  for (const column of columns) {
    let to = 1;
    for (let row = 1; row <= 13; row++) if (column[row] !== 0) column[to++] = column[row]!;
    for (; to <= 13; to++) column[to] = 0;
  }
}

const DX = [1, -1, 0, 0];
const DR = [0, 0, 1, -1];

/** One pop of every 4+ group of a colour in rows 1..12 (and the garbage beside it): its score, or -1. */
function pop(columns: Columns, chain: number): number {
  const seen = new Uint8Array(96);
  const cleared: number[] = [];
  const colours = new Set<number>();
  let bonus = 0;
  const todo: number[] = [];
  for (let x = 0; x < 6; x++) {
    for (let row = 1; row <= 12; row++) {
      const colour = columns[x]![row]!;
      if (colour === 0 || colour === GARBAGE || seen[x * 16 + row]) continue;
      const group: number[] = [];
      todo.push(x * 16 + row);
      seen[x * 16 + row] = 1;
      while (todo.length > 0) {
        const at = todo.pop()!;
        group.push(at);
        for (let d = 0; d < 4; d++) {
          const nx = (at >> 4) + DX[d]!;
          const nr = (at & 15) + DR[d]!;
          if (nx < 0 || nx > 5 || nr < 1 || nr > 12 || seen[nx * 16 + nr] || columns[nx]![nr] !== colour) continue;
          seen[nx * 16 + nr] = 1;
          todo.push(nx * 16 + nr);
        }
      }
      if (group.length < 4) continue;
      colours.add(colour);
      bonus += GROUP_BONUS(group.length);
      cleared.push(...group);
    }
  }
  if (cleared.length === 0) return -1;
  for (const at of cleared) {
    for (let d = 0; d < 4; d++) {
      const nx = (at >> 4) + DX[d]!;
      const nr = (at & 15) + DR[d]!;
      if (nx >= 0 && nx <= 5 && nr >= 1 && nr <= 12 && columns[nx]![nr] === GARBAGE) columns[nx]![nr] = 0;
    }
  }
  for (const at of cleared) columns[at >> 4]![at & 15] = 0;
  const multiplier = Math.min(999, Math.max(1, CHAIN_POWER(chain) + COLOUR_BONUS[colours.size]! + bonus));
  return 10 * cleared.length * multiplier;
}

/** Falls and pops until nothing pops: the chains and the points. */
export function chainOf(columns: Columns): { chain: number; score: number } {
  let chain = 0;
  let score = 0;
  for (;;) {
    fall(columns);
    const points = pop(columns, chain + 1);
    if (points < 0) return { chain, score };
    chain++;
    score += points;
  }
}

const heightOf = (column: number[]) => {
  let height = 0;
  for (let row = 1; row <= 13; row++) if (column[row] !== 0) height = row;
  return height;
};

/** Game over: column 3's row 12 holds a puyo once the chain has ended. */
export const over = (columns: Columns) => columns[2]![12] !== 0;

export interface Drop {
  column: number;
  rotation: number;
}

/** The README's movement rules: the placements a pair can reach, rotation by rotation, columns in order. */
export function reachable(columns: Columns): Drop[] {
  const h = columns.map(heightOf);
  // Column 3 to column c, both included, every column below the limit on the way.
  const walk = (c: number, limit: number) => {
    for (let x = Math.min(c, 2); x <= Math.max(c, 2); x++) if (h[x]! >= limit) return false;
    return true;
  };
  const climb = (h[1]! >= 12 && h[3]! >= 12) || [0, 1, 2, 3, 4, 5].some((c) => walk(c, 12) && h[c]! >= 11);
  const reach = (c: number) => walk(c, climb ? 13 : 12);
  const drops: Drop[] = [];
  for (let rotation = 0; rotation < 4; rotation++) {
    for (let column = 0; column < 6; column++) {
      const child = column + [0, 1, 0, -1][rotation]!;
      if (child < 0 || child > 5 || !reach(column) || !reach(child) || (rotation === 2 && h[column]! >= 12)) continue;
      drops.push({ column, rotation });
    }
  }
  return drops;
}

/** Drops a pair (`RG`: axis R, child G); a puyo that would land in row 14 vanishes. */
export function place(columns: Columns, pair: string, drop: Drop): void {
  const axis = LETTERS.indexOf(pair[0]!);
  const child = LETTERS.indexOf(pair[1]!);
  const put = (x: number, code: number) => {
    const row = heightOf(columns[x]!) + 1;
    if (row <= 13) columns[x]![row] = code;
  };
  if (drop.rotation === 2) {
    put(drop.column, child);
    put(drop.column, axis);
  } else {
    put(drop.column, axis);
    put(drop.column + [0, 1, 0, -1][drop.rotation]!, child);
  }
}

const copy = (columns: Columns): Columns => columns.map((column) => column.slice());

/** The best (largest chain, then points) any sequence of the window's placements reaches from here. */
function bestFrom(columns: Columns, pairs: readonly string[], chain: number, score: number): { chain: number; score: number } {
  let best = { chain, score };
  if (pairs.length === 0 || over(columns)) return best;
  for (const drop of reachable(columns)) {
    const next = copy(columns);
    place(next, pairs[0]!, drop);
    const result = chainOf(next);
    const below = bestFrom(next, pairs.slice(1), Math.max(chain, result.chain), score + result.score);
    if (below.chain > best.chain || (below.chain === best.chain && below.score > best.score)) best = below;
  }
  return best;
}

/** Every first placement of the window with the best its sequences reach, in the play's order. */
export function firstDrops(columns: Columns, pairs: readonly string[]): { drop: Drop; chain: number; score: number }[] {
  return reachable(columns).map((drop) => {
    const next = copy(columns);
    place(next, pairs[0]!, drop);
    const result = chainOf(next);
    return { drop, ...bestFrom(next, pairs.slice(1), result.chain, result.score) };
  });
}
