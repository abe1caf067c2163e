// The solving path of a packing challenge as a person walks it: at each step the piece whose place
// is forced (it fits in one place only, or it alone can cover some cell), and when nothing is
// forced the piece the unique packing puts on the first empty cell (found by trying). A place
// "fits" when its cells are free and every gap it leaves can still be filled by the pieces left
// (a gap's size is a multiple of theirs and no smaller than the smallest), a test a person sees.
import type { PiecesSetup, PlacedPiece } from '@kit/core/play';
import type { GradeStep } from '@kit/core/make';

/** The path's rules, easiest first, with the level each belongs to. */
export const PATH_RULES = [
  { rule: 'only fit', level: 'easy' },
  { rule: 'forced by a hole', level: 'medium' },
  { rule: 'search', level: 'hard' },
] as const;

interface Place {
  piece: number;
  orientation: number;
  cell: number;
  cells: number[];
}

const cellName = (cell: number, width: number) => `r${Math.floor(cell / width) + 1}c${(cell % width) + 1}`;

function where(cells: readonly number[], width: number): string {
  const rows = cells.map((cell) => Math.floor(cell / width) + 1);
  const cols = cells.map((cell) => (cell % width) + 1);
  const span = (values: number[], what: string) => {
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    return lo === hi ? `${what} ${lo}` : `${what}s ${lo}-${hi}`;
  };
  return `${span(rows, 'row')}, ${span(cols, 'column')} (${cells.map((cell) => cellName(cell, width)).join(' ')})`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The steps that complete `setup` from its empty position (`solution`: its one completion, laid
 * pieces in any order): one step a piece, each with its rule, level, sentence, cells and move.
 */
export function packingPath(setup: PiecesSetup, solution: readonly PlacedPiece[]): GradeStep[] {
  const { width, height } = setup;
  const size = width * height;
  const free = new Uint8Array(size).fill(1);
  for (const hole of setup.holes ?? []) free[hole] = 0;
  const left = setup.tray.map((piece) => piece.count);
  const pending = [...solution];
  const steps: GradeStep[] = [];

  const gapsFillable = (): boolean => {
    const sizes = setup.tray.flatMap((piece, i) => (left[i]! > 0 ? [piece.orientations[0]!.length] : []));
    if (sizes.length === 0) return free.every((cell) => cell === 0);
    const common = sizes.reduce(gcd);
    const smallest = Math.min(...sizes);
    const seen = new Uint8Array(size);
    for (let start = 0; start < size; start++) {
      if (!free[start] || seen[start]) continue;
      let count = 0;
      const stack = [start];
      seen[start] = 1;
      while (stack.length > 0) {
        const cell = stack.pop()!;
        count++;
        const col = cell % width;
        for (const next of [cell - width, cell + width, col > 0 ? cell - 1 : -1, col < width - 1 ? cell + 1 : -1]) {
          if (next >= 0 && next < size && free[next] && !seen[next]) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
      if (count < smallest || count % common !== 0) return false;
    }
    return true;
  };

  const places = (piece: number): Place[] => {
    const found: Place[] = [];
    setup.tray[piece]!.orientations.forEach((offsets, orientation) => {
      const rows = Math.max(...offsets.map(([row]) => row!)) + 1;
      const cols = Math.max(...offsets.map(([, col]) => col!)) + 1;
      for (let top = 0; top + rows <= height; top++) {
        for (let leftCol = 0; leftCol + cols <= width; leftCol++) {
          const cells = offsets.map(([row, col]) => (top + row!) * width + leftCol + col!);
          if (!cells.every((cell) => free[cell])) continue;
          for (const cell of cells) free[cell] = 0;
          left[piece]!--;
          const fits = gapsFillable();
          left[piece]!++;
          for (const cell of cells) free[cell] = 1;
          if (fits) found.push({ piece, orientation, cell: top * width + leftCol, cells: [...cells].sort((a, b) => a - b) });
        }
      }
    });
    return found;
  };

  while (pending.length > 0) {
    const options = setup.tray.map((_, piece) => (left[piece]! > 0 ? places(piece) : []));
    let chosen: Place | undefined;
    let rule: (typeof PATH_RULES)[number]['rule'] = 'search';
    let text = '';
    const only = options.findIndex((list, piece) => left[piece]! > 0 && list.length === 1);
    if (only >= 0) {
      chosen = options[only]![0]!;
      rule = 'only fit';
      text = `The ${setup.tray[only]!.name} fits in only one place that leaves gaps the other pieces can fill: ${where(chosen.cells, width)}.`;
    } else {
      const cover = new Map<number, Place[]>();
      for (const list of options) for (const place of list) for (const cell of place.cells) cover.set(cell, [...(cover.get(cell) ?? []), place]);
      for (let cell = 0; cell < size && !chosen; cell++) {
        if (!free[cell] || cover.get(cell)?.length !== 1) continue;
        chosen = cover.get(cell)![0]!;
        rule = 'forced by a hole';
        text = `Only the ${setup.tray[chosen.piece]!.name} can cover ${cellName(cell, width)}, in one way: ${where(chosen.cells, width)}.`;
      }
    }
    if (!chosen) {
      // Nothing forced: the packing's piece on the first empty cell, which trying the pieces finds.
      const first = free.indexOf(1);
      const laid = pending.find((placed) => placed.cells.includes(first)) ?? pending[0]!;
      chosen = { piece: laid.piece, orientation: laid.orientation, cell: laid.cell, cells: [...laid.cells].sort((a, b) => a - b) };
      text = `Nothing is forced; trying the pieces on ${cellName(first, width)}, only the ${setup.tray[chosen.piece]!.name} on ${where(chosen.cells, width)} lets the rest fit.`;
    }
    const key = chosen.cells.join(',');
    const index = pending.findIndex((placed) => [...placed.cells].sort((a, b) => a - b).join(',') === key && placed.piece === chosen.piece);
    // A forced place is in every packing, so in the one there is; anything else is a bug.
    if (index < 0) throw new Error(`the path's ${rule} step put the ${setup.tray[chosen.piece]!.name} off the packing`);
    pending.splice(index, 1);
    for (const cell of chosen.cells) free[cell] = 0;
    left[chosen.piece]!--;
    steps.push({
      rule,
      level: PATH_RULES.find((each) => each.rule === rule)!.level,
      text,
      cells: chosen.cells,
      moves: [{ type: 'place', piece: chosen.piece, orientation: chosen.orientation, cell: chosen.cell }],
    });
  }
  return steps;
}
