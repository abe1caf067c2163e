// The two share strings chain players paste around: puyop.com field strings and Puyo Nexus chain
// simulator links. Both list the field row by row from the top, left to right, and drop the leading
// empty cells, so the string is right-aligned against the floor. The README describes both.
import { InputError } from '@kit/core';
import { ROWS, WIDTH, cellLetter, type PuyoField } from './field.js';

/** puyop.com's 64 digits: one digit holds two cells (left * 8 + right). */
const PUYOP_DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ[]';
/** puyop.com cell codes 0..6: empty, red, green, blue, yellow, purple, garbage. */
const PUYOP_CELLS = '.RGBYPO';
const PUYOP_ROWS = 13;

/** Puyo Nexus legacy `chain=` digits: the character for each cell kind. */
const NEXUS_CELLS: Record<string, string> = { '0': '.', '4': 'R', '7': 'G', '5': 'B', '6': 'Y', '8': 'P', '1': 'O' };
const NEXUS_OTHER: Record<string, string> = { '2': 'block', '3': 'iron', A: 'hard', B: 'point', C: 'sun' };
const NEXUS_CODE: Record<string, string> = { '.': '0', R: '4', G: '7', B: '5', Y: '6', P: '8', O: '1' };

function fieldFromTopCells(cells: string[], rows: number): PuyoField {
  // `cells` lists `rows` rows from the top, already padded to rows * WIDTH.
  const out: string[] = Array.from({ length: ROWS - rows }, () => '......');
  for (let r = 0; r < rows; r++) out.push(cells.slice(r * WIDTH, r * WIDTH + WIDTH).join(''));
  return { rows: out };
}

/**
 * The part of a puyop.com (or ishikawapuyo.net / ips.karou.jp `pn.html?`) link after the path, or the
 * bare string; an empty link is an error.
 */
