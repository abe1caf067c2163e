// Field -> frame: rows 14 and 13 on top (dimmed: they never pop), a divider, then rows 12 to 1.
import type { Cell, Frame, Palette } from '@kit/core';
import type { PuyoState } from './types.js';

const FILL: Record<string, string> = { R: 'red', G: 'green', B: 'blue', Y: 'yellow', P: 'purple', O: 'garbage' };

/** A dark well for empty cells, dim twins of the base colours for the hidden rows, the divider under row 13. */
export const PUYO_PALETTE: Palette = {
  empty: { ansi256: 235, letter: '.' },
  'red-hidden': { ansi256: 88, letter: 'r' },
  'green-hidden': { ansi256: 22, letter: 'g' },
  'blue-hidden': { ansi256: 19, letter: 'b' },
  'yellow-hidden': { ansi256: 100, letter: 'y' },
  'purple-hidden': { ansi256: 54, letter: 'p' },
  'garbage-hidden': { ansi256: 240, letter: 'o' },
  divider: { ansi256: 237, letter: '-' },
  // Row 13's empty cells in play: inside the field, a shade off the well below the divider.
  'hidden-empty': { ansi256: 234, letter: '.' },
  // A group about to pop, in play.
  popping: { ansi256: 231, letter: '*' },
};

function cell(char: string, hidden: boolean): Cell {
  const fill = FILL[char];
  if (!fill) return hidden ? { hole: true } : { fill: 'empty' };
  return { fill: hidden ? `${fill}-hidden` : fill };
}

/** Draws a step state, a replayed chain's result, or a puzzle solution (`notation` names its moves). */
export function viewField(state: PuyoState & { notation?: string }, index?: number): Frame {
  const cells: Cell[] = [];
  const title = state.notation !== undefined ? `No. ${index ?? '?'}: ${state.notation}` : state.title;
  (state.rows ?? []).forEach((row, i) => {
    const hidden = i < 2;
    for (let x = 0; x < 6; x++) cells.push(cell(row[x] ?? '.', hidden));
    if (i === 1) for (let x = 0; x < 6; x++) cells.push({ fill: 'divider' });
  });
  return { width: 6, height: cells.length / 6, cells, ...(title !== undefined ? { title } : {}) };
}
