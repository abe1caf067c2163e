// What a chain puzzle asks for: the goal kinds that nazo puyo links (puyop.com, ishikawapuyo.net,
// ips.karou.jp: the part after `__`) can carry, in the kit's readable syntax and as the link's
// three-character code. The README lists every kind; its source is named there.
import { InputError } from '@kit/core';

/**
 * `chains`: the move's chain; `colours`, `puyos`, `groups`: in one chain step, colours popping, puyos
 * popping, groups popping; `connected`: one popping group's size; `total-colours`, `total-puyos`:
 * counted over every move so far.
 */
export type GoalKind = 'chains' | 'colours' | 'puyos' | 'groups' | 'connected' | 'total-colours' | 'total-puyos';

/** A colour a goal names: one colour, `O` garbage, `colours` (any colour puyo) or `all` (every puyo, garbage too). */
export type GoalColour = 'all' | 'R' | 'G' | 'B' | 'Y' | 'P' | 'O' | 'colours';

/** A goal's counted condition: `chains=3`, `puyos:R>=12`. */
export interface GoalMain {
  /** What is counted. */
  kind: GoalKind;
  /** Only for `puyos`, `groups`, `connected`, `total-puyos`; `all` otherwise. */
  colour: GoalColour;
  /** The count to reach, 1 to 63. */
  n: number;
  /** `=` (exactly n) or `>=` (n or more). */
  exact: boolean;
}

/** A goal: a counted condition, a colour to clear from the field, or both (both must hold). */
export interface Goal {
  /** The counted condition, if any. */
  main?: GoalMain;
  /** The colour to clear from the field, if any (`all` for an all clear). */
  clear?: GoalColour;
}

const KINDS: readonly GoalKind[] = ['chains', 'colours', 'puyos', 'groups', 'connected', 'total-colours', 'total-puyos'];
const COLOURED = new Set<GoalKind>(['puyos', 'groups', 'connected', 'total-puyos']);
export const goalHasColour = (kind: GoalKind): boolean => COLOURED.has(kind);

/** The largest n a link can carry (one digit of 64) and the kit accepts. */
export const GOAL_MAX = 63;

const SYNTAX =
  'KIND=N or KIND>=N (chains, colours, total-colours; puyos, groups, connected, total-puyos with :COLOUR), ' +
  'clear[:COLOUR] or all-clear, or chains=N+clear[:COLOUR]; COLOUR is R G B Y P, O (garbage), colours or all';

function parseColour(text: string, what: string): GoalColour {
  const colour = text.trim().toLowerCase();
  if (/^[rgbyp]$/.test(colour)) return colour.toUpperCase() as GoalColour;
  if (colour === 'o' || colour === 'garbage') return 'O';
  if (colour === 'colours' || colour === 'colors' || colour === 'colour' || colour === 'color') return 'colours';
  if (colour === 'all' || colour === '') return 'all';
  throw new InputError(`--goal: ${JSON.stringify(what)}: unknown colour ${JSON.stringify(text)}; a colour is R G B Y P, O (garbage), colours or all`);
}

function parseMain(text: string, whole: string): GoalMain {
  const match = text.match(/^([a-z-]+)(?::([a-z]+))?\s*(>=|=)\s*(\d+)$/);
  if (!match) throw new InputError(`--goal: ${JSON.stringify(whole)} is not a goal: ${SYNTAX}`);
  const name = match[1]!.replace('colors', 'colours').replace(/^chain$/, 'chains') as GoalKind;
  if (!KINDS.includes(name)) throw new InputError(`--goal: unknown goal ${JSON.stringify(match[1])}: ${SYNTAX}`);
  const n = Number(match[4]);
  if (n < 1 || n > GOAL_MAX) throw new InputError(`--goal: n is from 1 to ${GOAL_MAX} (got ${match[4]} in ${JSON.stringify(whole)})`);
  const colour = match[2] === undefined ? 'all' : parseColour(match[2], whole);
  if (!COLOURED.has(name) && colour !== 'all') throw new InputError(`--goal: ${name} takes no colour (got ${JSON.stringify(whole)})`);
  if ((name === 'groups' || name === 'connected') && colour === 'O') {
    throw new InputError(`--goal: garbage does not form groups (got ${JSON.stringify(whole)})`);
  }
  return { kind: name, colour, n, exact: match[3] === '=' };
}

function parseClear(text: string, whole: string): GoalColour | undefined {
  if (text === 'all-clear') return 'all';
  const legacy = text.match(/^clear-colou?r=(.+)$/);
  if (legacy) return parseColour(legacy[1]!, whole);
  const clear = text.match(/^clear(?::(.+))?$/);
  if (clear) return parseColour(clear[1] ?? 'all', whole);
  return undefined;
}

/** Reads `chains=2`, `chains>=3`, `puyos:R>=10`, `clear:B`, `all-clear`, `chains>=3+clear`, ... */
export function parseGoal(text: string): Goal {
  const parts = text
    .trim()
    .toLowerCase()
    .split('+')
    .map((part) => part.trim());
  if (parts.length > 2 || parts.some((part) => part === '')) throw new InputError(`--goal: ${JSON.stringify(text)} is not a goal: ${SYNTAX}`);
  const goal: Goal = {};
  for (const part of parts) {
    const clear = parseClear(part, text);
    if (clear !== undefined) {
      if (goal.clear !== undefined) throw new InputError(`--goal: two clear conditions in ${JSON.stringify(text)}`);
      goal.clear = clear;
    } else {
      if (goal.main) throw new InputError(`--goal: two counted conditions in ${JSON.stringify(text)}; only clear can be added to one`);
      goal.main = parseMain(part, text);
    }
  }
  if (goal.main && goal.clear !== undefined && goal.main.kind !== 'chains') {
    throw new InputError(`--goal: clear can only be added to a chains goal, as nazo puyo links allow (got ${JSON.stringify(text)})`);
  }
  return goal;
}

