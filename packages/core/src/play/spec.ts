// How a person plays a puzzle, as a plugin describes it: the board and what a move can be (marks on
// cells, pieces laid from a tray, pieces dropped from a queue), what the position looks like, which
// rules it breaks, when it is complete, and how its solver can count the ways to finish it. Hosts
// (the web page's Play tab) know no puzzle: they draw what this describes and send moves back.
import type { Cell, Frame } from '../frame.js';

/** The three ways a puzzle is played. */
export type PlayKind = 'marks' | 'pieces' | 'drops';

/** A mark a cell takes in play: Hitori's shaded or circled, a Sudoku digit, a third party's bulb. */
export interface PlayMark {
  /** What the cell holds (`#`, `o`, `7`): short, no white space. */
  value: string;
  /** What the mark is called, for buttons and screen readers (`shaded`, `circled`, `7`). */
  label: string;
  /** A key that puts this mark on the focused cell (one character). */
  key?: string;
  /**
   * False for a player's reminder that no rule and no referee looks at (a dot that only says "I
   * checked this one"). The first mark of a setup is the empty cell and never constrains; every
   * other mark does unless it says otherwise. Hosts use this to find the move that was the mistake.
   */
  constrains?: boolean;
}

interface SetupCommon {
  /** What the puzzle asks, in one line (`chains>=2`), for puzzles with a goal beyond "complete it". */
  goal?: string;
  /**
   * False when a position has nothing for a referee to count (a chain builder with no goal): hosts
   * then show no remaining count, no mistake and no hint. Default true.
   */
  judged?: boolean;
}

/** Marks on cells: Hitori, Sudoku, a third party's Light Up. */
export interface MarksSetup extends SetupCommon {
  /**
   * Each cell's name in the puzzle's own coordinates (`e4`, `B7`, `r3c5`), row-major, one a cell
   * (1 to 16 characters, no control characters): hosts use it wherever they name a cell (screen
   * readers, hints, refused moves). Default: `row R, column C` (with `layer L, ` in a box).
   */
  cellNames?: readonly string[];
  /**
   * Clues drawn beside the board that are not cells (Nonogram's runs): `top` one list a column,
   * read from the top down, `left` one list a row, read from left to right; an empty list is a
   * line with no clue. At most 64 clues a line, each 1 to 16 characters.
   */
  margins?: { top?: ReadonlyArray<readonly string[]>; left?: ReadonlyArray<readonly string[]> };
  /** Tells the play kinds apart. */
  kind: 'marks';
  /** Columns of the board. */
  width: number;
  /** Rows of the board. */
  height: number;
  /** The marks a cell can hold; the first is the empty cell. */
  marks: readonly PlayMark[];
  /**
   * `cycle`: a click moves a cell to its next mark, back to empty after the last (Hitori: shade,
   * circle, clear). `select`: a click selects the cell and keys put marks on it (Sudoku).
   */
  click: 'cycle' | 'select';
  /** Pencil marks: several can sit in one cell; no rule and no referee looks at them. */
  notes?: readonly PlayMark[];
  /** Cells the player cannot change (Sudoku's givens, Hitori's blank cells), row-major indices. */
  fixed?: readonly number[];
  /** The marks cells hold at the start, row-major (default: every cell empty). Givens go here. */
  start?: readonly string[];
  /**
   * Groups of cells that never hold the same mark twice (Sudoku's rows, columns and boxes): a mark
   * put on a cell takes the same pencil mark off the other cells of each group it is in, as a
   * player would rub it out.
   */
  units?: ReadonlyArray<readonly number[]>;
}

/**
 * A piece in the tray. Coordinates are `[row, col]` on a flat board and `[layer, row, col]` in a
 * box (`depth` > 1); an orientation's least coordinate on each axis is 0.
 */
export interface TrayPiece {
  /** What the piece is called, and its letter on the board (`F`). */
  name: string;
  /** Palette key it is drawn with (default: its name). */
  fill?: string;
  /** Copies in the tray. */
  count: number;
  /** Every orientation the rules allow, each its cells' coordinates. */
  orientations: ReadonlyArray<ReadonlyArray<readonly number[]>>;
  /** Keys that turn the piece in hand: `next[i]` is the orientation that turning orientation i gives. */
  turns: readonly PieceTurn[];
}

