// The rules every play board shares, whatever the puzzle: what a setup may contain, the position a
// setup starts from, and what a move does to a position (a mark on a free cell, a piece on empty
// cells, a drop the plugin allows). Pure functions over plain data, run by hosts and workers alike.
import {
  PLAY_LIMITS,
  type DropPlacement,
  type DropsSetup,
  type MarksSetup,
  type PiecesSetup,
  type PlacedPiece,
  type PlayMove,
  type PlayPosition,
  type PlaySetup,
} from './spec.js';
import { shareInstanceof } from '../shared-instanceof.js';

/** A move the position does not allow; the message says why in the player's terms. */
export class PlayMoveError extends Error {
  /** `PlayMoveError`, for code that tells errors apart by name. */
  override readonly name = 'PlayMoveError';
}
shareInstanceof(PlayMoveError, 'PlayMoveError');

const isCount = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const isText = (value: unknown, max = 200): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;
/** Text a host shows as it is: no control characters or line and paragraph separators. */
const isPlainText = (value: unknown): value is string => isText(value, 16) && !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value);
const isKey = (value: unknown) => value === undefined || (typeof value === 'string' && [...value].length === 1);

/** Cells of the board a setup describes (every layer; holes included). */
export function boardCells(setup: PlaySetup): number {
  if (setup.kind === 'drops') return 0;
  return setup.width * setup.height * (setup.kind === 'pieces' ? (setup.depth ?? 1) : 1);
}

/** `row 2, column 3` (and `layer 1, ` in a box), for messages. */
export function cellName(setup: MarksSetup | PiecesSetup, cell: number): string {
  const own = setup.cellNames?.[cell];
  if (own !== undefined) return own;
  const { width, height } = setup;
  const col = cell % width;
  const row = Math.floor(cell / width) % height;
  const layer = Math.floor(cell / (width * height));
  return `${setup.kind === 'pieces' && (setup.depth ?? 1) > 1 ? `layer ${layer + 1}, ` : ''}row ${row + 1}, column ${col + 1}`;
}

function checkMarks(setup: MarksSetup, cells: number): string | undefined {
  const marks = setup.marks;
  if (!Array.isArray(marks) || marks.length < 2 || marks.length > PLAY_LIMITS.marks) return `marks: give 2 to ${PLAY_LIMITS.marks}, the empty one first`;
  for (const list of [marks, setup.notes ?? []]) {
    if (!Array.isArray(list) || list.length > PLAY_LIMITS.marks) return `notes: at most ${PLAY_LIMITS.marks}`;
    const seen = new Set<string>();
    for (const mark of list) {
      if (!mark || !isText(mark.value, 16) || /\s/.test(mark.value)) return `a mark has a bad value ${JSON.stringify(mark?.value)}`;
      if (seen.has(mark.value)) return `mark ${JSON.stringify(mark.value)} is given twice`;
      seen.add(mark.value);
      if (!isText(mark.label)) return `mark ${JSON.stringify(mark.value)} has no label`;
      if (!isKey(mark.key)) return `mark ${JSON.stringify(mark.value)} has a key that is not one character`;
    }
  }
  if (setup.click !== 'cycle' && setup.click !== 'select') return `click must be 'cycle' or 'select'`;
  for (const cell of setup.fixed ?? []) if (!isCount(cell, 0, cells - 1)) return `fixed cell ${String(cell)} is not on the board`;
  if (setup.start !== undefined) {
    if (!Array.isArray(setup.start) || setup.start.length !== cells) return `start must give one mark for each of the ${cells} cells`;
    const values = new Set(marks.map((mark) => mark.value));
    for (const value of setup.start) if (!values.has(value)) return `start holds ${JSON.stringify(value)}, which is not a mark`;
  }
  if (setup.units !== undefined) {
    // Rows, columns and boxes: a cell sits in a few groups, so eight per cell is plenty.
    if (!Array.isArray(setup.units) || setup.units.length > 8 * cells) return `units: at most ${8 * cells} groups`;
    let total = 0;
    for (const unit of setup.units) {
      if (!Array.isArray(unit) || unit.length > cells) return 'a unit is not a list of cells';
      total += unit.length;
      if (total > 8 * cells) return `units: at most ${8 * cells} cells in all`;
      for (const cell of unit) if (!isCount(cell, 0, cells - 1)) return `unit cell ${String(cell)} is not on the board`;
    }
  }
  return undefined;
}

