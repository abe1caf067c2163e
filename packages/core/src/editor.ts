// What a plugin tells a host so the host can draw its input as an editable grid (the web page's
// editor): the cell values, the size limits, and the conversion to and from the plugin's text format.
// Hosts know no puzzle: a Puyo colour, a Hitori number and a pentomino hole are all just values here.

/** A grid being edited: rows top to bottom, each cell one value (`GridValue.value`, or a number as text). */
export type EditorGrid = string[][];

/** One value a cell can take, with how the editor shows it. */
export interface GridValue {
  /** What the cell holds in an `EditorGrid` ('R', '.', '#'): short, no spaces, `_` or `*` (links use those). */
  value: string;
  /** What the palette button says (`red`, `hole`). */
  label: string;
  /** Palette key the editor fills the cell with (the plugin's `palette` or the base one). */
  fill?: string;
  /** A key that picks this value and paints the focused cell with it (one character). */
  key?: string;
  /** A short mark drawn in the cell (a letter or symbol); none by default. */
  mark?: string;
  /** What the value means, when the label alone does not say (`no number: never shaded`); hosts show it with the value. */
  help?: string;
}

/** A grid's size in cells. */
export interface GridSize {
  /** Columns. */
  width: number;
  /** Rows. */
  height: number;
}

/** A side of the grid: fixed, or chosen within limits. */
export type GridSide = number | { min: number; max: number };

/** A compact form of the grid for a link (a puyop.com field string, a puzz.link URL body). */
export interface GridShareCodec {
  /** The grid as the link form. */
  encode(grid: EditorGrid): string;
  /** Throws InputError with the message the CLI would print for the same bad input. */
  decode(code: string): EditorGrid;
}

/**
 * A stack of same-size grids edited one layer at a time (a shape in three dimensions: one grid per
 * height). The stack's text joins the layers as the plugin's format does; `GridEditorSpec.toText` and
 * `fromText` then read and write a single layer.
 */
export interface GridLayers {
  /** The fewest and the most layers the stack may have. */
  min: number;
  /** The most layers the stack may have. */
  max: number;
  /** How many layers a new stack has (default `min`). */
  start?: number;
  /** The stack as the plugin's text format, first layer first: what the CLI would read from a file. */
  toText(layers: readonly EditorGrid[]): string;
  /** The plugin's text format to the stack of layers; throws InputError. */
  fromText(text: string, name?: string): EditorGrid[];
}

/** A grid a host lets the person draw as the plugin's input (a field, a board, a pattern). */
export interface GridEditorSpec {
  /** Which input the grid becomes: `input` (the positional file) or the name of a file option. */
  target: string;
  /** What the grid is, for the editor's heading (`Field`, `Board`, `Designer's pattern`). */
  label: string;
  /** Columns: fixed, or chosen within limits. */
  width: GridSide;
  /** Rows: fixed, or chosen within limits. */
  height: GridSide;
  /** The values a cell can take; the first is what a new or cleared cell holds. */
  values: readonly GridValue[];
  /** Cells may also hold integers typed from the keyboard (a Hitori or Sudoku number). */
  numbers?: {
    min: number;
    /** The largest number, or a function of the grid's size (Hitori: the longer side). */
    max: number | ((width: number, height: number) => number);
    /** Palette key for a numbered cell. */
    fill?: string;
  };
  /**
   * The only sizes the grid takes, when not every size within `width` and `height` does (a Sudoku:
   * 4x4, 9x9 and 16x16); hosts offer them as a choice.
   */
  sizes?: readonly GridSize[];
  /** The size a new grid starts at (default: the first of `sizes`, else the smallest the limits allow). */
  startSize?: GridSize;
  /** Shown only when asked for: a host offers it folded and sends nothing until it is opened. */
  optional?: boolean;
  /** Options (or `input`) the drawn grid replaces while it is in use (`size` for a board); hosts hide them. */
  supersedes?: readonly string[];
  /** The grid as the plugin's text format, what the CLI would read from a file. */
  toText(grid: EditorGrid): string;
  /** The plugin's text format to a grid; throws InputError. */
  fromText(text: string, name?: string): EditorGrid;
  /** A compact form for links; hosts fall back to a run-length encoding of the grid. Not with `layers`. */
  share?: GridShareCodec;
  /** The grid is a stack of layers of one size, and hosts offer a choice of the layer to edit. */
  layers?: GridLayers;
}

/** How many layers a new stack has (1 without `layers`). */
export function startLayers(spec: GridEditorSpec): number {
  return spec.layers ? (spec.layers.start ?? spec.layers.min) : 1;
}

