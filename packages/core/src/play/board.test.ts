import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, emptyHistory, playedMoves, recordMove, redoMove, undoMove } from './history.js';
import { PlayMoveError, applyMove, cellName, checkPlaySetup, coverOf, initialPosition, isAdditive, pieceCells, piecesLeft } from './board.js';
import { planarPiece } from './shapes.js';
import type { DropsSetup, MarksSetup, PiecesSetup, PlayPosition } from './spec.js';

const hitoriLike: MarksSetup = {
  kind: 'marks',
  width: 3,
  height: 2,
  marks: [
    { value: '.', label: 'empty' },
    { value: '#', label: 'shaded', key: 's' },
    { value: 'o', label: 'circled', key: 'c' },
    { value: 'x', label: 'checked', constrains: false },
  ],
  click: 'cycle',
  notes: [
    { value: '1', label: '1' },
    { value: '2', label: '2' },
  ],
  fixed: [5],
};

const tetris: PiecesSetup = {
  kind: 'pieces',
  width: 4,
  height: 2,
  holes: [3],
  tray: [
    planarPiece(
      'L',
      [
        [0, 0],
        [1, 0],
        [1, 1],
      ],
      { count: 2 },
    ),
    planarPiece('I', [
      [0, 0],
      [0, 1],
    ]),
  ],
};

describe('history', () => {
  it('undoes and redoes, and a new move drops what could have been redone', () => {
    let history = emptyHistory<string>();
    expect(canUndo(history)).toBe(false);
    history = recordMove(recordMove(recordMove(history, 'a'), 'b'), 'c');
    expect(playedMoves(history)).toEqual(['a', 'b', 'c']);
    history = undoMove(undoMove(history));
    expect(playedMoves(history)).toEqual(['a']);
    expect(canRedo(history)).toBe(true);
    const redone = redoMove(history);
    expect(playedMoves(redone)).toEqual(['a', 'b']);
    history = recordMove(history, 'd');
    expect(history).toEqual({ moves: ['a', 'd'], cursor: 2 });
    expect(canRedo(history)).toBe(false);
    expect(redoMove(history)).toBe(history);
    expect(undoMove(emptyHistory())).toEqual({ moves: [], cursor: 0 });
  });
});

describe('marks', () => {
  it('puts marks on free cells and toggles pencil marks; the same mark again changes nothing', () => {
    let position = initialPosition(hitoriLike);
    expect(position).toEqual({ kind: 'marks', marks: ['.', '.', '.', '.', '.', '.'], notes: [[], [], [], [], [], []] });
    position = applyMove(hitoriLike, position, { type: 'mark', cell: 1, value: '#' });
    expect(applyMove(hitoriLike, position, { type: 'mark', cell: 1, value: '#' })).toBe(position);
    position = applyMove(hitoriLike, position, { type: 'note', cell: 2, value: '2' });
    position = applyMove(hitoriLike, position, { type: 'note', cell: 2, value: '1' });
    position = applyMove(hitoriLike, position, { type: 'note', cell: 2, value: '2' });
    expect(position).toEqual({ kind: 'marks', marks: ['.', '#', '.', '.', '.', '.'], notes: [[], [], ['1'], [], [], []] });
  });

  it('refuses given cells, unknown marks and cells off the board, in words', () => {
    const position = initialPosition(hitoriLike);
    expect(() => applyMove(hitoriLike, position, { type: 'mark', cell: 5, value: '#' })).toThrow(
      new PlayMoveError('row 2, column 3 is given and cannot change'),
    );
    expect(() => applyMove(hitoriLike, position, { type: 'mark', cell: 0, value: '%' })).toThrow('"%" is not a mark of this puzzle');
    expect(() => applyMove(hitoriLike, position, { type: 'mark', cell: 6, value: '#' })).toThrow('cell 6 is not on the 3x2 board');
    expect(() => applyMove(hitoriLike, position, { type: 'mark', cell: 0.5, value: '#' })).toThrow('cell 0.5 is not on the 3x2 board');
    expect(() => applyMove(hitoriLike, position, { type: 'note', cell: 0, value: '#' })).toThrow('"#" is not a pencil mark of this puzzle');
    expect(() => applyMove(hitoriLike, position, { type: 'lift', cell: 0 })).toThrow('a lift move does not fit a board of marks');
  });

  it('calls a mark on an empty or reminder cell additive, and a change or a clearing not', () => {
    const empty = initialPosition(hitoriLike);
    const shaded = applyMove(hitoriLike, empty, { type: 'mark', cell: 0, value: '#' });
    const checked = applyMove(hitoriLike, empty, { type: 'mark', cell: 0, value: 'x' });
    expect(isAdditive(hitoriLike, empty, { type: 'mark', cell: 0, value: '#' })).toBe(true);
    expect(isAdditive(hitoriLike, checked, { type: 'mark', cell: 0, value: 'o' })).toBe(true);
    expect(isAdditive(hitoriLike, shaded, { type: 'mark', cell: 0, value: 'o' })).toBe(false);
    expect(isAdditive(hitoriLike, shaded, { type: 'mark', cell: 0, value: '.' })).toBe(false);
    expect(isAdditive(hitoriLike, shaded, { type: 'note', cell: 1, value: '1' })).toBe(true);
  });
});