function checkPieces(setup: PiecesSetup, cells: number): string | undefined {
  const flat = (setup.depth ?? 1) === 1;
  const dims = flat ? 2 : 3;
  for (const cell of setup.holes ?? []) if (!isCount(cell, 0, cells - 1)) return `hole ${String(cell)} is not on the board`;
  if (!Array.isArray(setup.tray) || setup.tray.length === 0 || setup.tray.length > PLAY_LIMITS.pieces)
    return `the tray holds 1 to ${PLAY_LIMITS.pieces} pieces`;
  for (const piece of setup.tray) {
    if (!piece || !isText(piece.name, 16)) return 'a piece has no name';
    const what = `piece ${JSON.stringify(piece.name)}`;
    if (!isCount(piece.count, 0, cells)) return `${what} has a bad count`;
    const { orientations, turns } = piece;
    if (!Array.isArray(orientations) || orientations.length === 0 || orientations.length > PLAY_LIMITS.orientations) {
      return `${what} needs 1 to ${PLAY_LIMITS.orientations} orientations`;
    }
    for (const shape of orientations) {
      if (!Array.isArray(shape) || shape.length === 0 || shape.length > PLAY_LIMITS.pieceCells) return `${what} has an orientation of no cells or too many`;
      const least = new Array<number>(dims).fill(Infinity);
      const seen = new Set<string>();
      for (const at of shape) {
        if (!Array.isArray(at) || at.length !== dims || !at.every((v) => isCount(v, 0, PLAY_LIMITS.pieceCells))) {
          return `${what} has a cell that is not ${dims} whole numbers`;
        }
        at.forEach((v, axis) => {
          least[axis] = Math.min(least[axis]!, v);
        });
        const key = at.join(',');
        if (seen.has(key)) return `${what} repeats a cell`;
        seen.add(key);
      }
      if (least.some((v) => v !== 0)) return `${what} has an orientation whose least coordinate is not 0`;
    }
    if (!Array.isArray(turns) || turns.length > 8) return `${what}: at most 8 turns`;
    for (const turn of turns) {
      if (!turn || !isKey(turn.key) || turn.key === undefined || !isText(turn.label)) return `${what} has a turn without a key or label`;
      if (!Array.isArray(turn.next) || turn.next.length !== orientations.length || !turn.next.every((n: unknown) => isCount(n, 0, orientations.length - 1))) {
        return `${what}: turn ${JSON.stringify(turn.key)} must name an orientation for each orientation`;
      }
    }
  }
  return undefined;
}

function checkDrops(setup: DropsSetup): string | undefined {
  if (!isCount(setup.columns, 1, 64)) return 'columns must be 1 to 64';
  if (!Array.isArray(setup.queue) || setup.queue.length > PLAY_LIMITS.queue) return `the queue holds at most ${PLAY_LIMITS.queue} pieces`;
  if (!isCount(setup.preview, 0, 16)) return 'preview must be 0 to 16';
  const rotations = setup.rotations;
  if (!Array.isArray(rotations) || rotations.length === 0 || rotations.length > PLAY_LIMITS.rotations) return `give 1 to ${PLAY_LIMITS.rotations} rotations`;
  const parts = rotations[0]?.offsets?.length ?? 0;
  if (parts < 1 || parts > PLAY_LIMITS.parts) return `a piece has 1 to ${PLAY_LIMITS.parts} parts`;
  for (const rotation of rotations) {
    if (!isText(rotation?.label) || !Array.isArray(rotation.offsets) || rotation.offsets.length !== parts) return 'every rotation places every part';
    for (const at of rotation.offsets) {
      if (!Array.isArray(at) || at.length !== 2 || !at.every((v) => Number.isInteger(v) && Math.abs(v) <= PLAY_LIMITS.parts))
        return 'a rotation offset is not two small integers';
    }
  }
  for (const piece of setup.queue) {
    if (!piece || !Array.isArray(piece.parts) || piece.parts.length !== parts || typeof piece.label !== 'string')
      return `every queued piece has ${parts} parts and a label`;
  }
  const spawn = setup.spawn;
  if (!spawn || !isCount(spawn.column, 0, setup.columns - 1) || !isCount(spawn.rotation, 0, rotations.length - 1))
    return 'spawn is not a column and a rotation';
  return undefined;
}

