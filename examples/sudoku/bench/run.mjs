// Times the dancing-links solver against a plain backtracking reference measured in the same run
// (first empty cell, digits 1-9 in order), on hard puzzles, to decide uniqueness (two solutions).
import { parseSudoku, solveSudoku } from '../dist/index.js';

const PUZZLES = {
  inkala: '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
  wikipedia: '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79',
};

function reference(cells) {
  const grid = [...cells];
  let found = 0;
  const ok = (index, digit) => {
    const row = Math.floor(index / 9);
    const column = index % 9;
    const top = row - (row % 3);
    const left = column - (column % 3);
    for (let k = 0; k < 9; k++) {
      if (grid[row * 9 + k] === digit || grid[k * 9 + column] === digit) return false;
      if (grid[(top + Math.floor(k / 3)) * 9 + left + (k % 3)] === digit) return false;
    }
    return true;
  };
  const solve = () => {
    const index = grid.indexOf(0);
    if (index < 0) return void found++;
    for (let digit = 1; digit <= 9 && found < 2; digit++) {
      if (!ok(index, digit)) continue;
      grid[index] = digit;
      solve();
      grid[index] = 0;
    }
  };
  solve();
  return found;
}

const time = (fn, runs) => {
  fn();
  const start = performance.now();
  for (let i = 0; i < runs; i++) fn();
  return (performance.now() - start) / runs;
};

for (const [name, text] of Object.entries(PUZZLES)) {
  const cells = parseSudoku(text).cells;
  const dlx = time(() => solveSudoku(text), 20);
  const plain = time(() => reference(cells), 1);
  console.log(`${name.padEnd(15)} dancing links ${dlx.toFixed(2)} ms, backtracking ${plain.toFixed(2)} ms: ${(plain / dlx).toFixed(1)}x faster`);
}
