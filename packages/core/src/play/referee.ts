// The referee: how many completions a position still has (exact up to a cap), which move of the
// history was the mistake once none remain, and a hint. It runs where searches run (a worker in
// the page), on top of the plugin's solver (through `toInstance`) or the plugin's own referee.
import { createSolveContext } from '../context.js';
import { AbortedError } from '../aborted.js';
import { constrains, isAdditive, pieceCells } from './board.js';
import { playedMoves } from './history.js';
import { playSpecOf, replayMoves, type Game } from './game.js';
import type {
  CompletionRequest, CompletionResult, MarksSetup, PlayHint, PlayMove, PlayPosition, PlayReferee, PlaySetup,
} from './spec.js';
import type { AnyPlugin, Solver } from '../plugin.js';

/** Completions counted exactly up to this many unless a host asks for another cap. */
export const DEFAULT_REMAINING_CAP = 1000;

export interface RefereeAsk {
  /** Count exactly up to this many; past it the report says `capped` (default 1000). */
  cap?: number;
  /** When no completion remains, find the move after which none did. */
  mistake?: boolean;
  /** Find a move that every remaining completion has. */
  hint?: boolean;
}

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
  hint?: PlayHint;
  /** Asked for a hint and there is none: why, in one line. */
  noHint?: string;
  /** Positions the referee searched (the count, the prefixes of the mistake search, the hint). */
  searches: number;
  elapsedMs: number;
}

/** What a host shows as the remaining count: `0`, `27`, `1000+`. */
export function remainingText(report: Pick<RefereeReport, 'remaining' | 'capped'>): string {
  return report.capped ? `${report.remaining}+` : String(report.remaining);
}

/** The plugin's way of counting completions: its own referee, or its solver on `toInstance`'s input. */
export type CompletionSource = (setup: PlaySetup, position: PlayPosition, request: CompletionRequest) => Promise<CompletionResult>;

/** Completions through the plugin: `referee()` when it has one, else its solver on `toInstance`. */
export function completionSource<I>(
  plugin: AnyPlugin,
  instance: I,
  loaded: { solver?: Solver; referee?: PlayReferee } = {},
): CompletionSource {
  const play = playSpecOf(plugin);
  if (play.referee) {
    let referee: Promise<PlayReferee> | undefined = loaded.referee ? Promise.resolve(loaded.referee) : undefined;
    return async (setup, position, request) => {
      referee ??= play.referee!();
      return (await referee).completions(instance, setup, position, request);
    };
  }
  if (!play.toInstance) throw new Error(`plugin ${plugin.id} has no referee: its play mode gives neither toInstance nor referee`);
  let solver: Promise<Solver> | undefined = loaded.solver ? Promise.resolve(loaded.solver) : undefined;
  return async (setup, position, request) => {
    solver ??= plugin.solver();
    const input = play.toInstance!(instance, setup, position);
    const found: unknown[] = [];
    const controller = new AbortController();
    const ctx = createSolveContext(
      { limit: request.limit, wantSolutions: request.positions, wantProgress: false, signal: controller.signal },
      { solution: (solution) => found.push(solution), progress: () => {}, step: () => {} },
    );
    const shouldStop = ctx.shouldStop;
    ctx.shouldStop = () => {
      if (request.shouldStop()) controller.abort();
      return shouldStop();
    };
    const summary = await (await solver).solve(input, ctx);
    const count = Math.max(0, Math.min(request.limit, Math.floor(Number(summary.solutions) || 0)));
    if (!request.positions) return { count };
    if (!play.fromSolution) throw new Error(`plugin ${plugin.id} gives toInstance but no fromSolution, so its referee cannot give hints`);
    return { count, positions: found.slice(0, request.limit).map((solution) => play.fromSolution!(instance, setup, position, solution)) };
  };
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
  const started = performance.now();
  if (setup.judged === false) throw new Error(`this ${plugin.title} position has nothing for a referee to count (its setup says judged: false)`);
  const shouldStop = options.shouldStop ?? (() => false);
  const source = options.source ?? completionSource(plugin, instance);
  const cap = Math.max(1, Math.min(1_000_000, Math.floor(ask.cap ?? DEFAULT_REMAINING_CAP)));
  const positions = replayMoves(plugin, instance, setup, moves);
  const position = positions[positions.length - 1]!;
  let searches = 0;
  const ask1 = async (at: PlayPosition, limit: number, wantPositions: boolean) => {
    if (shouldStop()) throw new AbortedError();
    searches++;
    const result = await source(setup, at, { limit, positions: wantPositions, shouldStop });
    if (shouldStop()) throw new AbortedError();
    return result;
  };
  const counted = await ask1(position, cap + 1, ask.hint === true);
  const capped = counted.count > cap;
  const report: RefereeReport = { remaining: Math.min(counted.count, cap), capped, searches: 0, elapsedMs: 0 };

  if (counted.count === 0 && ask.mistake) {
    const known = new Map<number, boolean>([[moves.length, false]]);
    report.mistake = await findMistake(
      moves.length,
      (move) => isAdditive(setup, positions[move - 1]!, moves[move - 1]!),
      async (k) => {
        if (!known.has(k)) known.set(k, (await ask1(positions[k]!, 1, false)).count > 0);
        return known.get(k)!;
      },
    );
  }

  if (ask.hint) {
    const play = playSpecOf(plugin);
    if (counted.count === 0) report.noHint = 'no solution from here: undo to the mistake first';
    else if (play.complete(instance, setup, position) && play.check(instance, setup, position).length === 0) report.noHint = 'the puzzle is solved';
    else {
      const ruled = play.deduce?.(instance, setup, position);
      // A rule's move must agree with every completion listed (a wrong deduction is not shown).
      if (ruled && (capped || agrees(setup, position, ruled.move, counted.positions ?? []))) report.hint = { ...ruled, basis: 'rules' };
      else if (capped) report.noHint = `more than ${cap} solutions remain: no move is common to all that the referee can list`;
      else {
        const move = commonMove(setup, position, counted.positions ?? []);
        if (move) report.hint = { move, reason: hintReason(setup, move, counted.count), basis: counted.count === 1 ? 'uniqueness' : 'search' };
        else report.noHint = `no move is the same in all ${counted.count} solutions left`;
      }
    }
  }
  report.searches = searches;
  report.elapsedMs = Math.round((performance.now() - started) * 10) / 10;
  return report;
}

/** Judges a game in this thread (tests, scripts, a Node host); `signal` abandons it. */
export function judgeGame<I>(plugin: AnyPlugin, instance: I, game: Game, ask: RefereeAsk = {}, options: { signal?: AbortSignal } = {}): Promise<RefereeReport> {
  return judgePosition(plugin, instance, game.setup, playedMoves(game.history), ask, { shouldStop: () => options.signal?.aborted ?? false });
}
