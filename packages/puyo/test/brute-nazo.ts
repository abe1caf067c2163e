// An independent chain-puzzle enumerator for the tests: cell by cell on plain grids with the reference
// simulator, the movement rules written from the README (walk from column 3 outward), goals counted
// from the chain's breakdown and from cell counts. Slow and simple on purpose.
import { type PuyoField, gridFromField, parseGoal } from '../src/index.js';
import { cellIndex } from '../src/field.js';
import { runChain } from '../src/chain.js';

const DIRECTIONS = ['up', 'right', 'down', 'left'];
const LETTERS = '.RGBYPO';

const height = (grid: Uint8Array, x: number) => {
  let h = 0;
  for (let row = 1; row <= 13; row++) if (grid[cellIndex(x, row)] !== 0) h = row;
  return h;
};

/** Cells of each code 0..6 in rows 1..13. */
const census = (grid: Uint8Array) => {
  const counts = new Array<number>(7).fill(0);
  for (let x = 0; x < 6; x++) for (let row = 1; row <= 13; row++) counts[grid[cellIndex(x, row)]!]!++;
  return counts;
};

/** Whether a cell code counts for a goal colour ('all', 'colours', 'O' or a letter). */
const counts = (colour: string, code: number) => code !== 0 && (colour === 'all' || (colour === 'colours' ? code <= 5 : LETTERS[code] === colour));

/** Every answer of a puzzle, as notations, in the order the kit's search meets them. */
export function bruteNazo(field: PuyoField, pairs: string[], goalText: string): string[] {
  const goal = parseGoal(goalText);
  const answers: string[] = [];
  const start = gridFromField(field);
  runChain(start);
  const dead = (grid: Uint8Array) => grid[cellIndex(2, 12)] !== 0;

  const visit = (grid: Uint8Array, level: number, moves: string[], colours: Set<number>, puyos: number) => {
    const h = [0, 1, 2, 3, 4, 5].map((x) => height(grid, x));
    // Walk from column 3 (index 2) to column c: every column on the way, c included, below the limit.
    const walk = (c: number, limit: number) => {
      const [from, to] = c < 2 ? [c, 2] : [2, c];
      for (let x = from; x <= to; x++) if (h[x]! >= limit) return false;
      return true;
    };
    const climb = (h[1]! >= 12 && h[3]! >= 12) || [0, 1, 2, 3, 4, 5].some((c) => walk(c, 12) && h[c]! >= 11);
    const reach = (c: number) => walk(c, climb ? 13 : 12);
    const pair = pairs[level]!;
    const seen = new Set<string>();
    for (let rotation = 0; rotation < 4; rotation++) {
      for (let x = 0; x < 6; x++) {
        const childX = rotation === 1 ? x + 1 : rotation === 3 ? x - 1 : x;
        if (childX < 0 || childX > 5) continue;
        if (!reach(x) || !reach(childX) || (rotation === 2 && h[x]! >= 12)) continue;
        const next = grid.slice();
        const axis = LETTERS.indexOf(pair[0]!);
        const child = LETTERS.indexOf(pair[1]!);
        if (x === childX) {
          const [lower, upper] = rotation === 2 ? [child, axis] : [axis, child];
          next[cellIndex(x, h[x]! + 1)] = lower;
          if (h[x]! + 2 <= 13) next[cellIndex(x, h[x]! + 2)] = upper; // row 14: the puyo vanishes
        } else {
          next[cellIndex(x, h[x]! + 1)] = axis;
          next[cellIndex(childX, h[childX]! + 1)] = child;
        }
        // A one-colour pair: placements that leave the same field are one placement.
        const key = next.join('');
        if (pair[0] === pair[1] && seen.has(key)) continue;
        seen.add(key);
        const before = census(next);
        const chain = runChain(next);
        const after = census(next);
        const nextColours = new Set(colours);
        let nextPuyos = puyos;
        for (let code = 1; code <= 6; code++) {
          if (code <= 5 && after[code]! < before[code]!) nextColours.add(code);
          if (goal.main && counts(goal.main.colour, code)) nextPuyos += before[code]! - after[code]!;
        }
        const notation = [...moves, `${pair} ${x + 1}${DIRECTIONS[rotation]}`];
        if (met(goal, chain, next, nextColours.size, nextPuyos)) answers.push(notation.join(', '));
        else if (level + 1 < pairs.length && !dead(next)) visit(next, level + 1, notation, nextColours, nextPuyos);
      }
    }
  };
  if (pairs.length > 0 && !dead(start)) visit(start, 0, [], new Set(), 0);
  return answers;
}

function met(goal: ReturnType<typeof parseGoal>, chain: ReturnType<typeof runChain>, grid: Uint8Array, colours: number, puyos: number): boolean {
  if (goal.clear !== undefined && census(grid).some((n, code) => n > 0 && counts(goal.clear!, code))) return false;
  const main = goal.main;
  if (!main) return true;
  const ok = (value: number) => (main.exact ? value === main.n : value >= main.n);
  const letter = (colour: string) => counts(main.colour, LETTERS.indexOf(colour));
  switch (main.kind) {
    case 'chains':
      return ok(chain.chains);
    case 'total-colours':
      return ok(colours);
    case 'total-puyos':
      return ok(puyos);
    case 'colours':
      return chain.breakdown.some((step) => ok(step.colours.length));
    case 'puyos':
      return chain.breakdown.some((step) => {
        let n = step.groups.filter((g) => letter(g.colour)).reduce((sum, g) => sum + g.size, 0);
        if (main.colour === 'all' || main.colour === 'O') n += step.garbageCleared;
        return ok(n);
      });
    case 'groups':
      return chain.breakdown.some((step) => ok(step.groups.filter((g) => letter(g.colour)).length));
    case 'connected':
      return chain.breakdown.some((step) => step.groups.some((g) => letter(g.colour) && ok(g.size)));
  }
}
