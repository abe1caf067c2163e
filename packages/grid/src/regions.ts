/**
 * The regions of open cells in a box of `width x height x depth` cells (index x + width * (y +
 * height * z); depth 1 for a plane), cells joined face to face: each region ascending, the regions
 * in the order of their smallest cell. What a packing's play mode checks the pieces left against.
 */
export function openRegions(isOpen: (cell: number) => boolean, width: number, height: number, depth = 1): number[][] {
  const layer = width * height;
  const total = layer * depth;
  const seen = new Uint8Array(total);
  const regions: number[][] = [];
  const visit = (next: number, stack: number[]) => {
    if (!seen[next] && isOpen(next)) {
      seen[next] = 1;
      stack.push(next);
    }
  };
  for (let start = 0; start < total; start++) {
    if (seen[start] || !isOpen(start)) continue;
    const region: number[] = [];
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const cell = stack.pop()!;
      region.push(cell);
      const x = cell % width;
      const y = Math.floor(cell / width) % height;
      const z = Math.floor(cell / layer);
      if (x > 0) visit(cell - 1, stack);
      if (x < width - 1) visit(cell + 1, stack);
      if (y > 0) visit(cell - width, stack);
      if (y < height - 1) visit(cell + width, stack);
      if (z > 0) visit(cell - layer, stack);
      if (z < depth - 1) visit(cell + layer, stack);
    }
    regions.push(region.sort((a, b) => a - b));
  }
  return regions;
}
