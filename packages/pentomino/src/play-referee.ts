// The referee of a packing in play: the board with the laid pieces' cells as holes, the pieces
// left, every packing counted (`all`: symmetric copies included, exactly what `kit run pentomino
// --all` counts for that board and those pieces). Packings that use an orientation the tray does
// not offer (Katamino's upright I) are not completions. Loaded lazily, in the worker.
import { Grid, type Shape } from '@kit/grid';
import {
  piecesLeft, planarPiece, type CompletionRequest, type CompletionResult, type PiecesPosition, type PiecesSetup, type PlacedPiece,
  type PlayPosition, type PlayReferee, type PlaySetup,
} from '@kit/core/play';
import { prepare, runAll } from './engine.js';
import type { PieceSet } from './pieces.js';

/** The packing problem a position leaves: its free cells as a board (row-major `true`), the pieces left. */
export function packingLeft(setup: PiecesSetup, position: PiecesPosition): { board: Grid<boolean>; pieces: PieceSet; rows: string[] } {
  const { width, height } = setup;
  const free = new Array<boolean>(width * height).fill(true);
  for (const hole of setup.holes ?? []) free[hole] = false;
  for (const placed of position.placed) for (const cell of placed.cells) free[cell] = false;
  const left = piecesLeft(setup, position);
  const kinds = setup.tray.flatMap((piece, i) =>
    left[i]! > 0 ? [{ name: piece.name, shape: piece.orientations[0]!.map(([row, col]) => ({ row: row!, col: col! })) as Shape, count: left[i]! }] : [],
  );
  const rows = Array.from({ length: height }, (_, r) => free.slice(r * width, (r + 1) * width).map((cell) => (cell ? '.' : '#')).join(''));
  return { board: new Grid(height, width, free), pieces: { kinds }, rows };
}

interface TrayIndex {
  /** Tray piece by name. */
  piece: Map<string, number>;
  /** Per tray piece, orientation index by its normalised cells. */
  orientation: Map<string, number>[];
  /** Some piece offers fewer orientations than its shape has: completions must be checked. */
  restricted: boolean;
}

const indexes = new WeakMap<PiecesSetup, TrayIndex>();
const shapeKey = (cells: ReadonlyArray<readonly number[]>) => cells.map((at) => at.join(',')).join(' ');

function trayIndex(setup: PiecesSetup): TrayIndex {
  let index = indexes.get(setup);
  if (!index) {
    index = {
      piece: new Map(setup.tray.map((piece, i) => [piece.name, i])),
      orientation: setup.tray.map((piece) => new Map(piece.orientations.map((cells, i) => [shapeKey(cells), i]))),
      restricted: setup.tray.some(
        (piece) => planarPiece(piece.name, piece.orientations[0]!.map(([row, col]) => [row!, col!] as [number, number])).orientations.length > piece.orientations.length,
      ),
    };
    indexes.set(setup, index);
  }
  return index;
}

/** A laid piece from its cells: which tray piece, which orientation, where; undefined when the tray does not offer that orientation. */
function placedOf(setup: PiecesSetup, index: TrayIndex, name: string, cells: readonly number[]): PlacedPiece | undefined {
  const piece = index.piece.get(name)!;
  let top = Infinity;
  let left = Infinity;
  for (const cell of cells) {
    top = Math.min(top, Math.floor(cell / setup.width));
    left = Math.min(left, cell % setup.width);
  }
  const offsets = cells
    .map((cell) => [Math.floor(cell / setup.width) - top, (cell % setup.width) - left])
    .sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  const orientation = index.orientation[piece]!.get(shapeKey(offsets));
  if (orientation === undefined) return undefined;
  return { piece, orientation, cell: top * setup.width + left, cells: [...cells].sort((a, b) => a - b) };
}

export function packingCompletions(setup: PlaySetup, position: PlayPosition, request: CompletionRequest): CompletionResult {
  if (setup.kind !== 'pieces' || position.kind !== 'pieces') throw new Error('a packing is played with pieces');
  // Every piece laid: the position is its own one completion.
  if (piecesLeft(setup, position).every((n) => n === 0)) return { count: 1, ...(request.positions ? { positions: [position] } : {}) };
  const { board, pieces } = packingLeft(setup, position);
  const index = trayIndex(setup);
  const prepared = prepare(board, pieces, { all: true });
  const positions: PlayPosition[] = [];
  const check = request.positions || index.restricted;
  let count = 0;
  const result = runAll(prepared, {
    ...(check
      ? {
          packing: (laid) => {
            const placed: PlacedPiece[] = [];
            for (const { kind, cells } of laid) {
              const one = placedOf(setup, index, pieces.kinds[kind]!.name, cells);
              if (!one) return false;
              placed.push(one);
            }
            count++;
            if (request.positions) positions.push({ kind: 'pieces', placed: [...position.placed, ...placed] });
            return count >= request.limit;
          },
        }
      : { limit: request.limit }),
    tick: () => request.shouldStop(),
  });
  if (!check) count = Math.min(result.solutions, request.limit);
  return { count, ...(request.positions ? { positions } : {}) };
}

export const referee: PlayReferee = { completions: (_instance, setup, position, request) => packingCompletions(setup, position, request) };
