/**
 * The view model every host draws: a grid of cells, row-major. The terminal renders it as colour
 * blocks, the web app as SVG, so a plugin that produces frames gets both front ends for free.
 */
export interface Cell {
  /** A palette key ('F', 'R', 'shaded', ...); absent for an empty cell. */
  fill?: string;
  /** Text shown in the cell: a piece letter, a number. Shown instead of colour when colour is off. */
  label?: string;
  /** Not part of the board at all (drawn as blank space). */
  hole?: boolean;
}

/** What a plugin's `view` returns for a solution or a search state: cells to draw, and a title. */
export interface Frame {
  /** Columns of the grid. */
  width: number;
  /** Rows of the grid. */
  height: number;
  /** The cells row by row, `width * height` of them. */
  cells: Cell[];
  /** One line shown above the grid, e.g. `No. 12 (tries 3456)`. */
  title?: string;
  /**
   * Set when the frame draws a box of cubes as its layers side by side (see FrameLayers): hosts
   * that draw in three dimensions read the cubes from the flat frame; the others draw it flat.
   */
  layers?: FrameLayers;
  /**
   * The region each cell belongs to (Sudoku's boxes), row-major. Given, hosts draw the thick borders
   * between regions; without it, between cells of different fills.
   */
  regions?: readonly number[];
}

/**
 * How a flat frame holds a box: `depth` layers of `width` columns and the frame's rows each, the
 * bottom layer (z = 0) on the left, `gap` columns of holes between two layers. The cube at column
 * x, row y of layer z is the frame's cell at column `z * (width + gap) + x`, row y.
 */
export interface FrameLayers {
  /** How many layers the box has. */
  depth: number;
  /** Columns of one layer. */
  width: number;
  /** Columns of holes between two layers. */
  gap: number;
}

/** A frame from text rows, one cell per character (`cell` maps it); short rows are padded with spaces. */
export function frameFromRows(rows: readonly string[], cell: (char: string) => Cell, title?: string): Frame {
  const width = rows.reduce((most, row) => Math.max(most, row.length), 0);
  const cells: Cell[] = [];
  for (const row of rows) {
    for (let x = 0; x < width; x++) cells.push(cell(row[x] ?? ' '));
  }
  return { width, height: rows.length, cells, ...(title !== undefined ? { title } : {}) };
}
