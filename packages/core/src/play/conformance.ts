// @kit/core/play/conformance: what every play mode must do, as named checks a plugin's own test
// runs with its test runner (`for (const check of playConformance(...)) it(check.name, check.run)`).
// A host knows no puzzle and trusts these: the same seed makes the same game, moves outside the
// rules are refused in one line, undo and redo restore the exact position, a completion the plugin's
// own solver finds can be played to "solved", a game code reads back to the same game, a hostile
// code is refused in one line, a hint keeps every completion, the referee finds the mistake, and the
// referee in a worker says what it says in this thread. Runner-free and browser-safe.
import { isInputError } from '../errors.js';
import type { AnyPlugin } from '../plugin.js';
import { boardCells, initialPosition } from './board.js';
import { MAX_GAME_CODE_LENGTH } from './code.js';
import { completionSource } from './completions.js';
import { type Game, gameCode, gameStatus, playMove, redoGame, startGame, undoGame } from './game.js';
import { playedMoves } from './history.js';
import { type RefereeAsk, type RefereeReport, judgeGame } from './referee.js';
import { RefereeClient } from './referee-client.js';
import type { RefereePort } from './referee-protocol.js';
import type { PlayMove, PlayPosition, PlaySetup } from './spec.js';

export { piecesGame, randomPlacement } from './random-placement.js';

/** A game the checks play: an instance of the plugin's puzzle and the seed of its setup. */
export interface ConformanceGame<I> {
  /** What the game is, in the checks' names (`6x10`, `the Wikipedia puzzle`). */
  name: string;
  /** The parsed instance, as `plugin.parse` made it. */
  instance: I;
  /** The seed of the setup (default 1). */
  seed?: number;
  /**
   * A line of play that goes wrong: `moves` from the start, after move `mistake` (from 1) of which
   * no completion remains. The referee must name that move, and undo back to before it must bring
   * completions back. Leave it out for a game the referee does not judge.
   */
  wrong?: { moves: readonly PlayMove[]; mistake: number };
}

/** What {@link playConformance} checks a plugin's play mode on. */
export interface PlayConformanceOptions<I> {
  /** The plugin, as its tests import it. */
  plugin: AnyPlugin;
  /**
   * Games to play, at least one. A judged game must have a completion its referee finds quickly
   * (the checks play one, and judge positions along it, many times).
   */
  games: readonly ConformanceGame<I>[];
  /** Instances play mode cannot play, each with the one line `startGame` must refuse it with. */
  unplayable?: ReadonlyArray<{ name: string; instance: I; message: string }>;
  /**
   * The referee in a worker, as a host runs it: the built module that exports the plugin and how
   * to start a referee worker (`createRefereeWorker` from `@kit/core/node`). Without it, that check
   * is left out.
   */
  worker?: { moduleUrl: string; createWorker: () => RefereePort };
}

/** One named check: `run` resolves when the play mode passes it and rejects with why not. */
export interface ConformanceCheck {
  /** What is checked, as a test's name (`Sudoku, the Wikipedia puzzle: ...`). */
  name: string;
  /** Runs the check. */
  run(): Promise<void>;
}

/** A play mode that does not do what hosts rely on: the message says what and where. */
export class ConformanceError extends Error {
  /** `ConformanceError`, for code that tells errors apart by name. */
  override readonly name = 'ConformanceError';
}

/** Plain data as one string with its keys in order, so two values compare exactly. */
function canonical(value: unknown): string {
  return (
    JSON.stringify(value, (_key, item: unknown) =>
      item && typeof item === 'object' && !Array.isArray(item)
        ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : item,
    ) ?? 'undefined'
  );
}