/** Checks a plugin's setup before a host draws it: undefined when it is sound, else what is wrong. */
export function checkPlaySetup(setup: PlaySetup): string | undefined {
  if (typeof setup !== 'object' || setup === null) return 'setup is not an object';
  if (setup.goal !== undefined && typeof setup.goal !== 'string') return 'goal must be a string';
  if (setup.judged !== undefined && typeof setup.judged !== 'boolean') return 'judged must be true or false';
  if (setup.kind === 'drops') return checkDrops(setup);
  if (setup.kind !== 'marks' && setup.kind !== 'pieces') return `unknown play kind ${JSON.stringify((setup as { kind: unknown }).kind)}`;
  const depth = setup.kind === 'pieces' ? (setup.depth ?? 1) : 1;
  if (!isCount(setup.width, 1, PLAY_LIMITS.cells) || !isCount(setup.height, 1, PLAY_LIMITS.cells) || !isCount(depth, 1, PLAY_LIMITS.cells)) {
    return 'width, height and depth must be positive whole numbers';
  }
  const cells = setup.width * setup.height * depth;
  if (cells > PLAY_LIMITS.cells) return `the board has ${cells} cells, over the ${PLAY_LIMITS.cells} a host draws`;
  return checkNames(setup, cells) ?? (setup.kind === 'marks' ? (checkMargins(setup) ?? checkMarks(setup, cells)) : checkPieces(setup, cells));
}

function checkNames(setup: MarksSetup | PiecesSetup, cells: number): string | undefined {
  const names = setup.cellNames;
  if (names === undefined) return undefined;
  if (!Array.isArray(names) || names.length !== cells) return `cellNames must give one name for each of the ${cells} cells`;
  const bad = names.findIndex((name) => !isPlainText(name));
  return bad < 0 ? undefined : `cellNames: cell ${bad} has no name of 1 to 16 characters (no control characters)`;
}

function checkMargins(setup: MarksSetup): string | undefined {
  const margins = setup.margins;
  if (margins === undefined) return undefined;
  if (typeof margins !== 'object' || margins === null) return 'margins must be an object with top and left';
  for (const [side, lines] of [
    ['top', setup.width],
    ['left', setup.height],
  ] as const) {
    const clues = margins[side];
    if (clues === undefined) continue;
    if (!Array.isArray(clues) || clues.length !== lines)
      return `margins.${side} must give one list of clues for each of the ${lines} ${side === 'top' ? 'columns' : 'rows'}`;
    for (const line of clues) {
      if (!Array.isArray(line) || line.length > PLAY_LIMITS.clues) return `margins.${side}: a line holds at most ${PLAY_LIMITS.clues} clues`;
      if (!line.every(isPlainText)) return `margins.${side}: a clue is 1 to 16 characters, none of them a control character`;
    }
  }
  return undefined;
}

/** The position a setup starts from. */
export function initialPosition(setup: PlaySetup): PlayPosition {
  switch (setup.kind) {
    case 'marks': {
      const cells = boardCells(setup);
      const empty = setup.marks[0]!.value;
      return { kind: 'marks', marks: setup.start ? [...setup.start] : new Array<string>(cells).fill(empty), notes: Array.from({ length: cells }, () => []) };
    }
    case 'pieces':
      return { kind: 'pieces', placed: [] };
    case 'drops':
      return { kind: 'drops', drops: [] };
  }
}

/** The cells tray piece `piece` covers in `orientation` with its origin on `cell`; undefined when it leaves the board. */
export function pieceCells(setup: PiecesSetup, piece: number, orientation: number, cell: number): number[] | undefined {
  const shape = setup.tray[piece]?.orientations[orientation];
  if (!shape) return undefined;
  const { width, height } = setup;
  const depth = setup.depth ?? 1;
  if (!Number.isInteger(cell) || cell < 0 || cell >= width * height * depth) return undefined;
  const col = cell % width;
  const row = Math.floor(cell / width) % height;
  const layer = Math.floor(cell / (width * height));
  const cells: number[] = [];
  for (const at of shape) {
    const [l, r, c] = at.length === 3 ? [layer + at[0]!, row + at[1]!, col + at[2]!] : [layer, row + at[0]!, col + at[1]!];
    if (r >= height || c >= width || l >= depth) return undefined;
    cells.push((l * height + r) * width + c);
  }
  return cells.sort((a, b) => a - b);
}

