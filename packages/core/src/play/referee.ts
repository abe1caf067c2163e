// The referee: how many completions a position still has (exact up to a cap), which move of the
// history was the mistake once none remain, and a hint. It runs where searches run (a worker in
// the page, see referee-worker-loop.ts), on top of the plugin's solver (through `toInstance`) or
// the plugin's own referee (completions.ts).
import { AbortedError } from '../aborted.js';
import type { AnyPlugin } from '../plugin.js';
import { constrains, isAdditive, pieceCells } from './board.js';
import { type CompletionSource, completionSource } from './completions.js';
import { playSpecOf, type Game } from './game.js';
import { playedMoves } from './history.js';
import { followMoves, openRefereeGame, type RefereeGame } from './referee-game.js';
import type { MarksSetup, PlayHint, PlayMove, PlayPosition, PlaySetup } from './spec.js';

/** Completions counted exactly up to this many unless a host asks for another cap. */
export const DEFAULT_REMAINING_CAP = 1000;

/** What the referee is asked about a position besides how many completions remain. */
export interface RefereeAsk {
  /** Count exactly up to this many; past it the report says `capped` (default 1000). */
  cap?: number;
  /** When no completion remains, find the move after which none did. */
  mistake?: boolean;
  /** Find a move that every remaining completion has. */
  hint?: boolean;
}

/** The referee's answer about a position. */
export interface RefereeReport {
  /** Completions of the position, exact when `capped` is false; `cap` when it is true. */
  remaining: number;
  /** More than `cap` remain. */
  capped: boolean;
  /**
   * Asked for and none remain: the number (from 1) of the played move after which none did and none
   * has since; 0 when the puzzle has no solution at all.
   */
  mistake?: number;
  /** Asked for: a move every remaining completion has, with why. */
  hint?: PlayHint;
  /** Asked for a hint and there is none: why, in one line. */
  noHint?: string;
  /** Positions the referee searched (the count, the prefixes of the mistake search, the hint). */
  searches: number;
  /** How long the answer took, in milliseconds. */
  elapsedMs: number;
}

/** What a host shows as the remaining count: `0`, `27`, `1000+`. */
export function remainingText(report: Pick<RefereeReport, 'remaining' | 'capped'>): string {
  return report.capped ? `${report.remaining}+` : String(report.remaining);
}

/**
 * The move after which no completion remained, given `consistent(k)` for the position after k
 * moves (k = n, the last, is known to have none). Over a run of additive moves consistency only
 * falls, so each run is binary searched; a clearing move starts a new run, whose start is checked
 * on its own. Returns 0 when even the starting position has none.
 */
export async function findMistake(n: number, additive: (move: number) => boolean, consistent: (k: number) => Promise<boolean>): Promise<number> {
  let k = n;
  for (;;) {
    if (k === 0) return 0;
    let start = k;
    while (start > 0 && additive(start)) start--;
    if (start === k) {
      // Move k takes something away: the position before it may still have had completions.
      if (await consistent(k - 1)) return k;
      k--;
      continue;
    }
    if (await consistent(start)) {
      // consistent on [start, t), not on [t, k]: find t.
      let good = start;
      let bad = k;
      while (bad - good > 1) {
        const middle = (good + bad) >>> 1;
        if (await consistent(middle)) good = middle;
        else bad = middle;
      }
      return bad;
    }
    if (start === 0) return 0;
    if (await consistent(start - 1)) return start;
    k = start - 1;
  }
}

const sameCells = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((cell, i) => cell === b[i]);

