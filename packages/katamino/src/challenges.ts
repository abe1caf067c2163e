import { InputError } from '@kit/core';

/**
 * The KATAMINO booklet's challenges: each row lists pieces in order; the player fills the 5 x N
 * board ("penta N") with the row's first N pieces, for N from the row's start to its length.
 *
 * Only rows that two independent public transcriptions of the booklet agree on are listed here (see
 * the README: the topherCantrell/sim-Katamino and RobinTail/katamino projects, which name the pieces
 * differently, so neither copied the other's letters). Small Slam row A is also confirmed by a third,
 * independent description. Row I of the Ultimate challenge names N twice in both transcriptions,
 * which the game's one-of-each set cannot play, so it is left out.
 */
export interface Challenge {
  /** The name `--challenge` takes: `small-slam`, `slam`, `ultimate`. */
  id: string;
  /** The booklet's name for it. */
  title: string;
  /** Pieces on the first board (its width). */
  start: number;
  /** The rows by their letter (A, B, ...): the pieces in the order they join the board. */
  rows: Readonly<Record<string, string>>;
}

/** The booklet's challenges that the two transcriptions agree on, in booklet order. */
export const CHALLENGES: readonly Challenge[] = [
  {
    id: 'small-slam',
    title: 'Small Slam',
    start: 3,
    rows: { A: 'LYTPWZVN', B: 'NPULZYTW', C: 'LVPYNUZF', D: 'YPUNVFWT', E: 'LNVZUTYW', F: 'PUFYTNLW', G: 'LVPZYWNF' },
  },
  {
    id: 'slam',
    title: 'The Slam',
    start: 5,
    rows: {
      A: 'LPUFWYZNV',
      B: 'YNPUZVTLF',
      C: 'LYVTWZFUP',
      D: 'NVPUFWLZT',
      E: 'LYNPWTVFU',
      F: 'LPUZTFNWY',
      G: 'LVPUWNYTZ',
      H: 'LNPTWZYFV',
      I: 'LYVUZFWNT',
      J: 'LVPFWYUTN',
      K: 'LYNUWFPVZ',
      L: 'YVPZWNFTU',
      M: 'LYVPFUTZW',
      N: 'LYPZWNUVT',
    },
  },
  {
    id: 'ultimate',
    title: 'Ultimate Challenge',
    start: 4,
    rows: {
      A: 'LNVZUTPXFIW',
      B: 'LYUFZVXPINT',
      C: 'LYVPFWNUZTI',
      D: 'YPUFTXLVWZN',
      E: 'LYPZWNTFIUX',
      F: 'LPUFXYINTWV',
      G: 'LYPWNUVZXIF',
      H: 'YNVTFIZWLXU',
      J: 'LYPTWNIVUXZ',
      K: 'YNPUVZXIWFT',
      L: 'LYVUZIFTXPW',
    },
  },
];

/** One board of a challenge: row `row`, the first `width` pieces. */
export interface Penta {
  /** The challenge's id (`small-slam`). */
  challenge: string;
  /** The row's letter. */
  row: string;
  /** The board's width N, and the number of pieces. */
  width: number;
  /** The row's first N pieces, as letters. */
  pieces: string;
}

/** `small-slam` (every row) or `small-slam:B` to the boards to solve, in booklet order. */
export function challengePentas(spec: string): Penta[] {
  const [id, rowName, extra] = spec.trim().split(':');
  const challenge = CHALLENGES.find((c) => c.id === id?.toLowerCase());
  if (!challenge || extra !== undefined) {
    throw new InputError(`unknown challenge ${JSON.stringify(spec)} (choose from ${CHALLENGES.map((c) => c.id).join(', ')}, optionally with :ROW)`);
  }
  const rows = Object.keys(challenge.rows);
  // `small-slam:` (a colon and no row) is a half-typed row, not "every row".
  if (rowName !== undefined && rowName.trim() === '') {
    throw new InputError(`challenge ${challenge.id}: the row after ':' is empty (rows ${rows.join('')}, or leave out ':' for every row)`);
  }
  const wanted = rowName === undefined ? rows : [rowName.trim().toUpperCase()];
  for (const row of wanted) {
    if (!rows.includes(row)) throw new InputError(`challenge ${challenge.id} has no row ${JSON.stringify(rowName)} (rows ${rows.join('')})`);
  }
  return wanted.flatMap((row) => {
    const letters = challenge.rows[row]!;
    return Array.from({ length: letters.length - challenge.start + 1 }, (_, i) => ({
      challenge: challenge.id,
      row,
      width: challenge.start + i,
      pieces: letters.slice(0, challenge.start + i),
    }));
  });
}
