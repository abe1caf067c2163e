import { InputError, type ParsedOptions, type TextFile } from '@kit/core';
import type { LaidPiece, PieceSet } from '@kit/pentomino/packing';
import { readChallengeFile } from './board-file.js';
import { type Penta, challengePentas } from './challenges.js';
import { MAX_WIDTH, MIN_WIDTH, parseLetters, popcount } from './pieces.js';

interface Common {
  /** Count every tiling, mirror images and turns included. */
  all: boolean;
  /** The booklet's rule: the I piece may only lie horizontally. */
  horizontalI: boolean;
}

/** What the plugin hands its solver: plain data. */
export type KataminoInstance =
  | (Common & { mode: 'pieces'; pieces: number; width: number })
  | (Common & { mode: 'sweep'; lo: number; hi: number })
  | (Common & { mode: 'challenge'; challenge: string; pentas: Penta[] })
  /** A challenge file with pieces laid: `board` has them as holes, `left` the pieces to place. */
  | (Common & { mode: 'laid'; pieces: number; width: number; board: string[]; laid: LaidPiece[]; left: PieceSet });

/** `--n 5` or `--n 3-12` to a range of widths. */
export function parseWidths(text: string): { lo: number; hi: number } {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text);
  if (!match) throw new InputError(`--n must be a width N or a range A-B, from ${MIN_WIDTH} to ${MAX_WIDTH} (got ${JSON.stringify(text)})`);
  const lo = Number(match[1]);
  const hi = match[2] === undefined ? lo : Number(match[2]);
  if (lo < MIN_WIDTH || hi > MAX_WIDTH || lo > MAX_WIDTH || hi < MIN_WIDTH) {
    throw new InputError(`--n widths must be from ${MIN_WIDTH} to ${MAX_WIDTH} (got ${text.trim()})`);
  }
  if (lo > hi) throw new InputError(`--n range ${lo}-${hi} is backwards (write ${hi}-${lo})`);
  return { lo, hi };
}

export function parseInstance(options: ParsedOptions, input?: TextFile): KataminoInstance {
  const pieces = options.pieces as string | undefined;
  const widths = options.n as string | undefined;
  const challenge = options.challenge as string | undefined;
  const given = [pieces, widths, challenge, input].filter((value) => value !== undefined && value !== '').length;
  if (given !== 1) throw new InputError('give exactly one of --pieces LETTERS, --n N (or A-B), --challenge NAME or a challenge file');
  const all = options.all === true;
  const horizontalI = options['horizontal-i'] === true;
  if (input) {
    const file = readChallengeFile(input);
    if (!file.laid) return { mode: 'pieces', pieces: file.pieces, width: file.width, all, horizontalI };
    return { mode: 'laid', pieces: file.pieces, width: file.width, ...file.laid, all, horizontalI };
  }
  if (pieces) {
    const mask = parseLetters(pieces);
    return { mode: 'pieces', pieces: mask, width: popcount(mask), all, horizontalI };
  }
  if (widths) return { mode: 'sweep', ...parseWidths(widths), all, horizontalI };
  // The booklet's challenges come with the booklet's rule for I.
  return { mode: 'challenge', challenge: challenge!.trim(), pentas: challengePentas(challenge!), all, horizontalI: true };
}
