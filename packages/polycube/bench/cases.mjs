// The benchmark's puzzles: each with its published count and the CPU seconds BurrTools' text-mode
// solver (burrTxt -q, built with g++ -O2) took on a machine like the build machine (issue 23's
// figures for the small ones; 3x4x5, Bedlam and the Tetris Cube measured on 5 December 2026), used
// only when the benchmark cannot run burrTxt itself.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { boxTarget, namedSet, parsePieceFile } from '../dist/index.js';

// Read, not imported: Node 20 warns on JSON modules, and the warning would land among the figures.
const { polycube } = createRequire(import.meta.url)('@kit/tooling/reference-counts.json');

// Not a named set: its pieces are drawn in bench/tetris-cube.txt.
const tetrisCube = fileURLToPath(new URL('tetris-cube.txt', import.meta.url));

export const CASES = [
  { name: 'soma', set: 'soma', args: ['--set', 'soma'], solutions: polycube['soma'].distinct, tries: polycube['soma'].tries, burrTxt: 0.02 },
  {
    name: '2x3x10',
    set: 'solid-pentominoes',
    box: '2x3x10',
    args: ['--set', 'solid-pentominoes', '--box', '2x3x10'],
    solutions: polycube['solid-pentominoes 2x3x10'].distinct,
    burrTxt: 0.24,
  },
  {
    name: '2x5x6',
    set: 'solid-pentominoes',
    box: '2x5x6',
    args: ['--set', 'solid-pentominoes', '--box', '2x5x6'],
    solutions: polycube['solid-pentominoes 2x5x6'].distinct,
    burrTxt: 2.9,
  },
  {
    name: '3x4x5',
    set: 'solid-pentominoes',
    box: '3x4x5',
    args: ['--set', 'solid-pentominoes', '--box', '3x4x5'],
    solutions: polycube['solid-pentominoes 3x4x5'].distinct,
    tries: polycube['solid-pentominoes 3x4x5'].tries,
    burrTxt: 24.5,
    long: true,
  },
  {
    name: 'bedlam',
    set: 'bedlam',
    args: ['--set', 'bedlam'],
    solutions: polycube['bedlam'].distinct,
    tries: polycube['bedlam'].tries,
    burrTxt: 78,
    long: true,
  },
  {
    name: 'tetris',
    pieceFile: tetrisCube,
    box: '4x4x4',
    args: ['--piece-file', tetrisCube, '--box', '4x4x4'],
    solutions: polycube['tetris-cube'].distinct,
    tries: polycube['tetris-cube'].tries,
    burrTxt: 80.5,
    long: true,
  },
];

/** The target and pieces of a case. */
export function puzzleOf(testCase) {
  if (testCase.pieceFile) return { target: boxTarget(testCase.box), pieces: parsePieceFile(readFileSync(testCase.pieceFile, 'utf8'), testCase.pieceFile) };
  const set = namedSet(testCase.set);
  return { target: testCase.box ? boxTarget(testCase.box) : set.target, pieces: set.pieces };
}