const short = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}...` : text);

function same(what: string, actual: unknown, expected: unknown): void {
  const a = canonical(actual);
  const e = canonical(expected);
  if (a !== e) throw new ConformanceError(`${what}: expected ${short(e)}, got ${short(a)}`);
}

function ensure(condition: boolean, why: string): asserts condition {
  if (!condition) throw new ConformanceError(why);
}

/** A message a host shows as it is: one line, not empty, no longer than a line of text. */
function oneLine(what: string, message: string): void {
  ensure(message.trim() !== '' && !/[\r\n]/.test(message) && message.length <= 300, `${what} must say why in one line, not ${JSON.stringify(short(message))}`);
}

/** The error `action` throws; a ConformanceError when it throws none. */
function thrown(what: string, action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new ConformanceError(`${what} was accepted`);
}

const moveText = (move: PlayMove) => canonical(move);

/** The moves that take `from` to `to`, a completion of it: marks that differ, pieces not laid yet, drops still to make. */
function movesToCompletion(setup: PlaySetup, from: PlayPosition, to: PlayPosition): PlayMove[] {
  if (from.kind === 'marks' && to.kind === 'marks') {
    const fixed = new Set(setup.kind === 'marks' ? (setup.fixed ?? []) : []);
    return to.marks.flatMap((value, cell) => (fixed.has(cell) || from.marks[cell] === value ? [] : [{ type: 'mark' as const, cell, value }]));
  }
  if (from.kind === 'pieces' && to.kind === 'pieces') {
    const laid = new Set(from.placed.map((placed) => canonical([placed.piece, placed.cells])));
    return to.placed
      .filter((placed) => !laid.has(canonical([placed.piece, placed.cells])))
      .map(({ piece, orientation, cell }) => ({ type: 'place' as const, piece, orientation, cell }));
  }
  if (from.kind === 'drops' && to.kind === 'drops') return to.drops.slice(from.drops.length).map((drop) => ({ type: 'drop' as const, ...drop }));
  throw new ConformanceError(`the referee's completion is a ${to.kind} position, the game's a ${from.kind} one`);
}

/** What a game is played through in these checks: each game after the start, in order. */
interface Line {
  start: Game;
  games: Game[];
  moves: PlayMove[];
}

/** The moves of the first completion the plugin's referee finds from the start. */
async function solutionMoves(plugin: AnyPlugin, instance: unknown, start: Game): Promise<PlayMove[]> {
  const source = completionSource(plugin, instance);
  const found = await source(start.setup, start.position, { limit: 1, positions: true, shouldStop: () => false });
  const completion = found.positions?.[0];
  ensure(
    found.count >= 1 && completion !== undefined,
    `the referee finds no completion of the start (count ${found.count}): give the check a puzzle that has one`,
  );
  return movesToCompletion(start.setup, start.position, completion);
}

/** Up to `most` moves a game without a referee allows: the first legal drop each time. */
function freeMoves(plugin: AnyPlugin, instance: unknown, start: Game, most: number): PlayMove[] {
  const moves: PlayMove[] = [];
  let game = start;
  while (moves.length < most) {
    const drop = gameStatus(plugin, instance, game).legalDrops[0];
    if (!drop) break;
    const move: PlayMove = { type: 'drop', ...drop };
    moves.push(move);
    game = playMove(plugin, instance, game, move);
  }
  return moves;
}

/** Plays `moves` from `start`; each must be accepted and change the game. */
function playLine(plugin: AnyPlugin, instance: unknown, start: Game, moves: readonly PlayMove[]): Line {
  const games: Game[] = [];
  let game = start;
  for (const [index, move] of moves.entries()) {
    let next: Game;
    try {
      next = playMove(plugin, instance, game, move);
    } catch (error) {
      throw new ConformanceError(`move ${index + 1} ${moveText(move)} was refused: ${error instanceof Error ? error.message : String(error)}`);
    }
    ensure(next !== game, `move ${index + 1} ${moveText(move)} changed nothing`);
    games.push(next);
    game = next;
  }
  return { start, games, moves: [...moves] };
}

const judged = (setup: PlaySetup) => setup.judged !== false;

/** The line the checks play: a completion for a judged game, a few legal drops for free play. */
async function lineOf(plugin: AnyPlugin, game: ConformanceGame<unknown>): Promise<Line> {
  const start = startGame(plugin, game.instance, { seed: game.seed ?? 1 });
  const moves = judged(start.setup) ? await solutionMoves(plugin, game.instance, start) : freeMoves(plugin, game.instance, start, 6);
  ensure(moves.length > 0, 'the check needs a game with at least one move to play');
  return playLine(plugin, game.instance, start, moves);
}

function checkDeterministic(plugin: AnyPlugin, game: ConformanceGame<unknown>): void {
  const seed = game.seed ?? 1;
  const first = startGame(plugin, game.instance, { seed });
  same('a second game from the same seed', startGame(plugin, game.instance, { seed }), first);
  // The referee worker gets the instance by structured cloning and makes the setup again there.
  same('the game a worker makes from the instance it receives', startGame(plugin, structuredClone(game.instance), { seed }), first);
  const status = gameStatus(plugin, game.instance, first);
  same('the status of the same game asked twice', gameStatus(plugin, game.instance, first), status);
  if (first.setup.kind !== 'drops') same("the cells of the view's frame (one a board cell)", status.view.frame.cells.length, boardCells(first.setup));
  same('the start position', first.position, initialPosition(first.setup));
}

/** Moves every setup of a kind refuses, with what each breaks. */
function outsideTheRules(setup: PlaySetup): PlayMove[] {
  const foreign: PlayMove = setup.kind === 'drops' ? { type: 'mark', cell: 0, value: 'x' } : { type: 'drop', column: 0, rotation: 0 };
  switch (setup.kind) {
    case 'marks': {
      const cells = boardCells(setup);
      const other = setup.marks[1]?.value ?? setup.marks[0]!.value;
      const moves: PlayMove[] = [
        foreign,
        { type: 'mark', cell: cells, value: other },
        { type: 'mark', cell: -1, value: other },
        { type: 'mark', cell: 0, value: '\u0000not a mark' },
        { type: 'note', cell: 0, value: '\u0000not a note' },
      ];
      const fixed = setup.fixed?.[0];
      if (fixed !== undefined) {
        const start = setup.start?.[fixed] ?? setup.marks[0]!.value;
        moves.push({ type: 'mark', cell: fixed, value: setup.marks.find((mark) => mark.value !== start)!.value });
      }
      return moves;
    }
    case 'pieces': {
      const cells = boardCells(setup);
      return [
        foreign,
        { type: 'place', piece: setup.tray.length, orientation: 0, cell: 0 },
        { type: 'place', piece: 0, orientation: setup.tray[0]?.orientations.length ?? 0, cell: 0 },
        { type: 'place', piece: 0, orientation: 0, cell: cells },
        { type: 'lift', cell: cells },
      ];
    }
    case 'drops':
      return [
        foreign,
        { type: 'drop', column: setup.columns, rotation: 0 },
        { type: 'drop', column: 0, rotation: setup.rotations.length },
        { type: 'drop', column: -1, rotation: 0 },
      ];
  }
}

function checkRefusals(plugin: AnyPlugin, game: ConformanceGame<unknown>, line: Line): void {
  // At the start and midway, so the rules are asked of a position with something on it.
  for (const at of [line.start, line.games[Math.floor((line.games.length - 1) / 2)]!]) {
    const before = canonical(at);
    for (const move of outsideTheRules(at.setup)) {
      const error = thrown(`the move ${moveText(move)}`, () => playMove(plugin, game.instance, at, move));
      ensure(error instanceof Error && error.name === 'PlayMoveError', `the move ${moveText(move)} must be refused with a PlayMoveError, not ${String(error)}`);
      oneLine(`refusing ${moveText(move)}`, error.message);
      ensure(canonical(at) === before, `refusing ${moveText(move)} changed the game`);
    }
  }
}

function checkUndoRedo(plugin: AnyPlugin, game: ConformanceGame<unknown>, line: Line): void {
  const { instance } = game;
  const snapshots = [line.start, ...line.games].map((at) => canonical({ at, view: gameStatus(plugin, instance, at).view }));
  const last = line.games[line.games.length - 1]!;
  same('redo with nothing undone (the same game)', redoGame(plugin, instance, last) === last, true);
  let at = last;
  for (let k = line.games.length - 1; k >= 0; k--) {
    at = undoGame(plugin, instance, at);
    ensure(
      canonical(at.position) === canonical(k === 0 ? line.start.position : line.games[k - 1]!.position),
      `undo to ${k} moves did not give back the position after ${k} moves`,
    );
    ensure(
      canonical(gameStatus(plugin, instance, at).view) === canonical(gameStatus(plugin, instance, k === 0 ? line.start : line.games[k - 1]!).view),
      `undo to ${k} moves did not give back the view after ${k} moves`,
    );
  }
  same('undo with nothing played (the same game)', undoGame(plugin, instance, at) === at, true);
  for (let k = 1; k <= line.games.length; k++) {
    at = redoGame(plugin, instance, at);
    same(
      `redo to ${k} moves`,
      { position: at.position, moves: at.history.moves, cursor: at.history.cursor },
      { position: line.games[k - 1]!.position, moves: last.history.moves, cursor: k },
    );
  }
  // The games played and undone are values: nothing done to a later one changed them.
  same(
    'the games of the line after undo and redo',
    [line.start, ...line.games].map((played) => canonical({ at: played, view: gameStatus(plugin, instance, played).view })),
    snapshots,
  );
}

async function checkSolved(plugin: AnyPlugin, game: ConformanceGame<unknown>, line: Line): Promise<void> {
  const { instance } = game;
  for (const [k, at] of [line.start, ...line.games].entries()) {
    const { violations } = gameStatus(plugin, instance, at);
    same(
      `the rules broken after ${k} moves of a completion`,
      violations.map((violation) => violation.message),
      [],
    );
  }
  const end = line.games[line.games.length - 1]!;
  const status = gameStatus(plugin, instance, end);
  same("the status after the completion's last move", { complete: status.complete, solved: status.solved }, { complete: true, solved: true });
  same('the status at the start (a completion was still to play)', gameStatus(plugin, instance, line.start).solved, false);
  const report = await judgeGame(plugin, instance, end, { mistake: true, hint: true });
  ensure(
    report.remaining >= 1 && report.mistake === undefined,
    `the referee counts ${report.remaining} completions of a solved position (at least itself), mistake ${String(report.mistake)}`,
  );
  same('the hint of a solved position', report.noHint, 'the puzzle is solved');
}

function checkCodes(plugin: AnyPlugin, game: ConformanceGame<unknown>, line: Line): void {
  const { instance } = game;
  // A game with an undone move, so the code carries the cursor too.
  const games = [line.start, line.games[line.games.length - 1]!, undoGame(plugin, instance, line.games[line.games.length - 1]!)];
  for (const played of games) {
    const code = gameCode(played);
    same(`the code ${short(code)} in a link`, encodeURIComponent(code), code);
    const read = startGame(plugin, instance, { code });
    same(`the game read from ${short(code)}`, read, played);
    same(`the code of the game read from ${short(code)}`, gameCode(read), code);
  }
}

/** Codes no host may open: malformed, out of bounds for this setup, or moves the rules refuse. */
function hostileCodes(game: Game): string[] {
  const seed = game.seed.toString(36);
  const { setup } = game;
  const far = (setup.kind === 'drops' ? setup.columns : boardCells(setup)).toString(36);
  const outside = setup.kind === 'marks' ? `m${far}-1` : setup.kind === 'pieces' ? `p${setup.tray.length.toString(36)}-0-0` : `d${far}-0`;
  return [
    '',
    'play',
    '2-1-0',
    `1-${seed}-1`,
    `1-${seed}-0.`,
    `1-${seed}-1.${outside}`,
    `1-${seed}-2.${outside}`,
    `1-${seed}-1.m0-zz`,
    `1-${seed}-1.q1-1`,
    `1-${seed}-0${'.l0'.repeat(20001)}`,
    `1-${seed}-0${'x'.repeat(MAX_GAME_CODE_LENGTH)}`,
  ];
}

function checkHostileCodes(plugin: AnyPlugin, game: ConformanceGame<unknown>, line: Line): void {
  for (const code of hostileCodes(line.start)) {
    const error = thrown(`the code ${JSON.stringify(short(code))}`, () => startGame(plugin, game.instance, { code }));
    ensure(isInputError(error), `the code ${JSON.stringify(short(code))} must be refused with an InputError, not ${String(error)}`);
    oneLine(`refusing the code ${JSON.stringify(short(code))}`, error.message);
  }
}

async function checkHints(plugin: AnyPlugin, game: ConformanceGame<unknown>, line: Line): Promise<void> {
  const { instance } = game;
  for (const at of [line.start, line.games[Math.floor((line.games.length - 1) / 2)]!]) {
    const report = await judgeGame(plugin, instance, at, { hint: true });
    if (!report.hint) {
      oneLine('saying why there is no hint', report.noHint ?? '');
      continue;
    }
    oneLine('the reason of a hint', report.hint.reason);
    const next = playMove(plugin, instance, at, report.hint.move);
    if (report.capped) continue;
    // Every completion left has the hinted move: making it keeps them all.
    same(`the completions left after the hint ${moveText(report.hint.move)}`, (await judgeGame(plugin, instance, next)).remaining, report.remaining);
  }
}

async function checkMistake(plugin: AnyPlugin, game: ConformanceGame<unknown>, wrong: NonNullable<ConformanceGame<unknown>['wrong']>): Promise<void> {
  const { instance } = game;
  const line = playLine(plugin, instance, startGame(plugin, instance, { seed: game.seed ?? 1 }), wrong.moves);
  const end = line.games[line.games.length - 1]!;
  same('the referee on the wrong line', pick(await judgeGame(plugin, instance, end, { mistake: true })), {
    remaining: 0,
    capped: false,
    mistake: wrong.mistake,
  });
  let back = end;
  for (let k = line.games.length; k >= wrong.mistake; k--) back = undoGame(plugin, instance, back);
  const report = await judgeGame(plugin, instance, back, { mistake: true });
  ensure(
    report.remaining > 0 && report.mistake === undefined,
    `undo to before the mistake (move ${wrong.mistake}) must bring completions back, not ${canonical(pick(report))}`,
  );
}

const pick = (report: RefereeReport) => ({
  remaining: report.remaining,
  capped: report.capped,
  mistake: report.mistake,
  hint: report.hint,
  noHint: report.noHint,
});

async function checkWorker(
  plugin: AnyPlugin,
  game: ConformanceGame<unknown>,
  line: Line,
  worker: NonNullable<PlayConformanceOptions<unknown>['worker']>,
): Promise<void> {
  const { instance } = game;
  const middle = Math.floor(line.games.length / 2);
  // Forward, back (an undo: the worker drops what it held beyond it) and along the wrong line.
  const positions: Game[] = [line.start, line.games[middle]!, line.games[line.games.length - 1]!, middle > 0 ? line.games[middle - 1]! : line.start];
  if (game.wrong) positions.push(playLine(plugin, instance, line.start, game.wrong.moves).games.at(-1)!);
  const client = new RefereeClient({ moduleUrl: worker.moduleUrl, pluginId: plugin.id, createWorker: worker.createWorker });
  try {
    for (const at of positions) {
      const ask: RefereeAsk = { mistake: true, hint: true };
      const there = await client.judge({ instance, seed: at.seed, moves: playedMoves(at.history), ask });
      const here = await judgeGame(plugin, instance, at, ask);
      same(`the worker's report after ${at.history.cursor} moves`, pick(there), pick(here));
    }
  } finally {
    client.close();
  }
}

