// Clues beside a board that are not cells (a Nonogram's runs): one stack over each column, one
// row of clues left of each row, lined up with the board's cells (the frame's SVG keeps 0.1 cell
// of margin on each side, so the margins' grids do too, reading the board's --columns and --rows).
// Text only: a plugin's clues are shown as they are, never as markup.
import type { MarksSetup } from '@kit/core/play';
import { h } from '../dom.js';

type Margins = NonNullable<MarksSetup['margins']>;

/** The board in a grid with its clue margins; the board itself is returned as it was when there are none. */
export function withClueMargins(board: HTMLElement, margins: Margins | undefined): HTMLElement {
  if (!margins || (!margins.top && !margins.left)) return board;
  const line = (clues: readonly string[], place: number, name: string, kind: 'top' | 'left') => {
    const element = h(
      'div',
      { class: 'clue-line', 'data-clues': clues.join(' '), 'aria-label': `${name}: ${clues.length ? clues.join(' ') : 'no clue'}` },
      ...clues.map((clue) => h('span', { class: 'clue' }, clue)),
    );
    if (kind === 'top') element.style.gridColumn = String(place + 2);
    else element.style.gridRow = String(place + 2);
    return element;
  };
  const top =
    margins.top &&
    h(
      'div',
      { class: 'clues-top', role: 'group', 'aria-label': 'Column clues' },
      ...margins.top.map((clues, col) => line(clues, col, `column ${col + 1}`, 'top')),
    );
  const left =
    margins.left &&
    h(
      'div',
      { class: 'clues-left', role: 'group', 'aria-label': 'Row clues' },
      ...margins.left.map((clues, row) => line(clues, row, `row ${row + 1}`, 'left')),
    );
  // The margins hang off the board's own box, so they line up with its cells at any size; the
  // wrapper keeps room for them (a line of text a clue deep, two characters a clue wide).
  board.append(...(top ? [top] : []), ...(left ? [left] : []));
  const clued = h('div', { class: 'clued-board' }, board);
  const most = (lines: ReadonlyArray<readonly string[]> | undefined) =>
    Math.max(0, ...(lines ?? []).map((clues) => clues.reduce((sum, clue) => sum + clue.length + 1, 0)));
  clued.style.setProperty('--clue-rows', String(Math.max(0, ...(margins.top ?? []).map((clues) => clues.length))));
  clued.style.setProperty('--clue-chars', String(most(margins.left)));
  return clued;
}
