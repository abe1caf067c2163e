// What the solver reports and the plugin draws, in a module of its own: the plugin, its play, search
// and solver all name it, and the plugin imports the play and (lazily) the solver.

/** A solution, or the partial board shown while searching: one string a row, `.` for empty. */
export interface Board {
  rows: string[];
  /** The puzzle's clues in the same form, so a drawing can tell them from found digits. */
  givens: string[];
}