const colourWord = (colour: GoalColour) => (colour === 'all' ? '' : `:${colour}`);

/** The readable form parseGoal reads back: `chains=2`, `puyos:R>=10`, `chains>=3+clear:B`, `clear`. */
export function describeGoal(goal: Goal): string {
  const parts: string[] = [];
  if (goal.main) {
    const { kind, colour, n, exact } = goal.main;
    parts.push(`${kind}${colourWord(colour)}${exact ? '=' : '>='}${n}`);
  }
  if (goal.clear !== undefined) parts.push(`clear${colourWord(goal.clear)}`);
  return parts.join('+');
}

// The link code: kind letter (the next letter for "or more"), colour digit, n as one digit of 64.
// Sources: 24ik/pon2 (core/goal.nim, KindToIshikawaUri "uEGIQac", clear '2', chain+clear 'w'/'x')
// and the earlier nazopuyo solver by the same author ("2abcduvwxEFGHIJQR").
const KIND_CODE: Record<GoalKind, string> = {
  chains: 'u',
  colours: 'E',
  puyos: 'G',
  groups: 'I',
  connected: 'Q',
  'total-colours': 'a',
  'total-puyos': 'c',
};
const CLEAR_CODE = '2';
const CHAIN_CLEAR_CODE = 'w';
const COLOUR_CODE: readonly GoalColour[] = ['all', 'R', 'G', 'B', 'Y', 'P', 'O', 'colours'];
const VALUE_DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-';

const next = (code: string) => String.fromCharCode(code.charCodeAt(0) + 1);

/** The three-character link code of a goal (`u02` = exactly 2 chains). */
export function encodeGoalCode(goal: Goal): string {
  const colourDigit = (colour: GoalColour) => String(COLOUR_CODE.indexOf(colour));
  if (!goal.main) return `${CLEAR_CODE}${colourDigit(goal.clear ?? 'all')}0`;
  const { kind, colour, n, exact } = goal.main;
  if (goal.clear !== undefined) {
    return `${exact ? CHAIN_CLEAR_CODE : next(CHAIN_CLEAR_CODE)}${colourDigit(goal.clear)}${VALUE_DIGITS[n]}`;
  }
  const code = KIND_CODE[kind];
  return `${exact ? code : next(code)}${colourDigit(colour)}${VALUE_DIGITS[n]}`;
}

/** Reads a link's goal code; throws naming the codes it knows. */
export function decodeGoalCode(code: string): Goal {
  const known = `known codes: 2 (clear), u/v (chains), w/x (chains and clear), E/F (colours), G/H (puyos), I/J (groups), Q/R (connected), a/b (total colours), c/d (total puyos)`;
  if (code.length === 4 && /^[0-9A-Za-z.-]{4}$/.test(code)) {
    // Links with a 4th goal character circulate (puyo2's lists hold two: u0g6, H0ml). puyop.com's own
    // encoder, which would say what it means, could not be read (README, Nazo links), and pon2 refuses
    // such goals while puyo2 drops the character: rather than guess, say what the first three read.
    const first = describeGoal(decodeGoalCode(code.slice(0, 3)));
    throw new InputError(
      `nazo link goal ${JSON.stringify(code)}: a 4th goal character, whose meaning is not known; the first three read ${first}: give --goal '${first}' to solve the puzzle that way`,
    );
  }
  if (code.length !== 3) throw new InputError(`nazo link goal ${JSON.stringify(code)}: a goal is 3 characters (kind, colour, n); ${known}`);
  const [kindChar, colourChar, valueChar] = [code[0]!, code[1]!, code[2]!];
  const colour = /^[0-7]$/.test(colourChar) ? COLOUR_CODE[Number(colourChar)]! : undefined;
  if (colour === undefined) throw new InputError(`nazo link goal ${JSON.stringify(code)}: colour digit ${JSON.stringify(colourChar)} is not 0-7`);
  const n = VALUE_DIGITS.indexOf(valueChar);
  if (n < 0) throw new InputError(`nazo link goal ${JSON.stringify(code)}: ${JSON.stringify(valueChar)} is not a number digit`);
  if (kindChar === CLEAR_CODE) return { clear: colour };
  if (kindChar === CHAIN_CLEAR_CODE || kindChar === next(CHAIN_CLEAR_CODE)) {
    return { main: { kind: 'chains', colour: 'all', n, exact: kindChar === CHAIN_CLEAR_CODE }, clear: colour };
  }
  for (const kind of KINDS) {
    const exactCode = KIND_CODE[kind];
    if (kindChar !== exactCode && kindChar !== next(exactCode)) continue;
    const main: GoalMain = { kind, colour: COLOURED.has(kind) ? colour : 'all', n, exact: kindChar === exactCode };
    if (n < 1) throw new InputError(`nazo link goal ${JSON.stringify(code)}: n must be at least 1`);
    if ((kind === 'groups' || kind === 'connected') && colour === 'O') {
      throw new InputError(`nazo link goal ${JSON.stringify(code)}: garbage does not form groups`);
    }
    return { main };
  }
  throw new InputError(`nazo link goal ${JSON.stringify(code)}: unknown kind ${JSON.stringify(kindChar)}; ${known}`);
}
