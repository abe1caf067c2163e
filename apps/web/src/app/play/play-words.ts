// What the Play tab says, in the player's words, from the contract's plain data: the remaining
// count, a move ("shaded at row 2, column 3"), the cells a move touches (to highlight them).
import { cellName, pieceCells, type PlayMove, type PlaySetup, type RefereeReport } from '@kit/core/play';

const thousands = new Intl.NumberFormat('en');

/** "1 solution left", "27 left", "more than 1,000", "no solution from here". */
export function remainingWords(report: Pick<RefereeReport, 'remaining' | 'capped'>): string {
  if (report.capped) return `more than ${thousands.format(report.remaining)}`;
  if (report.remaining === 0) return 'no solution from here';
  if (report.remaining === 1) return '1 solution left';
  return `${thousands.format(report.remaining)} left`;
}

/** A move as a short phrase. */
export function moveWords(setup: PlaySetup, move: PlayMove): string {
  switch (move.type) {
    case 'mark':
    case 'note': {
      if (setup.kind !== 'marks') return move.type;
      const where = cellName(setup, move.cell);
      const list = move.type === 'mark' ? setup.marks : (setup.notes ?? []);
      const mark = list.find((each) => each.value === move.value);
      if (move.type === 'mark' && setup.marks[0]?.value === move.value) return `cleared ${where}`;
      return move.type === 'mark' ? `${mark?.label ?? move.value} at ${where}` : `pencil mark ${mark?.label ?? move.value} at ${where}`;
    }
    case 'place': {
      if (setup.kind !== 'pieces') return 'a piece';
      const name = setup.tray[move.piece]?.name ?? `piece ${move.piece + 1}`;
      const cells = pieceCells(setup, move.piece, move.orientation, move.cell);
      return `${name} laid from ${cellName(setup, cells?.[0] ?? move.cell)}`;
    }
    case 'lift':
      return setup.kind === 'drops' ? 'a lift' : `the piece at ${cellName(setup, move.cell)} taken back`;
    case 'drop': {
      if (setup.kind !== 'drops') return 'a drop';
      const rotation = setup.rotations[move.rotation]?.label ?? String(move.rotation);
      return `dropped in column ${move.column + 1}, ${rotation}`;
    }
  }
}

/** Board cells a move is about (marks and pieces); none for drops. */
export function moveCells(setup: PlaySetup, move: PlayMove): number[] {
  if (setup.kind === 'drops') return [];
  switch (move.type) {
    case 'mark':
    case 'note':
    case 'lift':
      return [move.cell];
    case 'place':
      return setup.kind === 'pieces' ? (pieceCells(setup, move.piece, move.orientation, move.cell) ?? []) : [];
    default:
      return [];
  }
}
