// Nazo puyo links: `https://puyop.com/s/FIELD_PAIRS__GOAL` (also ishikawapuyo.net and ips.karou.jp
// `simu/pn.html?FIELD_PAIRS__GOAL`). FIELD is a puyop.com field string; PAIRS is two digits a pair,
// the pair (rotor x 12 + pivot x 2, colours R G B Y P = 0..4) and its placement (`1` for none, else
// direction x 12 + column x 2, directions up right down left); GOAL is a goal code (goal.ts).
// Sources: 24ik/pon2 (core/pair.nim, core/placement.nim, core/nazopuyo.nim). Links without a goal may
// carry puyop.com's replay moves instead (puyoai's encoder); those are read too.
import { InputError } from '@kit/core';
import type { PuyoField } from './field.js';
import { type Goal, decodeGoalCode, encodeGoalCode } from './goal.js';
import { type Move, type Pair, ROTATIONS, checkPairCount } from './nazo.js';
import { decodePuyop, encodePuyop } from './share.js';

/** The 64 digits of puyop.com links. */
export const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ[]';
const COLOURS = 'RGBYP';
const NO_PLACEMENT = '1';

/** A chain puzzle read from a puyop.com link by {@link decodeNazoLink}. */
export interface NazoLink {
  /** The field. */
  field: PuyoField;
  /** The pairs, in the order they fall. */
  pairs: Pair[];
  /** Undefined when the link carries no `__` goal. */
  goal: Goal | undefined;
}

/** True when a share string carries pairs or a goal (a nazo link rather than a bare field). */
export const isNazoLink = (input: string): boolean => /_/.test(input.replace(/^.*?(puyop\.com\/s\/|pn\.html\?)/, ''));

function pairsPart(input: string): { field: string; pairs: string; goal: string | undefined } {
  const text = input.trim();
  const query = text.match(/puyop\.com\/s\/([^?#]*)/)?.[1] ?? text.match(/\/pn\.html\?([^#]*)/)?.[1] ?? text;
  const goalAt = query.indexOf('__');
  const goal = goalAt >= 0 ? query.slice(goalAt + 2) : undefined;
  const rest = goalAt >= 0 ? query.slice(0, goalAt) : query;
  const underscore = rest.indexOf('_');
  return { field: underscore >= 0 ? rest.slice(0, underscore) : rest, pairs: underscore >= 0 ? rest.slice(underscore + 1) : '', goal };
}

type PairsRead = { pairs: Pair[] } | { error: string };

/** Pairs in the nazo-link form (ishikawapuyo.net, pon2): pair digit, then placement digit or `1`. */
function nazoPairs(text: string): PairsRead {
  const pairs: Pair[] = [];
  for (let i = 0; i < text.length; i += 2) {
    const value = DIGITS.indexOf(text[i]!);
    const pivot = (value % 12) / 2;
    const rotor = Math.floor(value / 12);
    if (value < 0 || value % 2 !== 0 || pivot > 4 || rotor > 4) return { error: `${JSON.stringify(text[i])} at character ${i + 1} is not a pair of R G B Y P` };
    const placement = text[i + 1]!;
    const code = DIGITS.indexOf(placement);
    if (placement !== NO_PLACEMENT && (code < 0 || code % 2 !== 0 || code > 46)) {
      return { error: `${JSON.stringify(placement)} at character ${i + 2} is not a placement` };
    }
    pairs.push({ axis: COLOURS[pivot]!, child: COLOURS[rotor]! });
  }
  return { pairs };
}

/**
 * Pairs in puyop.com's replay form (puyoai's encoder, solver/puyop.cc): d = axis x 5 + child (colours
 * R G B Y P = 0..4) | (column x 4 + rotation) << 7, written as the digits of d & 63 and d >> 6.
 */
function replayPairs(text: string): PairsRead {
  const pairs: Pair[] = [];
  for (let i = 0; i < text.length; i += 2) {
    const low = DIGITS.indexOf(text[i]!);
    const high = DIGITS.indexOf(text[i + 1]!);
    const d = low | (high << 6);
    const pair = d & 0x7f;
    const column = d >> 9;
    if (low < 0 || high < 0 || pair > 24 || (d >> 7 !== 0 && (column < 1 || column > 6))) {
      return { error: `${JSON.stringify(text.slice(i, i + 2))} at character ${i + 1} is not a pair and move` };
    }
    pairs.push({ axis: COLOURS[Math.floor(pair / 5)]!, child: COLOURS[pair % 5]! });
  }
  return { pairs };
}

/**
 * Reads a nazo link: the field, the pairs (placements in the link are ignored) and the goal. A link
 * with a goal writes its pairs in the nazo form; without one, the pairs may also be in puyop.com's
 * replay form, and a string both forms read differently is refused.
 */
export function decodeNazoLink(input: string, read: { pairs: boolean; goal?: boolean } = { pairs: true }): NazoLink {
  const field = decodePuyop(input);
  const { pairs: all, goal } = pairsPart(input);
  const text = read.pairs ? all : '';
  if (text.length % 2 !== 0) throw new InputError(`nazo link pairs ${JSON.stringify(text.slice(0, 40))}: two characters a pair (pair, placement)`);
  checkPairCount(text.length / 2, 'nazo link');
  const nazo = nazoPairs(text);
  const hasGoal = goal !== undefined && goal !== '';
  let pairs: Pair[];
  if (hasGoal || 'error' in replayPairs(text)) {
    if ('error' in nazo) throw new InputError(`nazo link pairs: ${nazo.error}`);
    pairs = nazo.pairs;
  } else {
    const replay = replayPairs(text) as { pairs: Pair[] };
    if (!('error' in nazo) && JSON.stringify(nazo.pairs) !== JSON.stringify(replay.pairs)) {
      throw new InputError(
        `link pairs ${JSON.stringify(text.slice(0, 20))} read both as nazo-link pairs and as puyop.com replay moves, differently: give --pairs`,
      );
    }
    pairs = replay.pairs;
  }
  // A goal the user gives (--goal) replaces the link's, which is then not read (nor refused).
  return { field, pairs, goal: hasGoal && read.goal !== false ? decodeGoalCode(goal) : undefined };
}

/** The puyop.com link of a puzzle; with `moves`, the placements of an answer are written in too. */
export function nazoLinkUrl(field: PuyoField, pairs: readonly Pair[], goal: Goal | undefined, moves: readonly Move[] = []): string {
  let text = '';
  pairs.forEach((pair, i) => {
    text += DIGITS[COLOURS.indexOf(pair.child) * 12 + COLOURS.indexOf(pair.axis) * 2];
    const move = moves[i];
    text += move ? DIGITS[ROTATIONS.indexOf(move.rotation) * 12 + (move.column - 1) * 2] : NO_PLACEMENT;
  });
  return `https://puyop.com/s/${encodePuyop(field)}_${text}${goal ? `__${encodeGoalCode(goal)}` : ''}`;
}