/** A named example a host can offer and run: the input text, file options' texts, and other options. */
export interface PluginSample {
  /** Lowercase letters, digits and dashes: `?example=NAME` in the web page. */
  name: string;
  /** What the sample shows, for the page's list. */
  title: string;
  /** The positional input, as the text of the file the CLI would read. */
  input?: string;
  /** Option values as on the command line (a file option's value is the file's text). */
  options?: Readonly<Record<string, string | number | boolean>>;
}

/** What an `-o FILE` run would write, so a host without files can offer it as a download. */
export interface OutputFile {
  /** The suggested file name. */
  name: string;
  /** The contents. */
  text: string;
  /** A line a host shows with the download when the file is not what it seems (`the design is not unique`). */
  note?: string;
}

/** The largest number a cell may hold for a grid of this size. */
export function numberMax(spec: GridEditorSpec, width: number, height: number): number {
  const max = spec.numbers?.max;
  if (max === undefined) return 0;
  return typeof max === 'function' ? max(width, height) : max;
}

/** The limits of a side as `[min, max]`. */
export function sideRange(side: GridSide): [number, number] {
  return typeof side === 'number' ? [side, side] : [side.min, side.max];
}

/** Whether the grid takes this size: within its limits, and one of its `sizes` when it lists them. */
export function takesSize(spec: GridEditorSpec, width: number, height: number): boolean {
  const [minW, maxW] = sideRange(spec.width);
  const [minH, maxH] = sideRange(spec.height);
  if (width < minW || width > maxW || height < minH || height > maxH) return false;
  return !spec.sizes || spec.sizes.some((size) => size.width === width && size.height === height);
}

/** The size a new grid starts at. */
export function startSize(spec: GridEditorSpec): GridSize {
  if (spec.startSize) return spec.startSize;
  if (spec.sizes?.[0]) return spec.sizes[0];
  return { width: sideRange(spec.width)[0], height: sideRange(spec.height)[0] };
}

/** A grid of this size with every cell holding the editor's first value. */
export function blankGrid(spec: GridEditorSpec, width: number, height: number): EditorGrid {
  const empty = spec.values[0]?.value ?? '';
  return Array.from({ length: height }, () => Array.from({ length: width }, () => empty));
}

/** Checks a plugin's editors against its options; registration fails on a bad one. */
export function checkEditors(editors: readonly GridEditorSpec[], fileTargets: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const editor of editors) {
    if (!fileTargets.includes(editor.target)) return `editor for ${JSON.stringify(editor.target)} edits no file option or input`;
    if (seen.has(editor.target)) return `two editors for ${JSON.stringify(editor.target)}`;
    seen.add(editor.target);
    if (editor.values.length === 0) return `editor for ${JSON.stringify(editor.target)} has no values`;
    for (const side of [editor.width, editor.height]) {
      const [min, max] = sideRange(side);
      if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1 || max < min) return `editor for ${JSON.stringify(editor.target)} has a bad size`;
    }
    if (editor.sizes !== undefined && (!Array.isArray(editor.sizes) || editor.sizes.length === 0))
      return `editor for ${JSON.stringify(editor.target)} lists no sizes`;
    const sizes = [...(editor.sizes ?? []), ...(editor.startSize ? [editor.startSize] : [])];
    for (const size of sizes) {
      if (!Number.isInteger(size?.width) || !Number.isInteger(size?.height) || !takesSize(editor, size.width, size.height)) {
        return `editor for ${JSON.stringify(editor.target)} has a size outside its limits`;
      }
    }
    const layers = editor.layers;
    if (layers !== undefined) {
      const start = layers.start ?? layers.min;
      if (![layers.min, layers.max, start].every(Number.isInteger) || layers.min < 1 || layers.max < layers.min || start < layers.min || start > layers.max) {
        return `editor for ${JSON.stringify(editor.target)} has a bad layer count`;
      }
      if (typeof layers.toText !== 'function' || typeof layers.fromText !== 'function')
        return `editor for ${JSON.stringify(editor.target)} has layers without toText and fromText`;
      if (editor.share !== undefined) return `editor for ${JSON.stringify(editor.target)} has both layers and a share codec`;
    }
    const values = new Set(editor.values.map((value) => value.value));
    if (values.size !== editor.values.length) return `editor for ${JSON.stringify(editor.target)} repeats a value`;
    for (const value of values) {
      if (value === '' || /[\s_*]/.test(value) || (editor.numbers && /^\d+$/.test(value))) {
        return `editor for ${JSON.stringify(editor.target)} has a bad value ${JSON.stringify(value)}`;
      }
    }
  }
  return undefined;
}
