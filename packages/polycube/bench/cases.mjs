// The benchmark's puzzles: each with its published count and the CPU seconds BurrTools' text-mode
// solver (burrTxt -q, built with -O2) took on a machine like the build machine.
import { boxTarget, namedSet } from '../dist/index.js';

export const CASES = [
  { name: 'soma', set: 'soma', args: ['--set', 'soma'], solutions: 240, burrTxt: 0.02 },
  { name: '2x3x10', set: 'solid-pentominoes', box: '2x3x10', args: ['--set', 'solid-pentominoes', '--box', '2x3x10'], solutions: 12, burrTxt: 0.24 },
  { name: '2x5x6', set: 'solid-pentominoes', box: '2x5x6', args: ['--set', 'solid-pentominoes', '--box', '2x5x6'], solutions: 264, burrTxt: 2.9 },
  { name: '3x4x5', set: 'solid-pentominoes', box: '3x4x5', args: ['--set', 'solid-pentominoes', '--box', '3x4x5'], solutions: 3940, burrTxt: 26, long: true },
  { name: 'bedlam', set: 'bedlam', args: ['--set', 'bedlam'], solutions: 19186, burrTxt: 76, long: true },
];

/** The target and pieces of a case. */
export function puzzleOf(testCase) {
  const set = namedSet(testCase.set);
  return { target: testCase.box ? boxTarget(testCase.box) : set.target, pieces: set.pieces };
}
