// A Sudoku as a person pencils it: each empty cell's candidates (a bit a digit), the digits placed,
// and the units (rows, columns, boxes). The grader's deductions read and narrow it.
import { SYMBOLS, type SudokuGrid } from './grid.js';

/** A row, column or box, named as a person says it (`row 4`, `box 6`). */
export interface Unit {
  kind: 'row' | 'column' | 'box';
  /** 1-based, boxes numbered row by row. */
  number: number;
  name: string;
  cells: number[];
}

/** The units of a grid with boxes of `box` a side, and for each cell the three it lies in. */
export function unitsOf(box: number): { units: Unit[]; cellUnits: Unit[][] } {
  const size = box * box;
  const units: Unit[] = [];
  for (let i = 0; i < size; i++) {
    units.push({ kind: 'row', number: i + 1, name: `row ${i + 1}`, cells: Array.from({ length: size }, (_, k) => i * size + k) });
  }
  for (let i = 0; i < size; i++) {
    units.push({ kind: 'column', number: i + 1, name: `column ${i + 1}`, cells: Array.from({ length: size }, (_, k) => k * size + i) });
  }
  for (let i = 0; i < size; i++) {
    const top = Math.floor(i / box) * box;
    const left = (i % box) * box;
    const cells = Array.from({ length: size }, (_, k) => (top + Math.floor(k / box)) * size + left + (k % box));
    units.push({ kind: 'box', number: i + 1, name: `box ${i + 1}`, cells });
  }
  const cellUnits: Unit[][] = Array.from({ length: size * size }, () => []);
  for (const unit of units) for (const cell of unit.cells) cellUnits[cell]!.push(unit);
  return { units, cellUnits };
}

/** `r4c7`: row and column, from 1. */
export const cellName = (size: number, cell: number): string => `r${Math.floor(cell / size) + 1}c${(cell % size) + 1}`;

/** The digits of a candidate mask, ascending (bit d-1 is digit d). */
export function digitsOf(mask: number): number[] {
  const digits: number[] = [];
  for (let d = 1; mask !== 0; d++, mask >>>= 1) if (mask & 1) digits.push(d);
  return digits;
}

export const bitCount = (mask: number): number => digitsOf(mask).length;

/** A digit as the grid writes it: 1-9, then A-G. */
export const symbol = (digit: number): string => SYMBOLS[digit - 1]!;

export class Candidates {
  readonly box: number;
  readonly size: number;
  /** 0 for an empty cell, else its digit. */
  readonly values: number[];
  /** An empty cell's candidates; 0 for a filled one. */
  readonly masks: number[];
  readonly units: Unit[];
  readonly cellUnits: Unit[][];

  constructor(grid: SudokuGrid, copyOf?: Candidates) {
    this.box = grid.box;
    this.size = grid.size;
    if (copyOf) {
      this.values = [...copyOf.values];
      this.masks = [...copyOf.masks];
      this.units = copyOf.units;
      this.cellUnits = copyOf.cellUnits;
      return;
    }
    ({ units: this.units, cellUnits: this.cellUnits } = unitsOf(grid.box));
    const all = (1 << grid.size) - 1;
    this.values = grid.cells.map(() => 0);
    this.masks = grid.cells.map(() => all);
    grid.cells.forEach((value, cell) => {
      if (value !== 0) this.place(cell, value);
    });
  }

  copy(): Candidates {
    return new Candidates({ box: this.box, size: this.size, cells: [] }, this);
  }

  /** Puts `digit` in `cell` and strikes it from the cell's peers. */
  place(cell: number, digit: number): void {
    this.values[cell] = digit;
    this.masks[cell] = 0;
    const bit = 1 << (digit - 1);
    for (const unit of this.cellUnits[cell]!) for (const peer of unit.cells) this.masks[peer]! &= ~bit;
  }

  /** Strikes `digit` from `cells`; true when it was a candidate of any of them. */
  eliminate(cells: readonly number[], digit: number): boolean {
    const bit = 1 << (digit - 1);
    let changed = false;
    for (const cell of cells) {
      if (this.masks[cell]! & bit) {
        this.masks[cell]! &= ~bit;
        changed = true;
      }
    }
    return changed;
  }

  /** The empty cells of `unit` where `digit` is still a candidate. */
  spots(unit: Unit, digit: number): number[] {
    const bit = 1 << (digit - 1);
    return unit.cells.filter((cell) => (this.masks[cell]! & bit) !== 0);
  }

  has(unit: Unit, digit: number): boolean {
    return unit.cells.some((cell) => this.values[cell] === digit);
  }

  solved(): boolean {
    return !this.values.includes(0);
  }

  /** What makes the pencilling impossible: an empty cell with no candidate, or a digit with no place in a unit. */
  contradiction(): string | undefined {
    for (let cell = 0; cell < this.values.length; cell++) {
      if (this.values[cell] === 0 && this.masks[cell] === 0) return `${cellName(this.size, cell)} has no digit left`;
    }
    for (const unit of this.units) {
      for (let digit = 1; digit <= this.size; digit++) {
        if (!this.has(unit, digit) && this.spots(unit, digit).length === 0) return `${unit.name} has no place left for ${symbol(digit)}`;
      }
    }
    return undefined;
  }

  /** A grid of the digits placed so far. */
  grid(): SudokuGrid {
    return { box: this.box, size: this.size, cells: [...this.values] };
  }
}