/** A move every completion has and the position lacks; the rarest mark first, then reading order. */
export function commonMove(setup: PlaySetup, position: PlayPosition, completions: readonly PlayPosition[]): PlayMove | undefined {
  const [first, ...rest] = completions;
  if (!first) return undefined;
  if (setup.kind === 'marks' && position.kind === 'marks' && first.kind === 'marks') {
    const fixed = new Set((setup as MarksSetup).fixed ?? []);
    const candidates: { cell: number; value: string }[] = [];
    for (let cell = 0; cell < position.marks.length; cell++) {
      const value = first.marks[cell]!;
      if (fixed.has(cell) || position.marks[cell] === value || !constrains(setup, value)) continue;
      if (rest.every((other) => other.kind === 'marks' && other.marks[cell] === value)) candidates.push({ cell, value });
    }
    const frequency = new Map<string, number>();
    for (const { value } of candidates) frequency.set(value, (frequency.get(value) ?? 0) + 1);
    candidates.sort((a, b) => frequency.get(a.value)! - frequency.get(b.value)! || a.cell - b.cell);
    const best = candidates[0];
    return best && { type: 'mark', cell: best.cell, value: best.value };
  }
  if (setup.kind === 'pieces' && position.kind === 'pieces' && first.kind === 'pieces') {
    const laid = (placed: { piece: number; cells: readonly number[] }, list: PlayPosition) =>
      list.kind === 'pieces' && list.placed.some((other) => other.piece === placed.piece && sameCells(other.cells, placed.cells));
    const candidates = first.placed
      .filter((placed) => !laid(placed, position) && rest.every((other) => laid(placed, other)))
      .sort((a, b) => a.cells[0]! - b.cells[0]!);
    const best = candidates[0];
    return best && { type: 'place', piece: best.piece, orientation: best.orientation, cell: best.cell };
  }
  if (setup.kind === 'drops' && position.kind === 'drops' && first.kind === 'drops') {
    const at = position.drops.length;
    const next = first.drops[at];
    if (!next) return undefined;
    const same = rest.every((other) => other.kind === 'drops' && other.drops[at]?.column === next.column && other.drops[at]?.rotation === next.rotation);
    return same ? { type: 'drop', column: next.column, rotation: next.rotation } : undefined;
  }
  return undefined;
}

/** True when every completion has the move's mark, piece or drop. */
function agrees(setup: PlaySetup, position: PlayPosition, move: PlayMove, completions: readonly PlayPosition[]): boolean {
  const cells = move.type === 'place' && setup.kind === 'pieces' ? pieceCells(setup, move.piece, move.orientation, move.cell) : undefined;
  const at = position.kind === 'drops' ? position.drops.length : 0;
  return completions.every((done) => {
    switch (move.type) {
      case 'mark':
        return done.kind === 'marks' && done.marks[move.cell] === move.value;
      case 'place':
        return done.kind === 'pieces' && cells !== undefined && done.placed.some((placed) => placed.piece === move.piece && sameCells(placed.cells, cells));
      case 'drop':
        return done.kind === 'drops' && done.drops[at]?.column === move.column && done.drops[at]?.rotation === move.rotation;
      default:
        return false;
    }
  });
}

function hintReason(setup: PlaySetup, _move: PlayMove, remaining: number): string {
  const what = setup.kind === 'marks' ? 'mark' : setup.kind === 'pieces' ? 'piece' : 'drop';
  if (remaining === 1) return `the one solution left has this ${what}, and no single rule shows it (it follows from the solution being unique)`;
  return `all ${remaining} solutions left have this ${what}`;
}

/**
 * Judges the position after `moves`: its remaining completions and, as asked, the mistake and a
 * hint. `shouldStop` ends the work early (a newer move came): the promise then rejects with
 * AbortedError.
 */
export async function judgePosition<I>(
  plugin: AnyPlugin,
  instance: I,
  setup: PlaySetup,
  moves: readonly PlayMove[],
  ask: RefereeAsk = {},
  options: { shouldStop?: () => boolean; source?: CompletionSource } = {},
): Promise<RefereeReport> {
  if (setup.judged === false) throw new Error(`this ${plugin.title} position has nothing for a referee to count (its setup says judged: false)`);
  const game = openRefereeGame(plugin, instance, setup, options.source ?? completionSource(plugin, instance));
  followMoves(game, 0, moves);
  return judgeRefereeGame(game, ask, options.shouldStop);
}

