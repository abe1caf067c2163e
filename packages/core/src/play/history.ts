// Moves with undo and redo, for play and for editing alike: a list of moves and a cursor. Moves
// before the cursor are played; those after it can be redone until a new move replaces them.
// Immutable: every operation returns a new history, so a host can keep old ones (for a link, for
// storage) without copying.

/** Moves with a cursor: those before it are played, those after it can be redone. */
export interface History<M> {
  /** Every move recorded, played or undone, oldest first. */
  readonly moves: readonly M[];
  /** How many of `moves` are played (0..moves.length). */
  readonly cursor: number;
}

/** A history with no moves, where a game or an edit starts. */
export function emptyHistory<M>(): History<M> {
  return { moves: [], cursor: 0 };
}

/** Plays a move: the moves that could have been redone are gone. */
export function recordMove<M>(history: History<M>, move: M): History<M> {
  return { moves: [...history.moves.slice(0, history.cursor), move], cursor: history.cursor + 1 };
}

/** Whether there is a played move to take back. */
export const canUndo = (history: History<unknown>): boolean => history.cursor > 0;
/** Whether there is an undone move to play again. */
export const canRedo = (history: History<unknown>): boolean => history.cursor < history.moves.length;

/** Takes the last played move back (kept for redo); the same history when there is none. */
export function undoMove<M>(history: History<M>): History<M> {
  return canUndo(history) ? { moves: history.moves, cursor: history.cursor - 1 } : history;
}

/** Plays the next undone move again; the same history when there is none. */
export function redoMove<M>(history: History<M>): History<M> {
  return canRedo(history) ? { moves: history.moves, cursor: history.cursor + 1 } : history;
}

/** The moves played, in order. */
export function playedMoves<M>(history: History<M>): readonly M[] {
  return history.cursor === history.moves.length ? history.moves : history.moves.slice(0, history.cursor);
}
