// The referee of a packing in play: the board with the laid pieces' cells as holes, the pieces
// left, every packing counted (`all`: symmetric copies included, exactly what `kit run pentomino
// --all` counts for that board and those pieces). Packings that use an orientation the tray does
// not offer (Katamino's upright I) are not completions. Loaded lazily, in the worker.
import { Grid, type Shape } from '@kit/grid';
import {
  piecesLeft,
  planarPiece,
  type CompletionRequest,
  type CompletionResult,
  type PiecesPosition,
  type PiecesSetup,
  type PlacedPiece,
  type PlayPosition,
  type PlayReferee,
  type PlaySetup,
  type PreparedReferee,
} from '@kit/core/play';
import { type Prepared, prepare, runRoots } from './engine.js';
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
  const rows = Array.from({ length: height }, (_, r) =>
    free
      .slice(r * width, (r + 1) * width)
      .map((cell) => (cell ? '.' : '#'))
      .join(''),
  );
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
        (piece) =>
          planarPiece(
            piece.name,
            piece.orientations[0]!.map(([row, col]) => [row!, col!] as [number, number]),
          ).orientations.length > piece.orientations.length,
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
  const offsets = cells.map((cell) => [Math.floor(cell / setup.width) - top, (cell % setup.width) - left]).sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  const orientation = index.orientation[piece]!.get(shapeKey(offsets));
  if (orientation === undefined) return undefined;
  return { piece, orientation, cell: top * setup.width + left, cells: [...cells].sort((a, b) => a - b) };
}

/** A completion's laid pieces (kind and cells) as placed tray pieces; undefined when the tray does not offer one's orientation. */
function placedPieces(
  setup: PiecesSetup,
  index: TrayIndex,
  names: readonly string[],
  laid: ReadonlyArray<{ kind: number; cells: number[] }>,
): PlacedPiece[] | undefined {
  const placed: PlacedPiece[] = [];
  for (const { kind, cells } of laid) {
    const one = placedOf(setup, index, names[kind]!, cells);
    if (!one) return undefined;
    placed.push(one);
  }
  return placed;
}

/**
 * Counts (and lists) the completions below `prefix`, placements of `prepared` already laid: a
 * packing's first `prefix.length` pieces are the position's own.
 */
function searchBelow(prepared: Prepared, prefix: number[], setup: PiecesSetup, position: PiecesPosition, request: CompletionRequest): CompletionResult {
  const index = trayIndex(setup);
  const names = prepared.problem.kindNames;
  const positions: PlayPosition[] = [];
  const check = request.positions || index.restricted;
  let count = 0;
  const result = runRoots(prepared, [{ prefix, check: [] }], {
    ...(check
      ? {
          packing: (laid) => {
            const placed = placedPieces(setup, index, names, laid.slice(prefix.length));
            if (!placed) return false;
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

const piecesOf = (setup: PlaySetup, position: PlayPosition): { setup: PiecesSetup; position: PiecesPosition } => {
  if (setup.kind !== 'pieces' || position.kind !== 'pieces') throw new Error('a packing is played with pieces');
  return { setup, position };
};

/** Every piece laid: the position is its own one completion. */
const laidOut = (position: PiecesPosition, request: CompletionRequest): CompletionResult => ({
  count: 1,
  ...(request.positions ? { positions: [position] } : {}),
});

/** The completions of one position, its board left compiled for it alone. */
export function packingCompletions(anySetup: PlaySetup, anyPosition: PlayPosition, request: CompletionRequest): CompletionResult {
  const { setup, position } = piecesOf(anySetup, anyPosition);
  if (piecesLeft(setup, position).every((n) => n === 0)) return laidOut(position, request);
  const { board, pieces } = packingLeft(setup, position);
  return searchBelow(prepare(board, pieces, { all: true }), [], setup, position, request);
}

const placementKey = (kind: number, cells: readonly number[]) => `${kind}:${cells.join(',')}`;

/**
 * A game's board compiled once, whole, with the whole tray: a position is searched below its laid
 * pieces (the search's own placements), so a move costs its search and no compile. A piece laid
 * where the whole board's search never lays one (it cuts off a cell on its own) is counted the
 * position's own way. Counts are the same as packingCompletions'.
 */
export function preparePacking(anySetup: PlaySetup): PreparedReferee {
  const { setup } = piecesOf(anySetup, { kind: 'pieces', placed: [] });
  let whole: { prepared: Prepared; ids: Map<string, number>; kindOfTray: Map<number, number> } | undefined;
  const compile = () => {
    const { board, pieces } = packingLeft(setup, { kind: 'pieces', placed: [] });
    const prepared = prepare(board, pieces, { all: true });
    const { problem } = prepared;
    const ids = new Map<string, number>();
    problem.placements.forEach((placement, id) => {
      ids.set(
        placementKey(
          placement.kind,
          placement.cells.map((cell) => problem.boardIndex[cell]!).sort((a, b) => a - b),
        ),
        id,
      );
    });
    // The kinds are the tray's pieces in order (every one has a copy left before the first move).
    const kindOfTray = new Map(setup.tray.flatMap((piece, tray) => (piece.count > 0 ? [tray] : [])).map((tray, kind) => [tray, kind]));
    return { prepared, ids, kindOfTray };
  };
  return {
    completions(anyPosition, request) {
      const { position } = piecesOf(setup, anyPosition);
      if (piecesLeft(setup, position).every((n) => n === 0)) return laidOut(position, request);
      whole ??= compile();
      const prefix: number[] = [];
      for (const placed of position.placed) {
        const kind = whole.kindOfTray.get(placed.piece);
        const id = kind === undefined ? undefined : whole.ids.get(placementKey(kind, placed.cells));
        if (id === undefined) return packingCompletions(setup, position, request);
        prefix.push(id);
      }
      return searchBelow(whole.prepared, prefix, setup, position, request);
    },
  };
}

/** Play mode's referee for a packing board, which the page loads in its worker: a game's board compiled once. */
export const referee: PlayReferee = {
  completions: (_instance, setup, position, request) => packingCompletions(setup, position, request),
  prepare: (_instance, setup) => preparePacking(setup),
};
