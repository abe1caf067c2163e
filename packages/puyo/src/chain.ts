// The plain reference simulator: gravity column by column, flood fill for groups. Easy to check
// against the rules by eye; it also produces the per-step breakdown the animation shows.
import { COLOUR_LETTERS, EMPTY, GARBAGE, ROWS, VISIBLE_ROWS, WIDTH, cellIndex, fieldFromGrid, gridFromField, type CellGrid, type PuyoField } from './field.js';
import { chainPower, colourBonus, garbageSent, groupBonus, stepScore } from './rules.js';

/** One group that popped in a chain step. */
export interface GroupRecord {
  /** Its colour letter: R, G, B, Y or P. */
  colour: string;
  /** How many puyos it had (4 or more). */
  size: number;
}

/** What one chain step popped and scored. */
export interface ChainStep {
  /** Which step of the chain this is, from 1. */
  chain: number;
  /** Colour puyos popped. */
  popped: number;
  /** The groups that popped, in the order the field is scanned (column by column, from the floor). */
  groups: GroupRecord[];
  /** Distinct colours popped, in R G B Y P order. */
  colours: string[];
  /** Tsu's chain power for this step: 0 for the first, then 8, 16, 32, 64, and 32 more a step. */
  chainPower: number;
  /** Tsu's bonus for the number of colours popped together. */
  colourBonus: number;
  /** Tsu's bonus for the groups' sizes, summed over the groups. */
  groupBonus: number;
  /** chainPower + colourBonus + groupBonus clamped to 1..999. */
  multiplier: number;
  /** The step's points: 10 x popped x multiplier. */
  score: number;
  /** Garbage puyos cleared by touching a popping group. */
  garbageCleared: number;
}

/** A chain run to its end by {@link simulate}: totals, each step, and the field left. */
export interface ChainResult {
  /** How many steps popped. */
  chains: number;
  /** The chain's points, summed over its steps. */
  score: number;
  /** Colour puyos popped in the whole chain. */
  cleared: number;
  /** The chain left rows 1 to 13 empty (false when nothing popped). */
  allClear: boolean;
  /** Garbage sent: floor(score / 70). */
  garbage: number;
  /** Each step's pops and score, in order. */
  breakdown: ChainStep[];
  /** The field after the chain. */
  field: PuyoField;
}

/** What a simulation step did: puyos fell (`gravity`) or groups popped (`pop`). */
export type StepKind = 'gravity' | 'pop';
/**
 * Sees each step of a chain as it runs, for animation: the grid after the step, the pop's record
 * (undefined for a fall) and how many puyos fell.
 */
export type StepListener = (kind: StepKind, grid: CellGrid, step: ChainStep | undefined, moved: number) => void;

/** Lets every column settle: rows 1..13 fall, row 14 stays put. Returns how many puyos moved. */
export function settle(grid: CellGrid): number {
  let moved = 0;
  for (let x = 0; x < WIDTH; x++) {
    let to = 1;
    for (let row = 1; row <= ROWS - 1; row++) {
      const cell = grid[cellIndex(x, row)]!;
      if (cell === EMPTY) continue;
      if (to !== row) {
        grid[cellIndex(x, to)] = cell;
        grid[cellIndex(x, row)] = EMPTY;
        moved++;
      }
      to++;
    }
  }
  return moved;
}