/** The checks of one game, named after it. */
function gameChecks<I>(options: PlayConformanceOptions<I>, game: ConformanceGame<I>): ConformanceCheck[] {
  const { plugin } = options;
  const any = game as ConformanceGame<unknown>;
  let played: Promise<Line> | undefined;
  const line = () => (played ??= lineOf(plugin, any));
  const named = (what: string, run: (line: Line) => unknown): ConformanceCheck => ({
    name: `${plugin.title}, ${game.name}: ${what}`,
    run: async () => void (await run(await line())),
  });
  const checks = [
    named('makes the same game from the same seed, also from the instance a worker receives', () => checkDeterministic(plugin, any)),
    named('refuses moves outside the rules in one line, leaving the game as it was', (at) => checkRefusals(plugin, any, at)),
    named('takes undo and redo back to the exact positions and views', (at) => checkUndoRedo(plugin, any, at)),
    named('reads its game code back to the same game, undo cursor included', (at) => checkCodes(plugin, any, at)),
    named('refuses hostile game codes in one line', (at) => checkHostileCodes(plugin, any, at)),
  ];
  const setup = startGame(plugin, game.instance, { seed: game.seed ?? 1 }).setup;
  if (!judged(setup)) {
    checks.push({
      name: `${plugin.title}, ${game.name}: has nothing for a referee to count, and says so`,
      run: async () => {
        const error = await judgeGame(plugin, game.instance, startGame(plugin, game.instance, { seed: game.seed ?? 1 })).then(
          () => undefined,
          (failure: unknown) => failure,
        );
        ensure(
          error instanceof Error && error.message.includes('has nothing for a referee to count'),
          `judging a game whose setup says judged: false must fail, not ${String(error)}`,
        );
      },
    });
    return checks;
  }
  checks.push(
    named("plays a completion the plugin's referee finds to solved, breaking no rule on the way", (at) => checkSolved(plugin, any, at)),
    named('hints a legal move that keeps every completion, or says why not in one line', (at) => checkHints(plugin, any, at)),
  );
  const { wrong } = game;
  if (wrong)
    checks.push(named(`names move ${wrong.mistake} of a wrong line as the mistake, and undo brings completions back`, () => checkMistake(plugin, any, wrong)));
  const { worker } = options;
  if (worker)
    checks.push(
      named('judges in a referee worker exactly as in this thread', (at) =>
        checkWorker(plugin, any, at, worker as NonNullable<PlayConformanceOptions<unknown>['worker']>),
      ),
    );
  return checks;
}

/**
 * The checks every play mode must pass, one list for the plugin's test to run with its own runner:
 * `for (const check of playConformance({ plugin, games })) it(check.name, check.run)`. Each game
 * gets its own checks; a judged game's referee must find a completion of it quickly.
 */
export function playConformance<I>(options: PlayConformanceOptions<I>): ConformanceCheck[] {
  if (!options.plugin.play) throw new ConformanceError(`${options.plugin.title} has no play mode`);
  if (options.games.length === 0) throw new ConformanceError('playConformance needs at least one game to play');
  const checks = options.games.flatMap((game) => gameChecks(options, game));
  for (const { name, instance, message } of options.unplayable ?? []) {
    checks.push({
      name: `${options.plugin.title}, ${name}: refuses to be played, in one line`,
      run: async () => {
        const error = thrown(`playing ${name}`, () => startGame(options.plugin, instance));
        ensure(isInputError(error), `refusing ${name} must be an InputError, not ${String(error)}`);
        same(`refusing ${name}`, error.message, message);
        oneLine(`refusing ${name}`, error.message);
      },
    });
  }
  return checks;
}