/** A key that turns the piece in hand (rotate, flip), with the orientation it leads to from each. */
export interface PieceTurn {
  /** One character: `r` rotates, `f` flips (hosts also take it in upper case). */
  key: string;
  /** What it does, for buttons and help (`turn`). */
  label: string;
  /** For each orientation, the orientation the turn leads to. */
  next: readonly number[];
}

/** Pieces laid from a tray: pentomino, Katamino, a box of polycubes. */
export interface PiecesSetup extends SetupCommon {
  /**
   * Each cell's name in the puzzle's own coordinates (`e4`, `B7`, `r3c5`), row-major, one a cell
   * (1 to 16 characters, no control characters): hosts use it wherever they name a cell (screen
   * readers, hints, refused moves). Default: `row R, column C` (with `layer L, ` in a box).
   */
  cellNames?: readonly string[];
  /** Tells the play kinds apart. */
  kind: 'pieces';
  /** Columns of the board. */
  width: number;
  /** Rows of the board. */
  height: number;
  /** Layers of a box (default 1: a flat board). Cell index = (layer * height + row) * width + col. */
  depth?: number;
  /** Cells that are not part of the board, as indices. */
  holes?: readonly number[];
  /** The pieces to lay, in tray order (`PlayMove.piece` indexes it). */
  tray: readonly TrayPiece[];
}

/** Pieces dropped from a queue into columns: Puyo's pairs. */
export interface DropsSetup extends SetupCommon {
  /** Tells the play kinds apart. */
  kind: 'drops';
  /** Columns a piece can be dropped in. */
  columns: number;
  /** The queue, in order. */
  queue: readonly DropPiece[];
  /** Start the queue again once it is used up (a game's repeating sequence); otherwise play ends with it. */
  repeat?: boolean;
  /** How many pieces after the current one a host shows. */
  preview: number;
  /**
   * Where each part of a piece sits, per rotation, relative to the first part (`[row, col]`, up is
   * -1). In clockwise order: hosts turn a piece to the next rotation clockwise (X) and to the
   * previous one anticlockwise (Z).
   */
  rotations: readonly DropRotation[];
  /** Where a new piece appears before the player moves it. */
  spawn: DropPlacement;
}

/** One piece of a drops queue (a Puyo pair): its parts and its name. */
export interface DropPiece {
  /** How each part looks, the part the piece turns around first. */
  parts: readonly Cell[];
  /** What the piece is called (`RG`: red under green). */
  label: string;
}

/** One rotation of a dropped piece: where its parts sit relative to its first part. */
export interface DropRotation {
  /** The rotation as a person names it. */
  label: string;
  /** Each part's [column, row] offset from the first part; rows grow downwards. */
  offsets: ReadonlyArray<readonly [number, number]>;
}

/** What a game starts from, fixed for the whole game: one of the three play kinds. */
export type PlaySetup = MarksSetup | PiecesSetup | DropsSetup;

/** Where a dropped piece goes: the column of its first part and its rotation (index into `rotations`). */
export interface DropPlacement {
  /** The column of the piece's first part, from 0. */
  column: number;
  /** Index into `DropsSetup.rotations`. */
  rotation: number;
}

/**
 * One move. `mark` puts a mark on a cell (the empty mark clears it); `note` toggles a pencil mark;
 * `place` lays tray piece `piece` in orientation `orientation` with the orientation's origin (its
 * least coordinates) on `cell`; `lift` takes back the piece covering `cell`; `drop` drops the
 * queue's current piece.
 */
export type PlayMove =
  | { type: 'mark'; cell: number; value: string }
  | { type: 'note'; cell: number; value: string }
  | { type: 'place'; piece: number; orientation: number; cell: number }
  | { type: 'lift'; cell: number }
  | ({ type: 'drop' } & DropPlacement);

