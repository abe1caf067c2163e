// The referee of a polycube packing in play: the target with the laid pieces' cubes as holes, the
// pieces left, every packing counted (`--symmetry none`: what `kit run polycube --symmetry none`
// counts for that target and those pieces). Loaded lazily, in the worker.
import { piecesLeft } from '@kit/core/play';
import type { CompletionRequest, CompletionResult, PiecesPosition, PiecesSetup, PlacedPiece, PlayPosition, PlayReferee, PlaySetup } from '@kit/core/play';
import { prepare, runAll } from './engine.js';
import type { PackingInstance } from './instance.js';
import type { PieceKind, PieceSet } from './pieces.js';
import type { Target } from './target.js';

/** The packing a position leaves: the free cubes as a target of the same box (indices kept), the pieces left. */
export function packingLeft(instance: PackingInstance, setup: PiecesSetup, position: PiecesPosition): { target: Target; pieces: PieceSet; tray: number[] } {
  const { width, height } = setup;
  const depth = setup.depth ?? 1;
  const free = new Array<boolean>(width * height * depth).fill(true);
  for (const hole of setup.holes ?? []) free[hole] = false;
  for (const placed of position.placed) for (const cell of placed.cells) free[cell] = false;
  const layers: string[][] = [];
  for (let z = 0; z < depth; z++) {
    const rows: string[] = [];
    for (let y = 0; y < height; y++) {
      let row = '';
      for (let x = 0; x < width; x++) row += free[x + width * (y + height * z)] ? '.' : '#';
      rows.push(row);
    }
    layers.push(rows);
  }
  const left = piecesLeft(setup, position);
  const kinds: PieceKind[] = [];
  const tray: number[] = [];
  instance.pieces.kinds.forEach((kind, i) => {
    if (left[i]! <= 0) return;
    const laid = kind.max - left[i]!;
    kinds.push({ name: kind.name, shape: kind.shape, min: Math.max(0, kind.min - laid), max: left[i]! });
    tray.push(i);
  });
  return { target: { layers }, pieces: { kinds }, tray };
}

/** A laid piece from its cubes: the tray orientation with the same shape, its origin the least corner. */
function placedOf(setup: PiecesSetup, piece: number, cells: number[]): PlacedPiece {
  const { width, height } = setup;
  const at = cells.map((cell) => [Math.floor(cell / (width * height)), Math.floor(cell / width) % height, cell % width] as const);
  const least = [0, 1, 2].map((axis) => Math.min(...at.map((v) => v[axis]!)));
  const key = (shape: ReadonlyArray<readonly number[]>) =>
    shape
      .map((v) => v.join(','))
      .sort()
      .join(' ');
  const wanted = key(at.map((v) => v.map((n, axis) => n - least[axis]!)));
  const orientation = setup.tray[piece]!.orientations.findIndex((shape) => key(shape) === wanted);
  if (orientation < 0) throw new Error(`a packing laid piece ${setup.tray[piece]!.name} in a shape its tray does not have`);
  return { piece, orientation, cell: (least[0]! * height + least[1]!) * width + least[2]!, cells };
}

/**
 * Counts the packings of the target that finish a position in play, up to `request.limit` (with the
 * positions when asked): what the page's worker asks after each move.
 */
export function packingCompletions(instance: PackingInstance, setup: PlaySetup, position: PlayPosition, request: CompletionRequest): CompletionResult {
  if (setup.kind !== 'pieces' || position.kind !== 'pieces') throw new Error('a polycube packing is played with pieces');
  const { target, pieces, tray } = packingLeft(instance, setup, position);
  const cubesLeft = target.layers
    .flat()
    .join('')
    .split('')
    .filter((char) => char === '.').length;
  if (cubesLeft === 0) {
    // Nothing left to fill: complete if every piece's least count is laid, else a dead end.
    const done = pieces.kinds.every((kind) => kind.min === 0);
    return { count: done ? 1 : 0, ...(request.positions ? { positions: done ? [position] : [] } : {}) };
  }
  if (pieces.kinds.length === 0) return { count: 0, ...(request.positions ? { positions: [] } : {}) };
  const prepared = prepare(target, pieces, { symmetry: 'none', planAbove: Infinity });
  const positions: PlayPosition[] = [];
  const result = runAll(prepared, {
    limit: request.limit,
    ...(request.positions
      ? {
          pieces: (laid) =>
            positions.push({ kind: 'pieces', placed: [...position.placed, ...laid.map(({ kind, cells }) => placedOf(setup, tray[kind]!, cells))] }),
        }
      : {}),
    tick: () => request.shouldStop(),
  });
  return { count: Math.min(result.solutions, request.limit), ...(request.positions ? { positions } : {}) };
}

/** Play mode's referee for a polycube target, which the page loads in its worker. */
export const referee: PlayReferee<PackingInstance> = {
  completions: (instance, setup, position, request) => packingCompletions(instance, setup, position, request),
};