/** For each board cell, the index in `placed` of the piece covering it, or -1. */
export function coverOf(setup: PiecesSetup, position: Extract<PlayPosition, { kind: 'pieces' }>): Int32Array {
  const owner = new Int32Array(boardCells(setup)).fill(-1);
  position.placed.forEach((placed, index) => {
    for (const cell of placed.cells) owner[cell] = index;
  });
  return owner;
}

/** Copies of each tray piece not yet laid. */
export function piecesLeft(setup: PiecesSetup, position: Extract<PlayPosition, { kind: 'pieces' }>): number[] {
  const left = setup.tray.map((piece) => piece.count);
  for (const placed of position.placed) left[placed.piece]!--;
  return left;
}

/** The queue index of the piece to drop next, or undefined when the queue is used up. */
export function currentDrop(setup: DropsSetup, position: Extract<PlayPosition, { kind: 'drops' }>): number | undefined {
  const at = position.drops.length;
  if (setup.queue.length === 0) return undefined;
  if (at < setup.queue.length) return at;
  return setup.repeat ? at % setup.queue.length : undefined;
}

/** The notes once `value` is put on `cell`: that pencil mark gone from the other cells of its units. */
function notesRubbedOut(setup: MarksSetup, notes: string[][], cell: number, value: string): string[][] {
  if (!setup.units || !setup.notes?.some((note) => note.value === value)) return notes;
  let rubbed: string[][] | undefined;
  for (const unit of setup.units) {
    if (!unit.includes(cell)) continue;
    for (const other of unit) {
      const here = (rubbed ?? notes)[other];
      if (other === cell || !here?.includes(value)) continue;
      rubbed ??= [...notes];
      rubbed[other] = here.filter((note) => note !== value);
    }
  }
  return rubbed ?? notes;
}

/**
 * The last mark, note, lift or place applied to each position and what it gave (positions are
 * immutable): a host that checks a move before playing it (a piece's ghost on the board) and then
 * plays it checks it once. Drops are not kept: their legality is the plugin's, through `legalDrops`.
 */
const lastApplied = new WeakMap<PlayPosition, { setup: PlaySetup; move: PlayMove; after: PlayPosition }>();

const sameMove = (a: PlayMove, b: PlayMove): boolean => {
  const x = a as Partial<Record<string, unknown>>;
  const y = b as Partial<Record<string, unknown>>;
  return x['type'] === y['type'] && x['cell'] === y['cell'] && x['value'] === y['value'] && x['piece'] === y['piece'] && x['orientation'] === y['orientation'];
};

/**
 * The position after a move. Returns the same object when the move changes nothing (a mark a cell
 * already holds); throws PlayMoveError when the position does not allow it. `legalDrops` is the
 * plugin's list for drop moves.
 */
export function applyMove(setup: PlaySetup, position: PlayPosition, move: PlayMove, legalDrops?: () => readonly DropPlacement[]): PlayPosition {
  if (move.type === 'drop') return movedOnce(setup, position, move, legalDrops);
  const last = lastApplied.get(position);
  if (last && last.setup === setup && sameMove(last.move, move)) return last.after;
  const after = movedOnce(setup, position, move);
  lastApplied.set(position, { setup, move: { ...move }, after });
  return after;
}

