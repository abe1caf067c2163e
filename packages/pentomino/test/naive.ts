// An independent, deliberately simple packer for cross-checking small cases: row-major order, cell
// sets as strings, distinctness by canonical partition keys over the board's symmetries.
import { type Shape, boardFromRows as gridBoard, boardSymmetries, orientations, transformInBox } from '@kit/grid';

export interface NaivePiece {
  name: string;
  shape: Shape;
  count: number;
}

export function naiveCount(rows: readonly string[], pieces: readonly NaivePiece[]): { raw: number; distinct: number } {
  const board = gridBoard(rows);
  const height = board.rows;
  const width = board.cols;
  const open = (r: number, c: number) => r >= 0 && r < height && c >= 0 && c < width && board.get({ row: r, col: c });
  const placements: { kind: number; cells: number[] }[] = [];
  pieces.forEach((piece, kind) => {
    for (const shape of orientations(piece.shape)) {
      for (let r = 0; r < height; r++) {
        for (let c = 0; c < width; c++) {
          if (shape.every((at) => open(r + at.row, c + at.col))) {
            placements.push({ kind, cells: shape.map((at) => (r + at.row) * width + c + at.col).sort((a, b) => a - b) });
          }
        }
      }
    }
  });
  const owner = new Array<number>(height * width).fill(-1);
  board.cells.forEach((cell, i) => {
    if (!cell) owner[i] = -2;
  });
  const left = pieces.map((piece) => piece.count);
  const chosen: number[] = [];
  const symmetries = boardSymmetries(board);
  const keys = new Set<string>();
  let raw = 0;
  const key = (perm: (i: number) => number) => {
    const label = new Array<string>(height * width).fill('#');
    for (const id of chosen) {
      const cells = placements[id]!.cells.map(perm);
      const tag = `${placements[id]!.kind}@${Math.min(...cells)}`;
      for (const cell of cells) label[cell] = tag;
    }
    return label.join(',');
  };
  const go = () => {
    const first = owner.indexOf(-1);
    if (first < 0) {
      raw++;
      const images = symmetries.map((t) =>
        key((i) => {
          const to = transformInBox(t, { row: Math.floor(i / width), col: i % width }, height, width);
          return to.row * width + to.col;
        }),
      );
      keys.add(images.sort()[0]!);
      return;
    }
    placements.forEach((placement, id) => {
      if (placement.cells[0] !== first || left[placement.kind] === 0) return;
      if (placement.cells.some((cell) => owner[cell] !== -1)) return;
      for (const cell of placement.cells) owner[cell] = id;
      left[placement.kind]!--;
      chosen.push(id);
      go();
      chosen.pop();
      left[placement.kind]!++;
      for (const cell of placement.cells) owner[cell] = -1;
    });
  };
  go();
  return { raw, distinct: keys.size };
}