function puyopQuery(input: string): string {
  const text = input.trim();
  const path = text.match(/puyop\.com\/s\/([^?#]*)/) ?? text.match(/\/pn\.html\?([^#]*)/);
  if (!path) return text;
  if (path[1] === '') throw new InputError('the puyop.com link is empty: it has no field, pairs or goal after its path');
  if (path[1]!.startsWith('~')) throw new InputError('nazo links in the "~" form (fields with hard or iron puyos) are not Puyo Puyo Tsu');
  return path[1]!;
}

/** Decodes a puyop.com field string (`420Aa9r9hj`) or URL (`https://puyop.com/s/420Aa9r9hj_...`). */
export function decodePuyop(input: string): PuyoField {
  // What follows `_` is the pair sequence and the moves (see decodeNazoLink); here only the field is read.
  const text = puyopQuery(input).split('_')[0]!;
  if (text.startsWith('=')) return decodePuyopDigits(text.slice(1));
  if (text.length > (PUYOP_ROWS * WIDTH) / 2) {
    throw new InputError(`puyop.com field string is too long: ${text.length} characters, at most ${(PUYOP_ROWS * WIDTH) / 2}`);
  }
  const cells: string[] = new Array(PUYOP_ROWS * WIDTH - text.length * 2).fill('.');
  for (let i = 0; i < text.length; i++) {
    const value = PUYOP_DIGITS.indexOf(text[i]!);
    if (value < 0) throw new InputError(`puyop.com field string: unexpected ${JSON.stringify(text[i])} at character ${i + 1}`);
    for (const code of [value >> 3, value & 7]) {
      const cell = PUYOP_CELLS[code];
      if (cell === undefined) throw new InputError(`puyop.com field string: cell code ${code} at character ${i + 1} is not a colour or garbage`);
      cells.push(cell);
    }
  }
  return fieldFromTopCells(cells, PUYOP_ROWS);
}

/** The `=` variant some tools write: one decimal digit a cell, same order. */
function decodePuyopDigits(text: string): PuyoField {
  if (text.length > PUYOP_ROWS * WIDTH) throw new InputError(`puyop.com field string is too long: ${text.length} cells, at most ${PUYOP_ROWS * WIDTH}`);
  const cells: string[] = new Array(PUYOP_ROWS * WIDTH - text.length).fill('.');
  for (let i = 0; i < text.length; i++) {
    const cell = /[0-6]/.test(text[i]!) ? PUYOP_CELLS[Number(text[i])] : undefined;
    if (cell === undefined) throw new InputError(`puyop.com field string: unexpected ${JSON.stringify(text[i])} at character ${i + 2}`);
    cells.push(cell);
  }
  return fieldFromTopCells(cells, PUYOP_ROWS);
}

/** The puyop.com field string of a field; throws when row 14 holds a puyo (puyop has 13 rows). */
export function encodePuyop(field: PuyoField): string {
  if (field.rows[0] !== '......') throw new InputError('puyop.com fields have 13 rows: row 14 cannot be shared there');
  let out = '';
  for (let row = PUYOP_ROWS; row >= 1; row--) {
    for (let x = 0; x < WIDTH; x += 2) {
      const value = PUYOP_CELLS.indexOf(cellLetter(field, x, row)) * 8 + PUYOP_CELLS.indexOf(cellLetter(field, x + 1, row));
      if (out === '' && value === 0) continue;
      out += PUYOP_DIGITS[value];
    }
  }
  return out;
}

/** A puyop.com link that opens the field (13 rows; row 14 must be empty). */
export function puyopUrl(field: PuyoField): string {
  return `https://puyop.com/s/${encodePuyop(field)}`;
}

/**
 * Decodes a Puyo Nexus chain simulator link with the field in it: `...chainsim/?w=6&h=12&hr=1&chain=...`,
 * `...chainsim/??(6,12,1)...` or a bare `chain=...`. Short links (`/chain/ID`) are stored on their
 * server and cannot be read offline.
 */
export function decodeNexus(input: string): PuyoField {
  const text = input.trim();
  if (/\/chain\/[A-Za-z0-9]+/.test(text)) {
    throw new InputError('Puyo Nexus short links (/chain/ID) are stored on puyonexus.com and cannot be read offline; use a link with chain= in it');
  }
  let chain: string | undefined;
  let width = 6;
  let height = 12;
  let hidden = 1;
  const query = text.includes('?') ? text.slice(text.indexOf('?') + 1) : text;
  const bracket = query.match(/^\?(?:\((\d+),(\d+)(?:,(\d+))?\))?(\w+)/);
  if (bracket) {
    if (bracket[1]) width = Number(bracket[1]);
    if (bracket[2]) height = Number(bracket[2]);
    if (bracket[3]) hidden = Number(bracket[3]);
    chain = bracket[4];
  } else {
    const params = new URLSearchParams(query);
    chain = params.get('chain') ?? undefined;
    if (params.has('w')) width = Number(params.get('w'));
    if (params.has('h')) height = Number(params.get('h'));
    if (params.has('hr')) hidden = Number(params.get('hr'));
  }
  if (chain === undefined) throw new InputError('Puyo Nexus link has no chain= field');
  if (chain === '') throw new InputError('the Puyo Nexus link is empty: chain= holds no field');
  if (width !== WIDTH || height !== 12) throw new InputError(`Puyo Nexus field is ${width}x${height}: only 6x12 fields are Puyo Puyo Tsu`);
  if (hidden !== 1 && hidden !== 2) throw new InputError(`Puyo Nexus field has ${hidden} hidden rows: Tsu has 1 (or 2 with row 14)`);
  const rows = height + hidden;
  if (chain.length > rows * WIDTH) throw new InputError(`Puyo Nexus chain is too long: ${chain.length} cells for a ${WIDTH}x${rows} field`);
  const cells: string[] = new Array(rows * WIDTH - chain.length).fill('.');
  for (let i = 0; i < chain.length; i++) {
    const char = chain[i]!;
    const cell = NEXUS_CELLS[char];
    if (cell === undefined) {
      const other = NEXUS_OTHER[char];
      throw new InputError(
        other
          ? `Puyo Nexus chain: ${other} puyos (${JSON.stringify(char)} at cell ${i + 1}) are not part of Puyo Puyo Tsu`
          : `Puyo Nexus chain: unexpected ${JSON.stringify(char)} at cell ${i + 1}`,
      );
    }
    cells.push(cell);
  }
  return fieldFromTopCells(cells, rows);
}

/** The Puyo Nexus `chain=` string of a field (13 rows, or 14 with `hr=2` when row 14 holds a puyo). */
export function encodeNexus(field: PuyoField): string {
  const top = field.rows[0] === '......' ? ROWS - 1 : ROWS;
  let out = '';
  for (let row = top; row >= 1; row--) {
    for (let x = 0; x < WIDTH; x++) {
      const code = NEXUS_CODE[cellLetter(field, x, row)]!;
      if (out === '' && code === '0') continue;
      out += code;
    }
  }
  return out;
}

/** A Puyo Nexus chain simulator link that opens the field. */
export function nexusUrl(field: PuyoField): string {
  const hr = field.rows[0] === '......' ? '' : '&hr=2';
  return `https://puyonexus.com/chainsim/?w=6&h=12${hr}&chain=${encodeNexus(field)}`;
}

const PUYOP_BARE = /^[0-9a-zA-Z[\]]*$/;
const NEXUS_BARE = /^[0-8ABC]*$/;

/** True when a bare string is a valid puyop.com field string (every digit two cells of codes 0..6). */
function readsAsPuyop(text: string): boolean {
  if (!PUYOP_BARE.test(text) || text.length > (PUYOP_ROWS * WIDTH) / 2) return false;
  for (const char of text) {
    const value = PUYOP_DIGITS.indexOf(char);
    if (value >> 3 > 6 || (value & 7) > 6) return false;
  }
  return true;
}

/** True when a bare string is a valid Puyo Nexus chain for a 6x12 field (hidden rows included). */
const readsAsNexus = (text: string): boolean => NEXUS_BARE.test(text) && text.length <= ROWS * WIDTH && !/[23ABC]/.test(text);

/**
 * Reads either site's string. A link or a `chain=` names its site; a bare value is read by the
 * format its characters allow, and refused when both allow it (`420` is a field in each).
 */
export function decodeShareString(input: string): PuyoField {
  const text = input.trim();
  if (/puyonexus|chainsim|(^|[?&])chain=|^\?\?/.test(text)) return decodeNexus(text);
  if (/puyop\.com|pn\.html|_|^=/.test(text)) return decodePuyop(text);
  const puyop = readsAsPuyop(text);
  const nexus = readsAsNexus(text);
  if (puyop && nexus) {
    const shown = text.length > 24 ? `${text.slice(0, 24)}...` : text;
    throw new InputError(
      `${JSON.stringify(shown)} reads both as a puyop.com field string and as a Puyo Nexus chain: paste the whole link (https://puyop.com/s/... or https://puyonexus.com/chainsim/?chain=...)`,
    );
  }
  if (nexus || (!puyop && NEXUS_BARE.test(text))) return decodeNexus(`chain=${text}`);
  if (puyop || PUYOP_BARE.test(text)) return decodePuyop(text);
  const bad = [...text].findIndex((char) => !PUYOP_BARE.test(char) && !NEXUS_BARE.test(char));
  throw new InputError(
    `${JSON.stringify(text.slice(0, 24))} is neither a puyop.com field string (0-9 a-z A-Z [ ]) nor a Puyo Nexus chain (0-8): unexpected ${JSON.stringify(text[bad])} at character ${bad + 1}`,
  );
}
