// The cell a box search branches on, on a byte board: the JavaScript kernels' copy of the
// WebAssembly kernel's choice (chooseSlot in assembly/search.ts), so every kernel and the split make
// the same tries in the same order.

/**
 * The lowest empty cell with one empty neighbour, failing that the lowest with two, failing that
 * `first`, the first empty cell (every cell below it is covered). Every packing covers the cell
 * chosen, and one walled in on four or five sides has far fewer placements than the first empty
 * cell. `occupied` is 1 for a covered cell or a hole; cell `i`'s neighbours are
 * `nb[nbStart[i] .. nbStart[i + 1])`.
 */
export function constrainedCell(occupied: Uint8Array, nbStart: Int32Array, nb: Int32Array, first: number): number {
  let twoOpen = -1;
  for (let cell = first; cell < occupied.length; cell++) {
    if (occupied[cell]) continue;
    let open = 0;
    for (let j = nbStart[cell]!, stop = nbStart[cell + 1]!; j < stop && open < 3; j++) if (!occupied[nb[j]!]) open++;
    if (open === 1) return cell;
    if (open === 2 && twoOpen < 0) twoOpen = cell;
  }
  return twoOpen < 0 ? first : twoOpen;
}
