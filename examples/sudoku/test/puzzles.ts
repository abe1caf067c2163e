// Test puzzles. The solutions below were checked by hand against the rules (isSolved) as well.
export const WIKIPEDIA = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
export const WIKIPEDIA_SOLUTION = ['534678912', '672195348', '198342567', '859761423', '426853791', '713924856', '961537284', '287419635', '345286179'];
/** Arto Inkala's 2012 "world's hardest Sudoku". */
export const INKALA = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';
export const INKALA_SOLUTION = ['812753649', '943682175', '675491283', '154237896', '369845721', '287169534', '521974368', '438526917', '796318452'];
/** A full 16x16 grid by the shifted-rows pattern, with a scattered fifth of its cells emptied. */
export function sixteen(): { puzzle: string; full: string } {
  let puzzle = '';
  let full = '';
  for (let r = 0; r < 16; r++) {
    for (let c = 0; c < 16; c++) {
      const symbol = '123456789ABCDEFG'[(r * 4 + Math.floor(r / 4) + c) % 16]!;
      full += symbol;
      puzzle += (r * 7 + c * 3) % 5 === 0 ? '.' : symbol;
    }
  }
  return { puzzle, full };
}