describe('units', () => {
  // Rows of a 3x2 board are its units: a digit put rubs its pencil mark out of its row, not the other.
  const rows: MarksSetup = {
    ...hitoriLike,
    marks: [
      { value: '.', label: 'empty' },
      { value: '1', label: '1' },
      { value: '2', label: '2' },
    ],
    fixed: [],
    units: [
      [0, 1, 2],
      [3, 4, 5],
    ],
  };
  const note = (position: PlayPosition, cell: number, value: string) => applyMove(rows, position, { type: 'note', cell, value });

  it('a mark takes the same pencil mark off the other cells of its units, and only that one', () => {
    let position = initialPosition(rows);
    for (const cell of [0, 1, 2, 3]) position = note(note(position, cell, '1'), cell, '2');
    const after = applyMove(rows, position, { type: 'mark', cell: 0, value: '1' });
    expect(after.kind === 'marks' && after.notes).toEqual([['1', '2'], ['2'], ['2'], ['1', '2'], [], []]);
    // A mark that is no pencil mark, and a setup without units, rub nothing out.
    const withoutUnits = { ...rows, units: undefined };
    const plain = applyMove(withoutUnits, position, { type: 'mark', cell: 0, value: '1' });
    expect(plain.kind === 'marks' && plain.notes).toEqual(position.kind === 'marks' && position.notes);
  });
});

describe('pieces', () => {
  it('lays pieces on free cells, counts copies, lifts them', () => {
    let position: PlayPosition = initialPosition(tetris);
    expect(pieceCells(tetris, 0, 0, 0)).toEqual([0, 4, 5]);
    expect(pieceCells(tetris, 0, 0, 3)).toBeUndefined();
    position = applyMove(tetris, position, { type: 'place', piece: 0, orientation: 0, cell: 0 });
    expect(() => applyMove(tetris, position, { type: 'place', piece: 1, orientation: 0, cell: 4 })).toThrow('I would overlap L at row 2, column 1');
    expect(() => applyMove(tetris, position, { type: 'place', piece: 1, orientation: 0, cell: 2 })).toThrow('I would cover a hole at row 1, column 4');
    expect(() => applyMove(tetris, position, { type: 'place', piece: 1, orientation: 1, cell: 7 })).toThrow('I does not fit on the board there');
    expect(() => applyMove(tetris, position, { type: 'place', piece: 1, orientation: 9, cell: 1 })).toThrow('I has no orientation 9');
    expect(() => applyMove(tetris, position, { type: 'place', piece: 2, orientation: 0, cell: 1 })).toThrow('there is no piece 2 in the tray');
    position = applyMove(tetris, position, { type: 'place', piece: 1, orientation: 0, cell: 1 });
    if (position.kind !== 'pieces') throw new Error('pieces');
    expect(Array.from(coverOf(tetris, position))).toEqual([0, 1, 1, -1, 0, 0, -1, -1]);
    expect(piecesLeft(tetris, position)).toEqual([1, 0]);
    expect(() => applyMove(tetris, position, { type: 'place', piece: 1, orientation: 0, cell: 6 })).toThrow('every I is on the board already');
    expect(isAdditive(tetris, position, { type: 'place', piece: 0, orientation: 0, cell: 6 })).toBe(true);
    expect(isAdditive(tetris, position, { type: 'lift', cell: 2 })).toBe(false);
    const lifted = applyMove(tetris, position, { type: 'lift', cell: 2 });
    expect(lifted).toEqual({ kind: 'pieces', placed: [{ piece: 0, orientation: 0, cell: 0, cells: [0, 4, 5] }] });
    expect(() => applyMove(tetris, lifted, { type: 'lift', cell: 2 })).toThrow('no piece covers cell 2');
  });

  it('checks a move once when a host checks it and then plays it (the same position gives the same result)', () => {
    const start = initialPosition(tetris);
    const lay = { type: 'place', piece: 0, orientation: 0, cell: 0 } as const;
    const checked = applyMove(tetris, start, lay);
    expect(applyMove(tetris, start, { ...lay })).toBe(checked);
    // Another move, or another setup, is worked out afresh.
    expect(applyMove(tetris, start, { ...lay, cell: 1 })).not.toBe(checked);
    expect(applyMove({ ...tetris }, start, lay)).not.toBe(checked);
    expect(applyMove(tetris, start, lay)).toEqual(checked);
  });

  it('places cells in a box by layer, row and column', () => {
    const box: PiecesSetup = {
      kind: 'pieces',
      width: 2,
      height: 2,
      depth: 2,
      tray: [
        {
          name: 'V',
          count: 1,
          orientations: [
            [
              [0, 0, 0],
              [1, 0, 0],
              [1, 1, 1],
            ],
          ],
          turns: [],
        },
      ],
    };
    expect(checkPlaySetup(box)).toBeUndefined();
    expect(pieceCells(box, 0, 0, 0)).toEqual([0, 4, 7]);
    expect(pieceCells(box, 0, 0, 1)).toBeUndefined();
  });
});

