// What every kind of board (marks, pieces, drops) offers the Play tab, and what it is given.
import type { GridEditorSpec, Palette } from '@kit/core';
import type { PlayMove, Game, GameStatus } from '@kit/core/play';
import type { EditableBoard } from './board-painter.js';

export interface BoardHost {
  palette: Palette;
  /** Plays a move; false when the position does not allow it (the reason is said). */
  play(move: PlayMove): boolean;
  /** Plays several moves as one gesture (a laid piece moved: lift, then place); false when one is refused. */
  playAll(moves: readonly PlayMove[]): boolean;
  /** A short message for the person (a refused move, a given cell). */
  say(message: string): void;
  /** Set when the board can be edited in place (the plugin's `play.editable` and the editor it names). */
  editing?: BoardEditing;
}

/** Editing a board in place: the position as an editor's grid, and the edited grid played as the puzzle. */
export interface BoardEditing {
  /** The editor whose values paint the board. */
  spec: GridEditorSpec;
  /** The position as the editor's input, or undefined when it cannot be edited as it stands. */
  current(): EditableBoard | undefined;
  /** Plays the edited text as the puzzle from here on; false (and the reason said) when it is refused. */
  commit(text: string): boolean;
}

/** Cells to pick out on the board, as setup cells (marks, pieces) or frame cells (drops). */
export interface Highlights {
  mistake: readonly number[];
  hint: readonly number[];
  /** Drops only: the column and rotation a hint or the mistake is about. */
  dropMistake?: { column: number; rotation: number };
  dropHint?: { column: number; rotation: number };
}

export interface BoardState {
  game: Game;
  status: GameStatus;
  highlights: Highlights;
  /** The last change was a move just played (not an undo, redo or reload): play its animation. */
  fresh: boolean;
}

export interface PlayBoard {
  readonly element: HTMLElement;
  draw(state: BoardState): void;
  /** Picks out the referee's cells (the mistake, a hint) once it has answered, without redrawing. */
  highlight(highlights: Highlights): void;
  /** Puts the keyboard focus on the board. */
  focus(): void;
  /** The board is taken away: stop timers and listeners. */
  dispose(): void;
}
