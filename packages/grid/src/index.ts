export { type Coord, coord, coordKey, compareCoords, sortCoords, DIRECTIONS4, neighbours4 } from './coord.js';
export { sortShort } from './sort-short.js';
export { Grid } from './grid.js';
export { parseTextGrid, formatTextGrid, splitLines, type TextGridOptions } from './text-grid.js';
export { type Transform, type TransformInfo, TRANSFORMS, ALL_TRANSFORMS, boxShift, transformInBox } from './transform.js';
export {
  type Shape, normalize, transformShape, shapeKey, orientations, shapeSymmetries, isConnected,
  shapeFromRows, shapeToRows, checkPolyomino, PENTOMINOES,
} from './shape.js';
export {
  type Board, BOARD_HINT, parseBoard, boardFromRows, boardToRows, rectangleBoard, cellCount, cropBoard,
  transformBoard, boardSymmetries, cellMap,
} from './board.js';
