import { InputError, type InputLocation } from '@kit/core';

/** Symbols for sizes up to 16x16: 1-9, then A-G. */
export const SYMBOLS = '123456789ABCDEFG';
const EMPTY = new Set(['.', '0', '_']);
/** Box sides we read: 4x4, 9x9 and 16x16 grids. */
const BOX_SIDES = [2, 3, 4] as const;

/** A Sudoku: `size` = box * box cells a side; `cells` row-major, 0 for empty, 1..size for a digit. */
export interface SudokuGrid {
  box: number;
  size: number;
  cells: number[];
}

interface Located {
  value: number;
  line: number;
  column: number;
}

const isSeparatorLine = (line: string) => /^[\s|+=-]*$/.test(line) && /[|+=-]/.test(line);

/**
 * Reads a Sudoku written either as one line of 16, 81 or 256 cells, or as one line a row (4, 9 or 16
 * rows). Digits are 1-9 then A-G; `.`, `0` or `_` is an empty cell; spaces and `|` between cells and
 * lines of `-`, `+`, `|` between boxes are ignored, as are blank lines and lines starting with `#`.
 * Errors name the line and column of the offending character.
 */
export function parseSudoku(text: string, file?: string): SudokuGrid {
  const where = (line: number, column?: number) => ({ ...(file !== undefined ? { file } : {}), line, ...(column !== undefined ? { column } : {}) });
  const rows: { cells: Located[]; line: number }[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.trimStart().startsWith('#') || isSeparatorLine(line)) return;
    const cells: Located[] = [];
    for (let i = 0; i < line.length; i++) {
      const char = line[i]!;
      if (char === ' ' || char === '\t' || char === '|') continue;
      const digit = SYMBOLS.indexOf(char.toUpperCase());
      if (EMPTY.has(char)) cells.push({ value: 0, line: index + 1, column: i + 1 });
      else if (digit >= 0) cells.push({ value: digit + 1, line: index + 1, column: i + 1 });
      else throw new InputError(`unexpected ${JSON.stringify(char)} (a cell is 1-9, A-G, or . for empty)`, where(index + 1, i + 1));
    }
    rows.push({ cells, line: index + 1 });
  });
  if (rows.length === 0) throw new InputError('no Sudoku found (expected 81 cells on one line, or 9 lines of 9)', file !== undefined ? { file } : {});

  const first = rows[0]!;
  const lineBox = BOX_SIDES.find((box) => first.cells.length === box ** 4);
  let box: number;
  let cells: Located[];
  if (lineBox !== undefined && rows.length === 1) {
    box = lineBox;
    cells = first.cells;
  } else {
    const rowBox = BOX_SIDES.find((side) => first.cells.length === side * side);
    if (rowBox === undefined) {
      throw new InputError(`a row has ${first.cells.length} cells; expected 4, 9 or 16 (or 16, 81 or 256 on a single line)`, where(first.line));
    }
    box = rowBox;
    const size = box * box;
    for (const row of rows) {
      if (row.cells.length !== size) throw new InputError(`row has ${row.cells.length} cells, expected ${size}`, where(row.line));
    }
    if (rows.length > size) throw new InputError(`more than ${size} rows`, where(rows[size]!.line));
    if (rows.length < size) throw new InputError(`${rows.length} rows, expected ${size}`, where(rows[rows.length - 1]!.line));
    cells = rows.flatMap((row) => row.cells);
  }

  const size = box * box;
  for (const cell of cells) {
    if (cell.value > size) {
      throw new InputError(`${SYMBOLS[cell.value - 1]} is not a digit of a ${size}x${size} Sudoku`, where(cell.line, cell.column));
    }
  }
  checkClues(cells, box, where);
  return { box, size, cells: cells.map((cell) => cell.value) };
}

/** Two equal clues in one row, column or box make the puzzle impossible: say where the second is. */
function checkClues(cells: readonly Located[], box: number, where: (line: number, column?: number) => InputLocation): void {
  const size = box * box;
  const seen = new Map<string, number>();
  cells.forEach((cell, index) => {
    if (cell.value === 0) return;
    const row = Math.floor(index / size);
    const column = index % size;
    const units = [`row ${row + 1}`, `column ${column + 1}`, `box ${Math.floor(row / box) * box + Math.floor(column / box) + 1}`];
    for (const unit of units) {
      const key = `${unit}:${cell.value}`;
      if (seen.has(key)) {
        throw new InputError(`${SYMBOLS[cell.value - 1]} appears twice in ${unit}`, where(cell.line, cell.column));
      }
      seen.set(key, index);
    }
  });
}

/** One string a row, a symbol per cell and `.` for an empty one. */
export function gridRows(size: number, cells: readonly number[]): string[] {
  const rows: string[] = [];
  for (let row = 0; row < size; row++) {
    let text = '';
    for (let column = 0; column < size; column++) {
      const value = cells[row * size + column] ?? 0;
      text += value === 0 ? '.' : SYMBOLS[value - 1];
    }
    rows.push(text);
  }
  return rows;
}

/** True when every row, column and box holds each digit once. */
export function isSolved(grid: SudokuGrid): boolean {
  const { box, size, cells } = grid;
  const full = (values: number[]) => new Set(values).size === size && values.every((v) => v >= 1 && v <= size);
  for (let i = 0; i < size; i++) {
    const row = cells.slice(i * size, i * size + size);
    const column = Array.from({ length: size }, (_, r) => cells[r * size + i]!);
    const top = Math.floor(i / box) * box;
    const left = (i % box) * box;
    const square = Array.from({ length: size }, (_, k) => cells[(top + Math.floor(k / box)) * size + left + (k % box)]!);
    if (!full(row) || !full(column) || !full(square)) return false;
  }
  return true;
}