/** Judges a game in this thread (tests, scripts, a Node host); `signal` abandons it. */
export function judgeGame<I>(plugin: AnyPlugin, instance: I, game: Game, ask: RefereeAsk = {}, options: { signal?: AbortSignal } = {}): Promise<RefereeReport> {
  return judgePosition(plugin, instance, game.setup, playedMoves(game.history), ask, { shouldStop: () => options.signal?.aborted ?? false });
}

/**
 * Judges the position a kept game has reached (see referee-game.ts). What it learns about earlier
 * positions stays with the game, so the next judgement of a longer game asks only about new ones.
 */
export async function judgeRefereeGame(game: RefereeGame, ask: RefereeAsk = {}, shouldStop: () => boolean = () => false): Promise<RefereeReport> {
  const started = performance.now();
  const { plugin, setup, moves, positions } = game;
  if (setup.judged === false) throw new Error(`this ${plugin.title} position has nothing for a referee to count (its setup says judged: false)`);
  const cap = Math.max(1, Math.min(1_000_000, Math.floor(ask.cap ?? DEFAULT_REMAINING_CAP)));
  const position = positions[positions.length - 1]!;
  let searches = 0;
  const search = async (at: PlayPosition, limit: number, wantPositions: boolean) => {
    if (shouldStop()) throw new AbortedError();
    searches++;
    const result = await game.source(setup, at, { limit, positions: wantPositions, shouldStop });
    if (shouldStop()) throw new AbortedError();
    return result;
  };
  const counted = await search(position, cap + 1, ask.hint === true);
  game.consistent.set(moves.length, counted.count > 0);
  const capped = counted.count > cap;
  const report: RefereeReport = { remaining: Math.min(counted.count, cap), capped, searches: 0, elapsedMs: 0 };
  if (counted.count === 0 && ask.mistake) {
    report.mistake = await findMistake(
      moves.length,
      (move) => isAdditive(setup, positions[move - 1]!, moves[move - 1]!),
      async (k) => {
        if (!game.consistent.has(k)) game.consistent.set(k, (await search(positions[k]!, 1, false)).count > 0);
        return game.consistent.get(k)!;
      },
    );
  }
  if (ask.hint) Object.assign(report, hintOf(game, position, counted, cap));
  report.searches = searches;
  report.elapsedMs = Math.round((performance.now() - started) * 10) / 10;
  return report;
}

/** The hint, or why there is none, for a position whose completions were counted (and listed up to the cap). */
function hintOf(
  game: RefereeGame,
  position: PlayPosition,
  counted: { count: number; positions?: PlayPosition[] },
  cap: number,
): Pick<RefereeReport, 'hint' | 'noHint'> {
  const { plugin, instance, setup } = game;
  const play = playSpecOf(plugin);
  const capped = counted.count > cap;
  if (counted.count === 0) return { noHint: 'no solution from here: undo to the mistake first' };
  if (play.complete(instance, setup, position) && play.check(instance, setup, position).length === 0) return { noHint: 'the puzzle is solved' };
  const ruled = play.deduce?.(instance, setup, position);
  // A rule's move must agree with every completion listed (a wrong deduction is not shown).
  if (ruled && (capped || agrees(setup, position, ruled.move, counted.positions ?? []))) return { hint: { ...ruled, basis: 'rules' } };
  if (capped) return { noHint: `more than ${cap} solutions remain: no move is common to all that the referee can list` };
  const move = commonMove(setup, position, counted.positions ?? []);
  if (move) return { hint: { move, reason: hintReason(setup, move, counted.count), basis: counted.count === 1 ? 'uniqueness' : 'search' } };
  return { noHint: `no move is the same in all ${counted.count} solutions left` };
}
