// The deductions the grader knows, easiest first, each as a person would say it. A technique finds
// one use of itself on the pencilled board, applies it and returns the step; undefined when it has
// none. Singles place digits; the others strike candidates, which later singles then use.
import type { GradeStep } from '@kit/core/make';
import { bitCount, cellName, digitsOf, symbol, type Candidates, type Unit } from './candidates.js';

/** The grader's levels, easiest first: the techniques a person needs. */
export const LEVELS = ['easy', 'medium', 'hard'] as const;
export type Level = (typeof LEVELS)[number];

export interface Technique {
  rule: string;
  level: Level;
  apply(board: Candidates): GradeStep | undefined;
}

/** `r1c1, r1c4 and r1c8` */
export function listCells(board: Candidates, cells: readonly number[]): string {
  const names = cells.map((cell) => cellName(board.size, cell));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const orDigits = (digits: readonly number[]) => digits.map(symbol).join(' or ');

function placed(board: Candidates, rule: string, cell: number, digit: number, why: string): GradeStep {
  board.place(cell, digit);
  return {
    rule,
    level: 'easy',
    text: `${cellName(board.size, cell)} is ${symbol(digit)}: ${why}.`,
    cells: [cell],
    moves: [{ type: 'mark', cell, value: symbol(digit) }],
  };
}

/** The cells of `cells` that still have `digit` as a candidate. */
const holding = (board: Candidates, cells: readonly number[], digit: number) => cells.filter((cell) => (board.masks[cell]! & (1 << (digit - 1))) !== 0);

/** A step that strikes `digit` from `cells` (all of which hold it). */
function struck(board: Candidates, rule: string, level: Level, cells: number[], digit: number, why: string): GradeStep {
  board.eliminate(cells, digit);
  const them = cells.length === 1 ? 'is' : 'are';
  return { rule, level, text: `${why}, so ${listCells(board, cells)} ${them} not ${symbol(digit)}.`, cells };
}

/** Boxes first, then rows, then columns: the order a person scans in. */
const scanOrder = (board: Candidates) => [...board.units.filter((unit) => unit.kind === 'box'), ...board.units.filter((unit) => unit.kind !== 'box')];

const hiddenSingle: Technique = {
  rule: 'hidden single',
  level: 'easy',
  apply(board) {
    for (const unit of scanOrder(board)) {
      for (let digit = 1; digit <= board.size; digit++) {
        if (board.has(unit, digit)) continue;
        const spots = board.spots(unit, digit);
        if (spots.length === 1) return placed(board, 'hidden single', spots[0]!, digit, `the only place for ${symbol(digit)} in ${unit.name}`);
      }
    }
    return undefined;
  },
};

const nakedSingle: Technique = {
  rule: 'naked single',
  level: 'easy',
  apply(board) {
    for (let cell = 0; cell < board.masks.length; cell++) {
      if (board.values[cell] !== 0 || bitCount(board.masks[cell]!) !== 1) continue;
      const digit = digitsOf(board.masks[cell]!)[0]!;
      // Said by its peers when they hold every other digit; else earlier steps struck the rest.
      const seen = new Set(board.cellUnits[cell]!.flatMap((unit) => unit.cells.map((peer) => board.values[peer])));
      const byPeers = seen.size >= board.size && !seen.has(digit);
      const why = byPeers ? 'its row, column and box hold every other digit' : 'every other digit is ruled out for it';
      return placed(board, 'naked single', cell, digit, why);
    }
    return undefined;
  },
};

const nakedPair: Technique = {
  rule: 'naked pair',
  level: 'medium',
  apply(board) {
    for (const unit of board.units) {
      const pairs = unit.cells.filter((cell) => board.values[cell] === 0 && bitCount(board.masks[cell]!) === 2);
      for (let i = 0; i < pairs.length; i++) {
        for (let j = i + 1; j < pairs.length; j++) {
          const [a, b] = [pairs[i]!, pairs[j]!];
          if (board.masks[a] !== board.masks[b]) continue;
          const digits = digitsOf(board.masks[a]!);
          const others = unit.cells.filter((cell) => cell !== a && cell !== b && (board.masks[cell]! & board.masks[a]!) !== 0);
          if (others.length === 0) continue;
          for (const digit of digits) board.eliminate(others, digit);
          const text = `${listCells(board, [a, b])} can only be ${orDigits(digits)}, so they take both in ${unit.name}: ${listCells(board, others)} ${others.length === 1 ? 'is' : 'are'} neither.`;
          return { rule: 'naked pair', level: 'medium', text, cells: others };
        }
      }
    }
    return undefined;
  },
};

/** The row or column (of `kind`) all of `cells` lie in, if one. */
function lineOf(board: Candidates, cells: readonly number[], kind: 'row' | 'column'): Unit | undefined {
  const index = (cell: number) => (kind === 'row' ? Math.floor(cell / board.size) : cell % board.size);
  if (!cells.every((cell) => index(cell) === index(cells[0]!))) return undefined;
  return board.units.find((unit) => unit.kind === kind && unit.number === index(cells[0]!) + 1);
}

const pointing: Technique = {
  rule: 'pointing',
  level: 'medium',
  apply(board) {
    for (const box of board.units.filter((unit) => unit.kind === 'box')) {
      for (let digit = 1; digit <= board.size; digit++) {
        const spots = board.spots(box, digit);
        if (spots.length < 2) continue;
        for (const kind of ['row', 'column'] as const) {
          const line = lineOf(board, spots, kind);
          if (!line) continue;
          const outside = holding(
            board,
            line.cells.filter((cell) => !box.cells.includes(cell)),
            digit,
          );
          if (outside.length > 0) return struck(board, 'pointing', 'medium', outside, digit, `In ${box.name}, ${symbol(digit)} can only be in ${line.name}`);
        }
      }
    }
    return undefined;
  },
};

const boxLine: Technique = {
  rule: 'box/line reduction',
  level: 'medium',
  apply(board) {
    for (const line of board.units.filter((unit) => unit.kind !== 'box')) {
      for (let digit = 1; digit <= board.size; digit++) {
        const spots = board.spots(line, digit);
        if (spots.length < 2) continue;
        const box = board.cellUnits[spots[0]!]!.find((unit) => unit.kind === 'box')!;
        if (!spots.every((cell) => box.cells.includes(cell))) continue;
        const outside = holding(
          board,
          box.cells.filter((cell) => !line.cells.includes(cell)),
          digit,
        );
        if (outside.length > 0)
          return struck(board, 'box/line reduction', 'medium', outside, digit, `In ${line.name}, ${symbol(digit)} can only be in ${box.name}`);
      }
    }
    return undefined;
  },
};

const xWing: Technique = {
  rule: 'x-wing',
  level: 'hard',
  apply(board) {
    for (const [base, cover] of [
      ['row', 'column'],
      ['column', 'row'],
    ] as const) {
      const bases = board.units.filter((unit) => unit.kind === base);
      const covers = board.units.filter((unit) => unit.kind === cover);
      const crossIndex = (cell: number) => (cover === 'column' ? cell % board.size : Math.floor(cell / board.size));
      for (let digit = 1; digit <= board.size; digit++) {
        const twos = bases.filter((unit) => board.spots(unit, digit).length === 2);
        for (let i = 0; i < twos.length; i++) {
          for (let j = i + 1; j < twos.length; j++) {
            const [first, second] = [twos[i]!, twos[j]!];
            const lines = board.spots(first, digit).map(crossIndex);
            if (board.spots(second, digit).map(crossIndex).join() !== lines.join()) continue;
            const crossing = lines.map((index) => covers[index]!);
            const outside = holding(
              board,
              crossing.flatMap((unit) => unit.cells).filter((cell) => !first.cells.includes(cell) && !second.cells.includes(cell)),
              digit,
            ).sort((a, b) => a - b);
            if (outside.length === 0) continue;
            const why = `In ${base}s ${first.number} and ${second.number}, ${symbol(digit)} can only be in ${cover}s ${crossing[0]!.number} and ${crossing[1]!.number}, one in each`;
            return struck(board, 'x-wing', 'hard', outside, digit, why);
          }
        }
      }
    }
    return undefined;
  },
};

/** The deductions in the order they are tried: after each step the grader starts again from the first. */
export const TECHNIQUES: readonly Technique[] = [hiddenSingle, nakedSingle, nakedPair, pointing, boxLine, xWing];

/** Places singles until none is left; the contradiction reached on the way, if any. */
export function singlesUntilStuck(board: Candidates): string | undefined {
  for (;;) {
    const contradiction = board.contradiction();
    if (contradiction || board.solved()) return contradiction;
    if (!hiddenSingle.apply(board) && !nakedSingle.apply(board)) return undefined;
  }
}

/**
 * When no technique above applies: a cell whose other candidates each lead, by singles, to a
 * contradiction (or, failing such a cell, that the search shows have no solution). `solution` is
 * the puzzle's only solution.
 */
export function trial(board: Candidates, solution: readonly number[]): GradeStep {
  const open = board.values.flatMap((value, cell) => (value === 0 ? [cell] : []));
  open.sort((a, b) => bitCount(board.masks[a]!) - bitCount(board.masks[b]!) || a - b);
  const step = (cell: number, why: string): GradeStep => {
    const digit = solution[cell]!;
    board.place(cell, digit);
    return {
      rule: 'trial',
      level: 'hard',
      text: `${cellName(board.size, cell)} is ${symbol(digit)}: ${why}.`,
      cells: [cell],
      moves: [{ type: 'mark', cell, value: symbol(digit) }],
    };
  };
  for (const cell of open) {
    const wrong = digitsOf(board.masks[cell]!).filter((digit) => digit !== solution[cell]);
    const ends = wrong.map((digit) => {
      const tried = board.copy();
      tried.place(cell, digit);
      return singlesUntilStuck(tried);
    });
    if (ends.every((end) => end !== undefined)) {
      const why =
        wrong.length === 1
          ? `with ${symbol(wrong[0]!)} there, singles lead to a contradiction (${ends[0]})`
          : `with ${orDigits(wrong)} there, singles lead to a contradiction`;
      return step(cell, why);
    }
  }
  const cell = open[0]!;
  const wrong = digitsOf(board.masks[cell]!).filter((digit) => digit !== solution[cell]);
  return step(cell, `with ${orDigits(wrong)} there, the puzzle has no solution (a search shows it)`);
}
