// The seed's field file: up to 14 lines, top to bottom, the last line being row 1 (the floor).
import { InputError } from '@kit/core';
import { skipGeneratedHeader } from '@kit/core/make';
import { splitLines } from '@kit/grid';
import { ROWS, WIDTH, type PuyoField } from './field.js';

const CELL = /^[RGBYPO. ]$/;
const CELL_HELP = 'a cell is R, G, B, Y, P, O (garbage), or a space or . (empty)';

/**
 * Parses a field file. Lines may be shorter than 6 (the right side is empty) and may carry trailing
 * spaces; a file of n lines fills rows n..1. Throws InputError naming the line and column.
 */
export function parseField(text: string, file?: string): PuyoField {
  const where = (line?: number, column?: number) => ({
    ...(file !== undefined ? { file } : {}),
    ...(line !== undefined ? { line } : {}),
    ...(column !== undefined ? { column } : {}),
  });
  // `kit generate`'s header lines are not rows; line numbers stay the file's.
  const original = text.split('\n');
  const all = splitLines(skipGeneratedHeader(text));
  let skipped = 0;
  while (skipped < all.length && all[skipped] === '' && original[skipped] !== '') skipped++;
  const lines = all.slice(skipped);
  if (lines.join('').trim() === '') throw new InputError('the field file is empty', where());
  if (lines.length > ROWS) {
    throw new InputError(`too many lines: a field has at most ${ROWS} rows (got ${lines.length})`, where(skipped + ROWS + 1, 1));
  }
  const rows: string[] = Array.from({ length: ROWS - lines.length }, () => '......');
  lines.forEach((raw, i) => {
    const line = raw.replace(/ +$/, '');
    for (let c = 0; c < line.length; c++) {
      const char = line[c]!;
      if (!CELL.test(char)) throw new InputError(`unexpected ${JSON.stringify(char)}: ${CELL_HELP}`, where(skipped + i + 1, c + 1));
    }
    if (line.length > WIDTH) {
      throw new InputError(`too many columns: a field is ${WIDTH} columns wide (got ${line.length})`, where(skipped + i + 1, WIDTH + 1));
    }
    rows.push(line.replace(/ /g, '.').padEnd(WIDTH, '.'));
  });
  return { rows };
}

/** The field as a file: the 13 rows from row 13 down (14 when row 14 holds a puyo), `.` for empty. */
export function formatField(field: PuyoField): string {
  const rows = field.rows[0] === '......' ? field.rows.slice(1) : field.rows;
  return `${rows.join('\n')}\n`;
}
