// Sudoku in play: select a cell, type a digit (or a pencil mark); a digit twice in a row, column
// or box shows at once; hints are naked and hidden singles, else a digit every solution left has;
// the referee is the dancing-links solver with the digits played as clues.
import type { Cell } from '@kit/core';
import type { MarksPosition, PlayHint, PlayPosition, PlaySpec, PlayViolation } from '@kit/core/play';
import { SYMBOLS, type SudokuGrid } from './grid.js';
import type { Board } from './board.js';

const EMPTY = '.';

function marksOf(position: PlayPosition): string[] {
  if (position.kind !== 'marks') throw new Error(`a Sudoku position holds marks, not ${position.kind}`);
  return position.marks;
}

interface Unit {
  name: string;
  cells: number[];
  /** Rows and columns are lines a host can underline; a box is not. */
  line: boolean;
}

function units(grid: SudokuGrid): Unit[] {
  const { box, size } = grid;
  const result: Unit[] = [];
  for (let i = 0; i < size; i++) {
    result.push({ name: `row ${i + 1}`, cells: Array.from({ length: size }, (_, k) => i * size + k), line: true });
    result.push({ name: `column ${i + 1}`, cells: Array.from({ length: size }, (_, k) => k * size + i), line: true });
    const top = Math.floor(i / box) * box;
    const left = (i % box) * box;
    result.push({ name: `box ${i + 1}`, cells: Array.from({ length: size }, (_, k) => (top + Math.floor(k / box)) * size + left + (k % box)), line: false });
  }
  return result;
}

function check(grid: SudokuGrid, marks: readonly string[]): PlayViolation[] {
  const found: PlayViolation[] = [];
  for (const unit of units(grid)) {
    const seen = new Map<string, number[]>();
    for (const cell of unit.cells) {
      const digit = marks[cell]!;
      if (digit === EMPTY) continue;
      seen.set(digit, [...(seen.get(digit) ?? []), cell]);
    }
    for (const [digit, cells] of seen) {
      if (cells.length < 2) continue;
      found.push({
        message: `${unit.name} has ${cells.length === 2 ? 'two' : cells.length} ${digit}s`,
        cells,
        ...(unit.line ? { lines: [[unit.cells[0]!, unit.cells[unit.cells.length - 1]!] as [number, number]] } : {}),
      });
    }
  }
  return found;
}

const place = (grid: SudokuGrid, cell: number) => `row ${Math.floor(cell / grid.size) + 1}, column ${(cell % grid.size) + 1}`;

/** Naked singles (one digit fits a cell), then hidden singles (a digit fits one cell of a unit). */
function deduce(grid: SudokuGrid, marks: readonly string[]): PlayHint | undefined {
  const all = units(grid);
  const unitsOf: Unit[][] = Array.from({ length: marks.length }, () => []);
  for (const unit of all) for (const cell of unit.cells) unitsOf[cell]!.push(unit);
  const digits = SYMBOLS.slice(0, grid.size).split('');
  const fits = (cell: number, digit: string) => marks[cell] === EMPTY && unitsOf[cell]!.every((unit) => unit.cells.every((other) => marks[other] !== digit));
  for (let cell = 0; cell < marks.length; cell++) {
    if (marks[cell] !== EMPTY) continue;
    const options = digits.filter((digit) => fits(cell, digit));
    if (options.length === 1) {
      return {
        move: { type: 'mark', cell, value: options[0]! },
        reason: `only ${options[0]} fits at ${place(grid, cell)}: its row, column and box hold every other digit`,
        basis: 'rules',
      };
    }
  }
  for (const unit of all) {
    for (const digit of digits) {
      if (unit.cells.some((cell) => marks[cell] === digit)) continue;
      const spots = unit.cells.filter((cell) => fits(cell, digit));
      if (spots.length === 1) {
        return {
          move: { type: 'mark', cell: spots[0]!, value: digit },
          reason: `${place(grid, spots[0]!)} is the only place for a ${digit} in ${unit.name}`,
          basis: 'rules',
        };
      }
    }
  }
  return undefined;
}

export const play: PlaySpec<SudokuGrid, Board> = {
  setup(grid) {
    const digits = SYMBOLS.slice(0, grid.size)
      .split('')
      .map((digit) => ({ value: digit, label: digit, key: digit.toLowerCase() }));
    const start = grid.cells.map((value) => (value === 0 ? EMPTY : SYMBOLS[value - 1]!));
    return {
      kind: 'marks',
      width: grid.size,
      height: grid.size,
      marks: [{ value: EMPTY, label: 'empty', key: '.' }, ...digits],
      click: 'select',
      notes: digits,
      fixed: grid.cells.flatMap((value, cell) => (value === 0 ? [] : [cell])),
      start,
      units: units(grid).map((unit) => unit.cells),
    };
  },
  view(grid, _setup, position) {
    const marks = marksOf(position);
    const { box, size } = grid;
    const boxOf = (cell: number) => Math.floor(Math.floor(cell / size) / box) * box + Math.floor((cell % size) / box);
    const cells: Cell[] = marks.map((digit, cell) => {
      const alt = (Math.floor(Math.floor(cell / size) / box) + Math.floor((cell % size) / box)) % 2 === 1 ? '-alt' : '';
      if (digit === EMPTY) return { fill: `empty${alt}` };
      return { fill: (grid.cells[cell] !== 0 ? 'given' : 'found') + alt, label: digit };
    });
    // The boxes' thick borders: a given beside a digit found in the same box is no border.
    return { frame: { width: size, height: size, cells, regions: marks.map((_, cell) => boxOf(cell)) } };
  },
  check: (grid, _setup, position) => check(grid, marksOf(position)),
  complete: (_grid, _setup, position) => !marksOf(position).includes(EMPTY),
  deduce: (grid, _setup, position) => deduce(grid, marksOf(position)),
  toInstance: (grid, _setup, position) => ({ box: grid.box, size: grid.size, cells: marksOf(position).map((digit) => SYMBOLS.indexOf(digit) + 1) }),
  fromSolution(_grid, _setup, position, board): MarksPosition {
    const notes = position.kind === 'marks' ? position.notes : [];
    return { kind: 'marks', marks: board.rows.join('').split(''), notes };
  },
};
