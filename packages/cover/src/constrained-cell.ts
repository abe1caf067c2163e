// The cell a box search branches on, on a byte board: the JavaScript kernels' copy of the
// WebAssembly kernel's choice (walledInSlot in assembly/search.ts), so every kernel and the split
// make the same tries in the same order.

/**
 * A chooser of the cell to branch on for boards with cell `i`'s neighbours at
 * `nb[nbStart[i] .. nbStart[i + 1])`: given `occupied` (1 for a covered cell or a hole) and `first`,
 * the first empty cell (every cell below it is covered), the lowest empty cell with one empty
 * neighbour that has two (the end of a tunnel), failing that the lowest with one, failing that the
 * lowest with two, failing that `first`. Every packing covers the cell chosen, and one walled in on
 * four or five sides has far fewer placements than the first empty cell.
 */
export function walledInCell(nbStart: Int32Array, nb: Int32Array): (occupied: Uint8Array, first: number) => number {
  // Each empty cell's empty neighbours, counted up to three.
  const open = new Uint8Array(nbStart.length - 1);
  return (occupied, first) => {
    const size = occupied.length;
    for (let cell = first; cell < size; cell++) {
      if (occupied[cell]) continue;
      let count = 0;
      for (let j = nbStart[cell]!, stop = nbStart[cell + 1]!; j < stop && count < 3; j++) if (!occupied[nb[j]!]) count++;
      open[cell] = count;
    }
    let oneOpen = -1;
    let twoOpen = -1;
    for (let cell = first; cell < size; cell++) {
      if (occupied[cell]) continue;
      if (open[cell] === 2 && twoOpen < 0) twoOpen = cell;
      if (open[cell] !== 1) continue;
      // Its one empty neighbour (below `first` every cell is covered, so its count is fresh).
      let next = -1;
      for (let j = nbStart[cell]!, stop = nbStart[cell + 1]!; j < stop; j++) if (!occupied[nb[j]!]) next = nb[j]!;
      if (open[next] === 2) return cell;
      if (oneOpen < 0) oneOpen = cell;
    }
    return oneOpen >= 0 ? oneOpen : twoOpen >= 0 ? twoOpen : first;
  };
}