describe('drops', () => {
  const setup: DropsSetup = {
    kind: 'drops',
    columns: 3,
    queue: [
      { label: 'A', parts: [{ fill: 'red' }] },
      { label: 'B', parts: [{ fill: 'blue' }] },
    ],
    preview: 1,
    rotations: [{ label: 'up', offsets: [[0, 0]] }],
    spawn: { column: 1, rotation: 0 },
  };

  it('drops where the plugin allows, until the queue is used up', () => {
    const legal = () => [
      { column: 0, rotation: 0 },
      { column: 2, rotation: 0 },
    ];
    let position = initialPosition(setup);
    expect(() => applyMove(setup, position, { type: 'drop', column: 1, rotation: 0 }, legal)).toThrow('the piece cannot go to column 2 turned up');
    position = applyMove(setup, position, { type: 'drop', column: 0, rotation: 0 }, legal);
    position = applyMove(setup, position, { type: 'drop', column: 2, rotation: 0 }, legal);
    expect(() => applyMove(setup, position, { type: 'drop', column: 0, rotation: 0 }, legal)).toThrow('the queue is used up');
    const repeating = { ...setup, repeat: true };
    expect(applyMove(repeating, position, { type: 'drop', column: 0, rotation: 0 }, legal)).toEqual({
      kind: 'drops',
      drops: [
        { column: 0, rotation: 0 },
        { column: 2, rotation: 0 },
        { column: 0, rotation: 0 },
      ],
    });
    expect(() => applyMove(repeating, position, { type: 'drop', column: 0, rotation: 0 }, () => [])).toThrow('no piece can be dropped any more');
  });
});

describe('checkPlaySetup', () => {
  it('accepts sound setups and names what is wrong with others', () => {
    expect(checkPlaySetup(hitoriLike)).toBeUndefined();
    expect(checkPlaySetup(tetris)).toBeUndefined();
    const bad = (patch: object) => checkPlaySetup({ ...hitoriLike, ...patch } as MarksSetup);
    expect(bad({ width: 0 })).toBe('width, height and depth must be positive whole numbers');
    expect(bad({ width: 300, height: 300 })).toBe('the board has 90000 cells, over the 65536 a host draws');
    expect(bad({ marks: [{ value: '.', label: 'empty' }] })).toBe('marks: give 2 to 64, the empty one first');
    expect(
      bad({
        marks: [
          { value: '.', label: 'empty' },
          { value: '.', label: 'again' },
        ],
      }),
    ).toBe('mark "." is given twice');
    expect(
      bad({
        marks: [
          { value: '.', label: 'empty' },
          { value: 'a b', label: 'spaced' },
        ],
      }),
    ).toBe('a mark has a bad value "a b"');
    expect(bad({ fixed: [6] })).toBe('fixed cell 6 is not on the board');
    expect(bad({ start: ['.'] })).toBe('start must give one mark for each of the 6 cells');
    expect(bad({ click: 'drag' })).toBe("click must be 'cycle' or 'select'");
    expect(bad({ units: [[0, 1, 6]] })).toBe('unit cell 6 is not on the board');
    expect(bad({ units: Array.from({ length: 49 }, () => [0]) })).toBe('units: at most 48 groups');
    expect(
      bad({
        units: [
          [0, 1, 2],
          [0, 3],
        ],
      }),
    ).toBeUndefined();
    const piece = tetris.tray[0]!;
    const badPiece = (patch: object) => checkPlaySetup({ ...tetris, tray: [{ ...piece, ...patch }] });
    expect(
      badPiece({
        orientations: [
          [
            [1, 0],
            [1, 1],
          ],
        ],
      }),
    ).toBe('piece "L" has an orientation whose least coordinate is not 0');
    expect(
      badPiece({
        orientations: [
          [
            [0, 0],
            [0, 0],
          ],
        ],
      }),
    ).toBe('piece "L" repeats a cell');
    expect(badPiece({ orientations: [[[0, 0, 0]]] })).toBe('piece "L" has a cell that is not 2 whole numbers');
    expect(badPiece({ turns: [{ key: 'r', label: 'rotate', next: [0] }] })).toBe('piece "L": turn "r" must name an orientation for each orientation');
    expect(checkPlaySetup({ kind: 'dance' } as never)).toBe('unknown play kind "dance"');
  });

  it('takes cell names and clue margins that fit the board, and names what does not', () => {
    const bad = (patch: object) => checkPlaySetup({ ...hitoriLike, ...patch } as MarksSetup);
    const names = ['A1', 'B1', 'C1', 'A2', 'B2', 'C2'];
    expect(bad({ cellNames: names, margins: { top: [['1'], [], ['2', '1']], left: [['3'], ['1', '1']] } })).toBeUndefined();
    expect(bad({ cellNames: names.slice(1) })).toBe('cellNames must give one name for each of the 6 cells');
    expect(bad({ cellNames: [...names.slice(1), 'C2\u001b[2J'] })).toBe('cellNames: cell 5 has no name of 1 to 16 characters (no control characters)');
    expect(bad({ margins: { top: [['1']] } })).toBe('margins.top must give one list of clues for each of the 3 columns');
    expect(bad({ margins: { left: [['1'], ['x'.repeat(17)]] } })).toBe('margins.left: a clue is 1 to 16 characters, none of them a control character');
    expect(bad({ margins: { left: [['1'], Array.from({ length: 65 }, () => '1')] } })).toBe('margins.left: a line holds at most 64 clues');
    expect(bad({ margins: 'top' })).toBe('margins must be an object with top and left');
    expect(cellName({ ...hitoriLike, cellNames: names }, 4)).toBe('B2');
    expect(cellName(hitoriLike, 4)).toBe('row 2, column 2');
  });
});