/** A laid piece: which, how, where, and the cells it covers (ascending). */
export interface PlacedPiece {
  /** Index into the tray. */
  piece: number;
  /** Index into the piece's orientations. */
  orientation: number;
  /** The cell under the orientation's origin. */
  cell: number;
  /** The cells it covers, ascending. */
  cells: number[];
}

/** A position: plain data, the same for every puzzle of a kind. */
export type PlayPosition =
  | { kind: 'marks'; marks: string[]; notes: string[][] }
  | { kind: 'pieces'; placed: PlacedPiece[] }
  | { kind: 'drops'; drops: DropPlacement[] };

/** A position of a marks game: a mark and pencil notes per cell. */
export type MarksPosition = Extract<PlayPosition, { kind: 'marks' }>;
/** A position of a pieces game: the pieces laid so far. */
export type PiecesPosition = Extract<PlayPosition, { kind: 'pieces' }>;
/** A position of a drops game: the drops made so far, in order. */
export type DropsPosition = Extract<PlayPosition, { kind: 'drops' }>;

/** A broken rule: what it is, and the cells to highlight (a line is a run of cells from one end to the other). */
export interface PlayViolation {
  /** The broken rule, one sentence. */
  message: string;
  /** The cells to show it on. */
  cells: number[];
  /** Whole rows, columns or boxes to underline: each the cells of one line, `[first, last]`. */
  lines?: Array<[number, number]>;
}

/** A counter a host shows large beside the board (`chain 3`, `score 1260`). */
export interface PlayCounter {
  /** What it counts. */
  label: string;
  /** Its value in this position. */
  value: number;
}

/** What a host draws for a position. */
export interface PlayView {
  /** The board as it stands; its cells are the setup's (row-major), or for drops the field. */
  frame: Frame;
  /** Figures shown beside the board (a score, pieces left). */
  counters?: readonly PlayCounter[];
  /** The puzzle's goal and whether the position meets it. */
  goal?: { text: string; met: boolean };
  /**
   * What the last move set off, to animate in order (a chain's falls and pops), before `frame`.
   * `highlight`: cells of the step's frame to pick out (the groups that pop in it).
   */
  steps?: ReadonlyArray<{ frame: Frame; caption?: string; highlight?: readonly number[] }>;
  /** Set when no move can follow: why (`game over: column 3 is full`). */
  over?: string;
  /**
   * Drops only: where the current piece comes to rest for each legal drop, keyed `column:rotation`:
   * the frame cell of each part, in the piece's order (null for a part that does not stay, as a
   * puyo above the field vanishes). Hosts draw it under the piece in hand, a landing preview.
   */
  landings?: Readonly<Record<string, ReadonlyArray<number | null>>>;
  /**
   * The position in words, for screen readers, where a picture says more than its cells' names
   * (Puyo: each column's puyos from the floor up). Hosts make it the board's text alternative.
   */
  description?: string;
  /** Links to other sites that show the position (Puyo: the game so far on puyop.com); https only. */
  links?: ReadonlyArray<{ label: string; url: string }>;
}

/**
 * A move worth making and why. `rules`: a rule forces it from what is on the board (the plugin's
 * own deduction). `uniqueness`: the one completion left has it, and no single rule shows it.
 * `search`: every remaining completion has it (there are several).
 */
export interface PlayHint {
  /** The move to make. */
  move: PlayMove;
  /** Why, one sentence a person can follow. */
  reason: string;
  /** How the move was found (see above). */
  basis: 'rules' | 'uniqueness' | 'search';
}

/** What a referee is asked: up to `limit` completions, with or without the positions themselves. */
export interface CompletionRequest {
  /** Stop counting after this many completions. */
  limit: number;
  /** Return the completed positions as well as the count. */
  positions: boolean;
  /** True once the answer is no longer wanted (a newer move came): return what you have. */
  shouldStop(): boolean;
}

/** What a referee answers. */
export interface CompletionResult {
  /** Completions found, at most the limit. */
  count: number;
  /** The completed positions (at most `limit`), when asked for. */
  positions?: PlayPosition[];
}