function movedOnce(setup: PlaySetup, position: PlayPosition, move: PlayMove, legalDrops?: () => readonly DropPlacement[]): PlayPosition {
  if (setup.kind === 'marks' && position.kind === 'marks') {
    if (move.type !== 'mark' && move.type !== 'note') throw new PlayMoveError(`a ${move.type} move does not fit a board of marks`);
    const cells = boardCells(setup);
    if (!isCount(move.cell, 0, cells - 1)) throw new PlayMoveError(`cell ${String(move.cell)} is not on the ${setup.width}x${setup.height} board`);
    if (setup.fixed?.includes(move.cell)) throw new PlayMoveError(`${cellName(setup, move.cell)} is given and cannot change`);
    if (move.type === 'mark') {
      if (!setup.marks.some((mark) => mark.value === move.value)) throw new PlayMoveError(`${JSON.stringify(move.value)} is not a mark of this puzzle`);
      if (position.marks[move.cell] === move.value) return position;
      const marks = [...position.marks];
      marks[move.cell] = move.value;
      return { kind: 'marks', marks, notes: notesRubbedOut(setup, position.notes, move.cell, move.value) };
    }
    if (!setup.notes?.some((note) => note.value === move.value)) throw new PlayMoveError(`${JSON.stringify(move.value)} is not a pencil mark of this puzzle`);
    const notes = [...position.notes];
    const here = notes[move.cell] ?? [];
    notes[move.cell] = here.includes(move.value) ? here.filter((value) => value !== move.value) : [...here, move.value];
    return { kind: 'marks', marks: position.marks, notes };
  }
  if (setup.kind === 'pieces' && position.kind === 'pieces') {
    if (move.type === 'lift') {
      const index = position.placed.findIndex((placed) => placed.cells.includes(move.cell));
      if (index < 0) throw new PlayMoveError(`no piece covers cell ${String(move.cell)}`);
      return { kind: 'pieces', placed: position.placed.filter((_, i) => i !== index) };
    }
    if (move.type !== 'place') throw new PlayMoveError(`a ${move.type} move does not fit a board of pieces`);
    const piece = setup.tray[move.piece];
    if (!isCount(move.piece, 0, setup.tray.length - 1) || !piece) throw new PlayMoveError(`there is no piece ${String(move.piece)} in the tray`);
    if (piecesLeft(setup, position)[move.piece]! <= 0) throw new PlayMoveError(`every ${piece.name} is on the board already`);
    if (!isCount(move.orientation, 0, piece.orientations.length - 1)) throw new PlayMoveError(`${piece.name} has no orientation ${String(move.orientation)}`);
    const cells = pieceCells(setup, move.piece, move.orientation, move.cell);
    if (!cells) throw new PlayMoveError(`${piece.name} does not fit on the board there`);
    const owner = coverOf(setup, position);
    const holes = new Set(setup.holes ?? []);
    for (const cell of cells) {
      if (holes.has(cell)) throw new PlayMoveError(`${piece.name} would cover a hole at ${cellName(setup, cell)}`);
      if (owner[cell]! >= 0)
        throw new PlayMoveError(`${piece.name} would overlap ${setup.tray[position.placed[owner[cell]!]!.piece]!.name} at ${cellName(setup, cell)}`);
    }
    const placed: PlacedPiece = { piece: move.piece, orientation: move.orientation, cell: move.cell, cells };
    return { kind: 'pieces', placed: [...position.placed, placed] };
  }
  if (setup.kind === 'drops' && position.kind === 'drops') {
    if (move.type !== 'drop') throw new PlayMoveError(`a ${move.type} move does not fit a queue of drops`);
    if (currentDrop(setup, position) === undefined) throw new PlayMoveError('the queue is used up');
    const legal = legalDrops?.() ?? [];
    if (!legal.some((drop) => drop.column === move.column && drop.rotation === move.rotation)) {
      const rotation = setup.rotations[move.rotation]?.label ?? String(move.rotation);
      throw new PlayMoveError(legal.length === 0 ? 'no piece can be dropped any more' : `the piece cannot go to column ${move.column + 1} turned ${rotation}`);
    }
    return { kind: 'drops', drops: [...position.drops, { column: move.column, rotation: move.rotation }] };
  }
  throw new PlayMoveError(`a ${position.kind} position does not fit a ${setup.kind} setup`);
}

/**
 * True when a move can only take completions away (it adds a constraint, or changes nothing the
 * referee looks at): a mark on a cell whose mark constrained nothing, a laid piece, a drop. Over a
 * run of such moves "can still be completed" can only go from true to false, so hosts may binary
 * search it; a cleared or changed mark and a lifted piece end such a run.
 */
export function isAdditive(setup: PlaySetup, before: PlayPosition, move: PlayMove): boolean {
  switch (move.type) {
    case 'mark': {
      if (setup.kind !== 'marks' || before.kind !== 'marks') return false;
      return !constrains(setup, before.marks[move.cell]!);
    }
    case 'note':
    case 'place':
    case 'drop':
      return true;
    case 'lift':
      return false;
  }
}

/** Whether a cell holding this mark constrains the completions (the empty mark and reminders do not). */
export function constrains(setup: MarksSetup, value: string): boolean {
  const index = setup.marks.findIndex((mark) => mark.value === value);
  if (index <= 0) return false;
  return setup.marks[index]!.constrains !== false;
}