/** Groups of same-coloured puyos in rows 1..12, found by flood fill; each a list of cell indexes. */
export function findGroups(grid: CellGrid): number[][] {
  const seen = new Uint8Array(grid.length);
  const groups: number[][] = [];
  for (let x = 0; x < WIDTH; x++) {
    for (let row = 1; row <= VISIBLE_ROWS; row++) {
      const start = cellIndex(x, row);
      const colour = grid[start]!;
      if (colour === EMPTY || colour === GARBAGE || seen[start]) continue;
      const group: number[] = [];
      const stack = [start];
      seen[start] = 1;
      while (stack.length > 0) {
        const at = stack.pop()!;
        group.push(at);
        const cx = Math.floor(at / ROWS);
        const crow = (at % ROWS) + 1;
        for (const [nx, nrow] of [
          [cx - 1, crow],
          [cx + 1, crow],
          [cx, crow - 1],
          [cx, crow + 1],
        ] as const) {
          if (nx < 0 || nx >= WIDTH || nrow < 1 || nrow > VISIBLE_ROWS) continue;
          const next = cellIndex(nx, nrow);
          if (!seen[next] && grid[next] === colour) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
      groups.push(group);
    }
  }
  return groups;
}

/** Pops every group of 4+ (and garbage next to them) and scores the step; undefined when nothing pops. */
export function popStep(grid: CellGrid, chain: number): ChainStep | undefined {
  const popping = findGroups(grid).filter((group) => group.length >= 4);
  if (popping.length === 0) return undefined;
  const colourSet = new Set<number>();
  const groups: GroupRecord[] = [];
  let popped = 0;
  let bonus = 0;
  const cleared = new Uint8Array(grid.length);
  for (const group of popping) {
    const colour = grid[group[0]!]!;
    colourSet.add(colour);
    groups.push({ colour: COLOUR_LETTERS[colour - 1]!, size: group.length });
    popped += group.length;
    bonus += groupBonus(group.length);
    for (const at of group) cleared[at] = 1;
  }
  let garbageCleared = 0;
  for (let x = 0; x < WIDTH; x++) {
    for (let row = 1; row <= VISIBLE_ROWS; row++) {
      const at = cellIndex(x, row);
      if (grid[at] !== GARBAGE) continue;
      const touches =
        (x > 0 && cleared[cellIndex(x - 1, row)]) ||
        (x < WIDTH - 1 && cleared[cellIndex(x + 1, row)]) ||
        (row > 1 && cleared[cellIndex(x, row - 1)]) ||
        (row < VISIBLE_ROWS && cleared[cellIndex(x, row + 1)]);
      if (touches) {
        grid[at] = EMPTY;
        garbageCleared++;
      }
    }
  }
  for (let at = 0; at < grid.length; at++) if (cleared[at]) grid[at] = EMPTY;
  const colours = [...colourSet].sort((a, b) => a - b).map((c) => COLOUR_LETTERS[c - 1]!);
  const power = chainPower(chain);
  const cBonus = colourBonus(colours.length);
  return {
    chain,
    popped,
    groups,
    colours,
    chainPower: power,
    colourBonus: cBonus,
    groupBonus: bonus,
    multiplier: Math.min(999, Math.max(1, power + cBonus + bonus)),
    score: stepScore(popped, power, colours.length, bonus),
    garbageCleared,
  };
}

export function isAllClear(grid: CellGrid): boolean {
  for (let x = 0; x < WIDTH; x++) {
    for (let row = 1; row <= ROWS - 1; row++) if (grid[cellIndex(x, row)] !== EMPTY) return false;
  }
  return true;
}

/**
 * Runs a whole chain on `grid` in place: gravity first, then pop and fall until nothing pops.
 * `onStep` sees every gravity that moved something and every pop.
 */
export function runChain(grid: CellGrid, onStep?: StepListener): Omit<ChainResult, 'field'> {
  const breakdown: ChainStep[] = [];
  let score = 0;
  let cleared = 0;
  for (;;) {
    const moved = settle(grid);
    if (moved > 0) onStep?.('gravity', grid, undefined, moved);
    const step = popStep(grid, breakdown.length + 1);
    if (!step) break;
    breakdown.push(step);
    score += step.score;
    cleared += step.popped;
    onStep?.('pop', grid, step, 0);
  }
  // An all clear is a chain that empties the field: a field that was empty and popped nothing is not one.
  const allClear = breakdown.length > 0 && isAllClear(grid);
  return { chains: breakdown.length, score, cleared, allClear, garbage: garbageSent(score), breakdown };
}

/** The reference simulation of a field: every chain step, its score and the totals. */
export function simulate(field: PuyoField, onStep?: StepListener): ChainResult {
  const grid = gridFromField(field);
  const result = runChain(grid, onStep);
  return { ...result, field: fieldFromGrid(grid) };
}