/** A referee of a plugin's own, for puzzles whose solver cannot take a position as its input. */
export interface PlayReferee<I = unknown> {
  /** Counts the ways to complete `position` (and lists them when asked). */
  completions(instance: I, setup: PlaySetup, position: PlayPosition, request: CompletionRequest): CompletionResult | Promise<CompletionResult>;
  /**
   * Optional: the game's problem prepared once (its tables compiled for the whole board), so each
   * position of the game costs only its own search. The referee keeps what this returns for as long
   * as it keeps the game, and asks it instead of `completions`; it must count exactly the same.
   */
  prepare?(instance: I, setup: PlaySetup): PreparedReferee;
}

/** A referee's problem prepared for one game (see `PlayReferee.prepare`). */
export interface PreparedReferee {
  /** Counts the ways to complete `position`, a position of the game it was prepared for. */
  completions(position: PlayPosition, request: CompletionRequest): CompletionResult | Promise<CompletionResult>;
}

/**
 * Play mode, next to a plugin's editors. Every function but `referee` runs on the host's main
 * thread after every move, so each must be pure and cheap (microseconds to a millisecond).
 *
 * The referee counts the completions of a position in a worker. Give either `toInstance` (and
 * `fromSolution`, for hints), so the plugin's own solver does it, or `referee`, a search of its own.
 */
export interface PlaySpec<I = unknown, S = unknown> {
  /** The board and its pieces for this instance; throws InputError when it cannot be played. */
  setup(instance: I, options: { seed: number }): PlaySetup;
  /** What the host draws for a position. */
  view(instance: I, setup: PlaySetup, position: PlayPosition): PlayView;
  /** The rules the position already breaks (instantly, without search). */
  check(instance: I, setup: PlaySetup, position: PlayPosition): PlayViolation[];
  /** True when nothing is left to do (with no violation, the puzzle is solved). */
  complete(instance: I, setup: PlaySetup, position: PlayPosition): boolean;
  /** Drops only: the placements of the current piece the rules allow (none: play is over). */
  legalDrops?(instance: I, setup: PlaySetup, position: PlayPosition): DropPlacement[];
  /** A move a rule forces from the board as it stands, for hints (`rules`). */
  deduce?(instance: I, setup: PlaySetup, position: PlayPosition): PlayHint | undefined;
  /**
   * The board as it stands as the input of one of the plugin's editors, for hosts that let the
   * player edit it in place (Puyo's field, as chainsim does): `target` names the editor
   * (`GridEditorSpec.target`), `text` is the grid in the editor's format, and `cells[i]` is the
   * editor cell (`[row, col]`) that cell i of the view's frame shows, or null. Hosts play the
   * edited text as a new puzzle, the other options kept. Undefined: this position cannot be edited.
   */
  editable?(
    instance: I,
    setup: PlaySetup,
    position: PlayPosition,
  ): { target: string; text: string; cells: ReadonlyArray<readonly [number, number] | null> } | undefined;
  /**
   * The position as an input of the plugin's own solver (givens, fixed pieces, fixed cells): its
   * solutions are exactly the position's completions. Options that name host resources (output
   * files, external programs) must not be carried over.
   */
  toInstance?(instance: I, setup: PlaySetup, position: PlayPosition): I;
  /** A solution of `toInstance`'s input as the completed position. */
  fromSolution?(instance: I, setup: PlaySetup, position: PlayPosition, solution: S): PlayPosition;
  /** Instead of `toInstance`: a referee of the plugin's own, loaded lazily in the worker. */
  referee?(): Promise<PlayReferee<I>>;
}

/** Limits hosts hold every setup, move list and game code to. */
export const PLAY_LIMITS = {
  /** Cells of a board (all layers). */
  cells: 65536,
  marks: 64,
  pieces: 256,
  orientations: 64,
  pieceCells: 1024,
  queue: 4096,
  rotations: 16,
  parts: 16,
  /** Moves in a history. */
  moves: 20000,
  /** Clues on one line of a board's margin. */
  clues: 64,
} as const;
