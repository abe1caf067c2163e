export { type Coord, coord, coordKey, compareCoords, DIRECTIONS4, neighbours4 } from './coord.js';
export { sortShort } from './sort-short.js';
export { Grid } from './grid.js';
export { parseTextGrid, formatTextGrid, splitLines, type TextGridOptions } from './text-grid.js';
export { type Transform, type TransformInfo, TRANSFORMS, ALL_TRANSFORMS, transformInBox } from './transform.js';
export {
  type Shape,
  normalize,
  transformShape,
  shapeKey,
  orientations,
  shapeSymmetries,
  isConnected,
  shapeFromRows,
  shapeToRows,
  checkPolyomino,
  PENTOMINOES,
} from './shape.js';
export {
  type Board,
  parseBoard,
  boardFromRows,
  boardToRows,
  rectangleBoard,
  cellCount,
  cropBoard,
  transformBoard,
  boardSymmetries,
} from './board.js';
export { PIECE_PALETTE, pieceCell, pieceFill } from './piece-palette.js';
export { openRegions } from './regions.js';
