// Checks that share no code with the plugin: a Hitori is numbers row-major (0 blank), a shading one
// 0/1 a cell. Used to judge the generator's uniqueness and the grader's levels from outside.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Grid {
  width: number;
  height: number;
  numbers: readonly number[];
}

function around(g: Grid, cell: number): number[] {
  const x = cell % g.width;
  const result: number[] = [];
  if (cell >= g.width) result.push(cell - g.width);
  if (cell + g.width < g.width * g.height) result.push(cell + g.width);
  if (x > 0) result.push(cell - 1);
  if (x + 1 < g.width) result.push(cell + 1);
  return result;
}

/** Regions of the cells with `open[cell]` true. */
function regions(g: Grid, open: (cell: number) => boolean): number[][] {
  const seen = new Set<number>();
  const result: number[][] = [];
  for (let start = 0; start < g.numbers.length; start++) {
    if (!open(start) || seen.has(start)) continue;
    const region = [start];
    seen.add(start);
    for (let i = 0; i < region.length; i++) {
      for (const next of around(g, region[i]!)) {
        if (open(next) && !seen.has(next)) {
          seen.add(next);
          region.push(next);
        }
      }
    }
    result.push(region);
  }
  return result;
}

function sameLine(g: Grid, a: number, b: number): boolean {
  return a !== b && (Math.floor(a / g.width) === Math.floor(b / g.width) || a % g.width === b % g.width);
}

/** Every solution, by depth-first search over the cells in reading order (all 2^n shadings, pruned). */
export function allSolutions(g: Grid, limit = Infinity): number[][] {
  const n = g.numbers.length;
  const shaded = new Array<number>(n).fill(0);
  const found: number[][] = [];
  const visit = (cell: number): void => {
    if (found.length >= limit) return;
    if (cell === n) {
      if (regions(g, (c) => !shaded[c]).length === 1) found.push([...shaded]);
      return;
    }
    // Cells before `cell` are final: an unshaded one must not repeat an earlier unshaded number.
    const clash = (c: number) => {
      for (let other = 0; other < c; other++)
        if (!shaded[other] && g.numbers[other] !== 0 && g.numbers[other] === g.numbers[c] && sameLine(g, other, c)) return true;
      return false;
    };
    shaded[cell] = 0;
    if (g.numbers[cell] === 0 || !clash(cell)) visit(cell + 1);
    const x = cell % g.width;
    if (g.numbers[cell] !== 0 && !(x > 0 && shaded[cell - 1]) && !(cell >= g.width && shaded[cell - g.width])) {
      shaded[cell] = 1;
      visit(cell + 1);
      shaded[cell] = 0;
    }
  };
  visit(0);
  return found;
}

/**
 * The solutions up to `limit` through MiniSat on a CNF written here: variable c+1 = cell c shaded;
 * repeated numbers in a line not both unshaded; neighbours not both shaded; a disconnected model
 * gets a cut per region (not every shaded cell around it shaded) and is solved again; a connected
 * one is kept and blocked.
 */
export function minisatSolutions(g: Grid, limit = 2): number[][] {
  const n = g.numbers.length;
  const clauses: number[][] = [];
  for (let a = 0; a < n; a++) {
    if (g.numbers[a] === 0) clauses.push([-(a + 1)]);
    for (let b = a + 1; b < n; b++) {
      if (g.numbers[a] !== 0 && g.numbers[a] === g.numbers[b] && sameLine(g, a, b)) clauses.push([a + 1, b + 1]);
    }
    for (const b of around(g, a)) if (b > a) clauses.push([-(a + 1), -(b + 1)]);
  }
  const dir = mkdtempSync(join(tmpdir(), 'hitori-minisat-'));
  const found: number[][] = [];
  try {
    for (let round = 0; round < 10_000 && found.length < limit; round++) {
      writeFileSync(join(dir, 'in.cnf'), `p cnf ${n} ${clauses.length}\n${clauses.map((c) => `${c.join(' ')} 0`).join('\n')}\n`);
      spawnSync('minisat', [join(dir, 'in.cnf'), join(dir, 'out.txt')], { encoding: 'utf8' });
      const out = readFileSync(join(dir, 'out.txt'), 'utf8').trim().split(/\s+/);
      if (out[0] === 'UNSAT') return found;
      if (out[0] !== 'SAT') throw new Error(`minisat said ${out.join(' ').slice(0, 80)}`);
      const shaded = new Array<number>(n).fill(0);
      for (const literal of out.slice(1).map(Number)) if (literal > 0) shaded[literal - 1] = 1;
      const parts = regions(g, (c) => !shaded[c]);
      if (parts.length === 1) {
        found.push(shaded);
        clauses.push(shaded.map((v, c) => (v ? -(c + 1) : c + 1)));
        continue;
      }
      for (const part of parts) {
        const wall = new Set<number>();
        for (const cell of part) for (const next of around(g, cell)) if (shaded[next]) wall.add(next);
        clauses.push([...wall].map((c) => -(c + 1)));
      }
    }
    return found;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Decides cells by the easy rules and (with `connectivity`) the cut rule, to a fixpoint; returns the
 * states (0 open, 1 shaded, 2 unshaded). Written from the rules' statements, not from the grader.
 */
export function applyRules(g: Grid, connectivity: boolean): number[] {
  const n = g.numbers.length;
  const state: number[] = g.numbers.map((v) => (v === 0 ? 2 : 0));
  const copies = (c: number) => g.numbers.flatMap((v, o) => (v !== 0 && v === g.numbers[c] && sameLine(g, o, c) ? [o] : []));
  let changed = true;
  const set = (c: number, v: number) => {
    if (state[c] === 0) {
      state[c] = v;
      changed = true;
    }
  };
  while (changed) {
    changed = false;
    for (let c = 0; c < n; c++) {
      if (g.numbers[c] === 0) continue;
      const mine = copies(c);
      // Pair: a copy of c beside c in a line leaves every other copy in that line shaded.
      for (const o of around(g, c)) {
        if (g.numbers[o] !== g.numbers[c]) continue;
        const inRow = Math.floor(o / g.width) === Math.floor(c / g.width);
        for (const far of mine) {
          if (far === o) continue;
          if (inRow ? Math.floor(far / g.width) === Math.floor(c / g.width) : far % g.width === c % g.width) set(far, 1);
        }
      }
      if (mine.length === 0) set(c, 2);
      if (mine.length > 0 && mine.every((o) => state[o] === 1)) set(c, 2);
      if (state[c] === 2) for (const o of mine) set(o, 1);
      if (state[c] === 1) for (const o of around(g, c)) set(o, 2);
      // Sandwich: c between two equal numbers in a line.
      const x = c % g.width;
      if (x > 0 && x + 1 < g.width && g.numbers[c - 1] !== 0 && g.numbers[c - 1] === g.numbers[c + 1]) set(c, 2);
      if (c >= g.width && c + g.width < n && g.numbers[c - g.width] !== 0 && g.numbers[c - g.width] === g.numbers[c + g.width]) set(c, 2);
    }
    if (!changed && connectivity) {
      for (let c = 0; c < n; c++) {
        if (state[c] !== 0) continue;
        if (regions(g, (o) => o !== c && state[o] !== 1).length > 1) set(c, 2);
      }
    }
  }
  return state;
}
