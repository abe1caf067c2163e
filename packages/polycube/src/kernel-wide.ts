import { type Problem, cellNeighbours } from './compile.js';
import { type Kernel, type KernelHooks, TICK_TRIES } from './kernel.js';

/**
 * The general kernel: one byte per cell, so any box works (Conway's 5x5x5 has 125 cells), and it
 * runs where WebAssembly cannot. The same search as assembly/search.ts: the first empty cell, kinds
 * in order, placements in id order, the same dead-cell test (here only around the new placement,
 * the only place it can make one), so the same tries and the same order.
 */
export function createWideKernel(problem: Problem, enabled: Uint8Array, hooks: KernelHooks): Kernel {
  const { size, placements, maxPieces, prune } = problem;
  const kinds = problem.kindNames.length;
  // Placement ids by (first cell, kind), ascending.
  const lists: number[][] = Array.from({ length: size * kinds }, () => []);
  placements.forEach((placement, id) => {
    if (enabled[id]) lists[placement.cells[0]! * kinds + placement.kind]!.push(id);
  });
  const start = new Int32Array(size * kinds + 1);
  const flat: number[] = [];
  lists.forEach((list, i) => {
    start[i] = flat.length;
    flat.push(...list);
  });
  start[size * kinds] = flat.length;
  const ids = Int32Array.from(flat);
  const neighbourLists = cellNeighbours(problem.sides);
  // Flat tables: placement cells, and the free cells bordering each placement.
  const cellStart = new Int32Array(placements.length + 1);
  const borderStart = new Int32Array(placements.length + 1);
  const cellList: number[] = [];
  const borderList: number[] = [];
  placements.forEach((placement, id) => {
    cellStart[id] = cellList.length;
    borderStart[id] = borderList.length;
    cellList.push(...placement.cells);
    const border = new Set<number>();
    for (const c of placement.cells) for (const n of neighbourLists[c]!) if (!placement.cells.includes(n) && !problem.hole[n]) border.add(n);
    borderList.push(...[...border].sort((a, b) => a - b));
  });
  cellStart[placements.length] = cellList.length;
  borderStart[placements.length] = borderList.length;
  const cellsOf = Int32Array.from(cellList);
  const borderOf = Int32Array.from(borderList);
  const nbStart = new Int32Array(size + 1);
  const nbFlat: number[] = [];
  neighbourLists.forEach((list, i) => {
    nbStart[i] = nbFlat.length;
    nbFlat.push(...list);
  });
  nbStart[size] = nbFlat.length;
  const nb = Int32Array.from(nbFlat);
  const kindOf = Int32Array.from(placements.map((p) => p.kind));
  let freeCells = 0;
  for (let i = 0; i < size; i++) if (!problem.hole[i]) freeCells++;

  const occupied = new Uint8Array(size);
  const remaining = new Int32Array(kinds);
  const stack = new Int32Array(maxPieces + 1);
  let filled = 0;
  let tries = 0;
  let countdown = TICK_TRIES;
  let stopped = false;

  const fits = (id: number): boolean => {
    for (let i = cellStart[id]!, end = cellStart[id + 1]!; i < end; i++) if (occupied[cellsOf[i]!]) return false;
    return true;
  };
  const setCells = (id: number, value: number): void => {
    for (let i = cellStart[id]!, end = cellStart[id + 1]!; i < end; i++) occupied[cellsOf[i]!] = value;
  };
  // With the placement already marked: does a bordering empty cell have no empty neighbour left?
  const cutsOff = (id: number): boolean => {
    for (let i = borderStart[id]!, end = borderStart[id + 1]!; i < end; i++) {
      const cell = borderOf[i]!;
      if (occupied[cell]) continue;
      let open = false;
      for (let j = nbStart[cell]!, stop = nbStart[cell + 1]!; j < stop; j++) {
        if (!occupied[nb[j]!]) {
          open = true;
          break;
        }
      }
      if (!open) return true;
    }
    return false;
  };

  const dfs = (from: number, depth: number): void => {
    let cell = from;
    while (occupied[cell]) cell++;
    const base = cell * kinds;
    for (let k = 0; k < kinds; k++) {
      if (remaining[k] === 0) continue;
      for (let j = start[base + k]!, end = start[base + k + 1]!; j < end; j++) {
        const id = ids[j]!;
        if (!fits(id)) continue;
        setCells(id, 1);
        if (prune && cutsOff(id)) {
          setCells(id, 0);
          continue;
        }
        tries++;
        stack[depth] = id;
        const cubes = cellStart[id + 1]! - cellStart[id]!;
        filled += cubes;
        if (filled === freeCells) {
          if (hooks.leaf(stack, depth + 1)) stopped = true;
        } else {
          if (--countdown === 0) {
            countdown = TICK_TRIES;
            if (hooks.tick(stack, depth + 1, tries)) stopped = true;
          }
          if (!stopped) {
            remaining[k]!--;
            dfs(cell + 1, depth + 1);
            remaining[k]!++;
          }
        }
        filled -= cubes;
        setCells(id, 0);
        if (stopped) return;
      }
    }
  };

  return {
    get stopped() {
      return stopped;
    },
    search(prefix) {
      tries = 0;
      // Each search counts its own ticks, as the WebAssembly kernel does.
      countdown = TICK_TRIES;
      stopped = false;
      occupied.set(problem.hole);
      filled = 0;
      for (let k = 0; k < kinds; k++) remaining[k] = problem.kindMax[k]!;
      prefix.forEach((id, depth) => {
        setCells(id, 1);
        filled += cellStart[id + 1]! - cellStart[id]!;
        remaining[kindOf[id]!]!--;
        stack[depth] = id;
      });
      if (filled === freeCells) {
        if (hooks.leaf(stack, prefix.length)) stopped = true;
      } else {
        dfs(0, prefix.length);
      }
      return tries;
    },
  };
}
