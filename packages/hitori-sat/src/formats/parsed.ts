/** What every input format produces. */
export interface ParsedPuzzle {
  /** The format the text was read as (detected, or the one asked for). */
  format: InputFormat;
  /** Cells in a row. */
  width: number;
  /** Rows. */
  height: number;
  /** Row-major. A puzzle: numbers, 0 blank. A pattern (`--fill`): labels, 0 free, -1 blank. */
  cells: number[];
  /** A PencilBox answer block, if the file had one: 1 shaded, 0 not. */
  answer?: number[];
  /** Where each mark of the answer block is in the file (row-major, as `answer`). */
  answerAt?: Array<{ line: number; column: number }>;
}

/** The formats puzzles are read from, as `--format` names them (`auto`, the default, detects one). */
export const INPUT_FORMATS = ['pencilbox', 'puzz.link', 'singles', 'grid'] as const;
/** One of {@link INPUT_FORMATS}. */
export type InputFormat = (typeof INPUT_FORMATS)[number];
