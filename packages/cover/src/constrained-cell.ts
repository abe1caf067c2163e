// The cell a box search branches on, on a byte board: the JavaScript kernels' copy of the
// WebAssembly kernel's choice (walledInSlot in assembly/search.ts), so every kernel and the split
// make the same tries in the same order.
import type { CoverProblem } from './problem.js';

/**
 * How many enabled placements can cover each cell when, of its neighbours, only those in a pattern
 * are empty (pattern bit j: the cell's j-th neighbour in `nb`): `listed[cell * 64 + pattern]`, for
 * patterns of one or two neighbours. A placement counts where the neighbours it covers itself are
 * among them: the sizes of the WebAssembly kernel's constrained-cell slots (buildTables).
 */
function slotSizes(nbStart: Int32Array, nb: Int32Array, placements: CoverProblem['placements'], enabled: Uint8Array): Int32Array {
  const listed = new Int32Array((nbStart.length - 1) * 64);
  placements.forEach((placement, id) => {
    if (!enabled[id]) return;
    const inside = new Set(placement.cells);
    for (const cell of placement.cells) {
      const from = nbStart[cell]!;
      const degree = nbStart[cell + 1]! - from;
      let own = 0;
      for (let j = 0; j < degree; j++) if (inside.has(nb[from + j]!)) own |= 1 << j;
      let bits = 0;
      for (let rest = own; rest !== 0; rest &= rest - 1) bits++;
      // Listed under its own pattern, and with one neighbour of its own also under that one plus
      // each other (coverPattern in assembly/search.ts).
      if (bits === 1 || bits === 2) listed[cell * 64 + own]!++;
      if (bits === 1) for (let j = 0; j < degree; j++) if ((own & (1 << j)) === 0) listed[cell * 64 + (own | (1 << j))]!++;
    }
  });
  return listed;
}

/**
 * A chooser of the cell to branch on for boards with cell `i`'s neighbours at
 * `nb[nbStart[i] .. nbStart[i + 1])`: given `occupied` (1 for a covered cell or a hole) and `first`,
 * the first empty cell (every cell below it is covered). The candidates are the empty cells with
 * one empty neighbour that has two (the ends of tunnels), failing those the cells with one empty
 * neighbour, failing those the cells with two; of them, the one whose pattern of empty neighbours
 * the fewest placements fit (the lowest of equals); failing all, `first`. Every packing covers the
 * cell chosen, and one walled in on four or five sides has far fewer placements than the first
 * empty cell.
 */
export function walledInCell(
  nbStart: Int32Array,
  nb: Int32Array,
  placements: CoverProblem['placements'],
  enabled: Uint8Array,
): (occupied: Uint8Array, first: number) => number {
  const listed = slotSizes(nbStart, nb, placements, enabled);
  // Each empty cell's empty neighbours, counted up to three.
  const open = new Uint8Array(nbStart.length - 1);
  const placementsFitting = (occupied: Uint8Array, cell: number): number => {
    const from = nbStart[cell]!;
    let pattern = 0;
    for (let j = from, stop = nbStart[cell + 1]!; j < stop; j++) if (!occupied[nb[j]!]) pattern |= 1 << (j - from);
    return listed[cell * 64 + pattern]!;
  };
  // The best of each kind of candidate: [tunnel end, one empty neighbour, two], cell and size.
  const best = new Int32Array(3);
  const fewest = new Int32Array(3);
  return (occupied, first) => {
    best.fill(-1);
    const size = occupied.length;
    for (let cell = first; cell < size; cell++) {
      if (occupied[cell]) continue;
      let count = 0;
      for (let j = nbStart[cell]!, stop = nbStart[cell + 1]!; j < stop && count < 3; j++) if (!occupied[nb[j]!]) count++;
      open[cell] = count;
    }
    for (let cell = first; cell < size; cell++) {
      if (occupied[cell] || open[cell] === 0 || open[cell] === 3) continue;
      let kind = 2;
      if (open[cell] === 1) {
        // Its one empty neighbour (below `first` every cell is covered, so its count is fresh).
        let next = -1;
        for (let j = nbStart[cell]!, stop = nbStart[cell + 1]!; j < stop; j++) if (!occupied[nb[j]!]) next = nb[j]!;
        kind = open[next] === 2 ? 0 : 1;
      }
      const fitting = placementsFitting(occupied, cell);
      if (best[kind]! < 0 || fitting < fewest[kind]!) {
        best[kind] = cell;
        fewest[kind] = fitting;
      }
    }
    return best[0]! >= 0 ? best[0]! : best[1]! >= 0 ? best[1]! : best[2]! >= 0 ? best[2]! : first;
  };
}