describe('planarPiece', () => {
  const pentominoes: Record<string, string[]> = {
    F: ['.##', '##.', '.#.'],
    I: ['#####'],
    L: ['####', '#...'],
    N: ['###.', '..##'],
    P: ['###', '##.'],
    T: ['###', '.#.', '.#.'],
    U: ['#.#', '###'],
    V: ['#..', '#..', '###'],
    W: ['#..', '##.', '.##'],
    X: ['.#.', '###', '.#.'],
    Y: ['####', '.#..'],
    Z: ['##.', '.#.', '.##'],
  };
  const cellsOf = (rows: string[]) => rows.flatMap((row, r) => [...row].flatMap((char, c) => (char === '#' ? [[r, c] as [number, number]] : [])));

  it('gives each pentomino its distinct orientations, with R and F closing up', () => {
    const counts = Object.fromEntries(Object.entries(pentominoes).map(([name, rows]) => [name, planarPiece(name, cellsOf(rows)).orientations.length]));
    expect(counts).toEqual({ F: 8, I: 2, L: 8, N: 8, P: 8, T: 4, U: 4, V: 4, W: 4, X: 1, Y: 8, Z: 4 });
    for (const [name, rows] of Object.entries(pentominoes)) {
      const piece = planarPiece(name, cellsOf(rows));
      const [rotate, flip] = piece.turns;
      piece.orientations.forEach((_, i) => {
        let at = i;
        for (let k = 0; k < 4; k++) at = rotate!.next[at]!;
        expect(at).toBe(i);
        expect(flip!.next[flip!.next[i]!]).toBe(i);
      });
    }
    // A quarter turn clockwise of the flat I stands it up.
    const i = planarPiece('I', cellsOf(pentominoes.I!));
    expect(i.orientations).toEqual([
      [
        [0, 0],
        [0, 1],
        [0, 2],
        [0, 3],
        [0, 4],
      ],
      [
        [0, 0],
        [1, 0],
        [2, 0],
        [3, 0],
        [4, 0],
      ],
    ]);
    expect(i.turns[0]!.next).toEqual([1, 0]);
  });

  it('keeps to the orientations the rules allow, and one-sided pieces do not flip', () => {
    const flat = planarPiece('I', cellsOf(pentominoes.I!), { allow: (cells) => cells.every(([row]) => row === 0) });
    expect(flat.orientations).toEqual([
      [
        [0, 0],
        [0, 1],
        [0, 2],
        [0, 3],
        [0, 4],
      ],
    ]);
    expect(flat.turns.map((turn) => turn.next)).toEqual([[0], [0]]);
    const oneSided = planarPiece('F', cellsOf(pentominoes.F!), { flips: false });
    expect(oneSided.orientations).toHaveLength(4);
    expect(oneSided.turns.map((turn) => turn.key)).toEqual(['r']);
  });
});
