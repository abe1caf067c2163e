// The Play tab's screen: a game of the shown puzzle, driven only by the plugin's play contract.
// Moves go through core (playMove, undoGame, redoGame), the rules are checked at once on this
// thread (gameStatus), and the referee counts what remains in a worker after every move (the next
// move cancels it), names the mistake once nothing remains, and gives hints. Progress is kept per
// puzzle in localStorage; the time played runs while the game is on screen.
import { mergePalette, type GridEditorSpec } from '@kit/core';
import {
  initialPosition,
  PlayMoveError,
  type PlayHint,
  type PlayMove,
  RefereeClient,
  gameCode,
  gameStatus,
  playMove,
  playSetup,
  playedMoves,
  redoGame,
  remainingText,
  startGame,
  undoGame,
  canRedo,
  canUndo,
  type Game,
  type GameStatus,
  type RefereeAsk,
  type RefereeReport,
} from '@kit/core/play';
import { type Grade, type GradeStep, MakerClient, readGeneratorSize } from '@kit/core/make';
import { AbortedError, parseOptions, type RawOptions, type RegisteredPlugin } from '@kit/core/host';
import { h } from '../dom.js';
import { errorText } from '../errors.js';
import type { ModeRequest } from '../page-mode.js';
import { LIMIT_FIELD, DELAY_FIELD } from '../form-fields.js';
import { DropsBoard } from './drops-board.js';
import { editableNow, editedValues, editorFor } from './board-editing.js';
import { GameStore, puzzleIdentity } from './game-store.js';
import { inWords, madeInUrl, madeSearch, sampleMade, wantsMade, type MadeGame } from './made-game.js';
import { NewGamePanel } from './new-game-panel.js';
import { SolutionPath } from './solution-path.js';
import { sampleValues, sampleWithValues } from '../samples.js';
import { MarksBoard } from './marks-board.js';
import { PiecesBoard } from './pieces-board.js';
import type { BoardEditing, BoardHost, Highlights, PlayBoard } from './play-board.js';
import { PlayLinks } from './play-links.js';
import { choosePuzzle, puzzleInstance, type PlayPuzzle } from './play-puzzle.js';
import { PlayTimer } from './play-timer.js';
import { gameInUrl, isPlayEntry, playSearch, PLAY_ENTRY, wantsPlay, withoutPlay } from './play-url.js';
import { moveCells, moveWords, remainingWords } from './play-words.js';
import { RefereePanel } from './referee-panel.js';
import type { PageWorkers } from '../page-workers.js';

/** Pause between the steps a drop sets off, unless the plugin gives its own. */
const PLAY_STEP_DELAY_MS = 300;

interface Current {
  registered: RegisteredPlugin;
  puzzle: PlayPuzzle;
  instance: unknown;
  game: Game;
  status: GameStatus;
  board: PlayBoard;
  client: RefereeClient;
  highlights: Highlights;
  /** The elapsed time when it was solved, while it stays solved. */
  solvedMs: number | undefined;
  /** What the generator was asked for, when the plugin made this puzzle. */
  made: MadeGame | undefined;
  /** The grader's path, once asked for (Show the solution path, or a hint). */
  grade: Promise<Grade> | undefined;
}

const NO_HIGHLIGHTS: Highlights = { mistake: [], hint: [] };

function storage(): GameStore {
  try {
    return new GameStore(window.localStorage);
  } catch {
    // A browser that forbids storage throws on the property itself.
    return new GameStore(undefined);
  }
}

export class PlayScreen {
  readonly #panel: HTMLElement;
  readonly #store = storage();
  readonly #timer = new PlayTimer();
  readonly #referee = new RefereePanel();
  readonly #links = new PlayLinks();
  readonly #examples = h('select', { id: 'play-example' });
  readonly #undo = h('button', { type: 'button', id: 'play-undo', title: 'Ctrl+Z' }, 'Undo');
  readonly #redo = h('button', { type: 'button', id: 'play-redo', title: 'Ctrl+Shift+Z or Ctrl+Y' }, 'Redo');
  readonly #restart = h('button', { type: 'button', id: 'play-restart', title: 'Take every move back (Redo plays them again)' }, 'Start over');
  readonly #hintButton = h('button', { type: 'button', id: 'play-hint-button', class: 'primary' }, 'Hint');
  readonly #shuffle = h('button', { type: 'button', id: 'play-shuffle', hidden: true, title: 'A new random queue' }, 'New queue');
  readonly #boardHolder = h('div', { class: 'play-stage' });
  readonly #problem = h('p', { id: 'play-problem', class: 'error', role: 'alert' });
  readonly #newGame = new NewGamePanel({ make: (game) => this.#makeGame(game, true), cancel: () => this.#cancelMaking() });
  readonly #path = new SolutionPath({ ask: () => this.#showPath(), preview: (count, step) => this.#preview(count, step), closed: () => this.#drawCurrent() });
  /** The plugin's maker (generate, grade), one worker, for the plugin shown. */
  #maker: { registered: RegisteredPlugin; client: MakerClient } | undefined;
  /** Aborts the puzzle being made. */
  #making: AbortController | undefined;
  #current: Current | undefined;
  /** Answers to older questions are dropped. */
  #asked = 0;
  #tick: ReturnType<typeof setInterval> | undefined;
  #shown = false;
  /** When the position on screen was drawn (a move, undo or redo), for the `kit:remaining` measure. */
  #shownAt = 0;

  constructor(
    panel: HTMLElement,
    /** The page's supply (main bundle: it names the workers' files): the maker's workers and the referee's. */
    private readonly workers: PageWorkers,
  ) {
    this.#panel = panel;
    this.#undo.addEventListener('click', () => this.undo());
    this.#redo.addEventListener('click', () => this.redo());
    this.#restart.addEventListener('click', () => this.#startOver());
    this.#hintButton.addEventListener('click', () => this.#askHint());
    this.#shuffle.addEventListener('click', () => this.#newQueue());
    this.#examples.addEventListener('change', () => {
      const registered = this.#current?.registered;
      if (registered && this.#examples.value) this.open(registered, { values: {}, example: this.#examples.value }, true);
    });
    const controls = h(
      'section',
      { class: 'controls play-controls', 'aria-label': 'Game' },
      h('div', { class: 'field examples' }, h('label', { for: 'play-example' }, 'example'), this.#examples),
      h('div', { class: 'actions play-actions' }, this.#undo, this.#redo, this.#restart),
      h('div', { class: 'actions play-actions' }, this.#hintButton, this.#shuffle),
      this.#path.element,
      this.#newGame.element,
      this.#links.element,
      h('p', { class: 'board-help' }, 'Ctrl+Z undoes a move, Ctrl+Shift+Z or Ctrl+Y plays it again. Progress is kept in this browser.'),
    );
    panel.replaceChildren(
      h(
        'div',
        { class: 'layout play-layout' },
        controls,
        h('section', { class: 'stage', 'aria-label': 'Board' }, this.#problem, this.#referee.element, this.#boardHolder),
      ),
    );
    document.addEventListener('keydown', (event) => this.#historyKeys(event));
    document.addEventListener('visibilitychange', () => {
      this.#timer.setVisible(document.visibilityState === 'visible');
      this.#save();
    });
    window.addEventListener('pagehide', () => this.#save());
  }

  /** Shows a puzzle in play; `picked`: chosen from the example menu (the address follows without a new entry). */
  open(registered: RegisteredPlugin, request: ModeRequest, picked = false): void {
    const { plugin } = registered;
    this.#shown = true;
    this.#newGame.setPlugin(plugin.id, plugin.generator);
    let linkProblem: string | undefined;
    if (!picked && request.example === undefined && wantsPlay(location.search) && wantsMade(location.search)) {
      const made = madeInUrl(location.search, plugin.id, plugin.generator, new Date());
      if (typeof made === 'object') {
        const current = this.#current;
        if (
          current?.registered === registered &&
          current.made &&
          madeSearch(plugin.id, current.made) === madeSearch(plugin.id, made) &&
          !gameInUrl(location.search)
        ) {
          this.#carryOn(current, false);
        } else this.#makeGame(made, false, registered);
        return;
      }
      // A link whose game cannot be made opens the first example, saying why.
      if (typeof made === 'string') linkProblem = `This link's new game cannot be made: ${made}.`;
    }
    this.#cancelMaking();
    const { puzzle, problems } = linkProblem ? choosePuzzle(plugin, { values: {} }, '') : choosePuzzle(plugin, request, location.search);
    if (linkProblem) problems.unshift(linkProblem);
    const current = this.#current;
    if (
      current &&
      current.registered === registered &&
      current.made === undefined &&
      current.puzzle.identity === puzzle.identity &&
      !gameInUrl(location.search)
    ) {
      this.#carryOn(current, picked);
      return;
    }
    this.#begin(registered, puzzle, problems, picked, undefined);
  }

  /** The same game (a tab switch, Back and Forward): carry on where it was. */
  #carryOn(current: Current, picked: boolean): void {
    this.#enterHistory(this.#puzzleSearch(current), picked);
    this.#show(false);
    this.#resume();
  }

  /**
   * Starts a game of this puzzle (made by the generator when `made` says how). `edited`: the
   * puzzle is a board just edited in place, played afresh with this seed (no stored progress).
   */
  #begin(registered: RegisteredPlugin, puzzle: PlayPuzzle, problems: string[], picked: boolean, made: MadeGame | undefined, edited?: { seed: number }): void {
    const { plugin } = registered;
    this.#close();
    this.#problem.textContent = problems.join('\n');
    this.#fillExamples(registered, puzzle.example);
    this.#newGame.show(made);
    this.#path.reset(plugin.grader?.levels);
    const palette = mergePalette(plugin.palette);
    let instance: unknown;
    let game: Game;
    const notes: string[] = [];
    try {
      instance = puzzleInstance(plugin, puzzle.values, palette);
      if (edited) this.#timer.reset(0);
      game = edited ? startGame(plugin, instance, { seed: edited.seed }) : this.#startGame(registered, instance, puzzle, notes);
    } catch (error) {
      // An example that makes a puzzle (its options ask to generate) is played as a new game.
      const sample = made === undefined ? plugin.samples?.find((each) => each.name === puzzle.example) : undefined;
      const fromSample = sample && plugin.generator ? sampleMade(sample, plugin.generator) : undefined;
      const other = plugin.generator ? 'Choose another example, or make a new game.' : 'Choose another example.';
      const refuse = (reason: string) => {
        this.#problem.textContent = [...problems, `This ${puzzle.example ? 'example' : 'puzzle'} cannot be played: ${reason}. ${other}`]
          .filter(Boolean)
          .join('\n');
      };
      if (fromSample) {
        // A made example that the generator refuses (a pattern of another level) says so where the board would be.
        this.#makeGame(fromSample, picked, registered, refuse);
        return;
      }
      refuse(inWords(errorText(error)));
      this.#boardHolder.replaceChildren();
      this.#referee.element.hidden = true;
      this.#path.reset(undefined);
      this.#setButtons(undefined);
      this.#links.set(playSearch(plugin.id, puzzle.values), playSearch(plugin.id, puzzle.values));
      this.#enterHistory(playSearch(plugin.id, puzzle.values), picked);
      return;
    }
    this.#referee.element.hidden = false;
    this.workers.stockReferees(registered.origin.moduleUrl);
    const client = new RefereeClient({ moduleUrl: registered.origin.moduleUrl, pluginId: plugin.id, workers: this.workers });
    const setup = game.setup;
    const editing = this.#editing(registered, instance, game);
    const host: BoardHost = {
      palette,
      play: (move) => this.#play([move]),
      playAll: (moves) => this.#play(moves),
      say: (message) => this.#referee.say(message),
      ...(editing ? { editing } : {}),
    };
    const board: PlayBoard =
      setup.kind === 'marks'
        ? new MarksBoard(setup, host)
        : setup.kind === 'pieces'
          ? new PiecesBoard(setup, host)
          : new DropsBoard(setup, host, plugin.stepDelayMs ?? PLAY_STEP_DELAY_MS);
    this.#boardHolder.replaceChildren(board.element);
    this.#boardHolder.dataset['kind'] = setup.kind;
    const status = gameStatus(plugin, instance, game);
    this.#current = { registered, puzzle, instance, game, status, board, client, highlights: NO_HIGHLIGHTS, solvedMs: undefined, made, grade: undefined };
    this.#shuffle.hidden = !this.#seedMatters(registered, instance);
    this.#referee.say(notes.join(' '));
    this.#enterHistory(this.#puzzleSearch(this.#current), picked);
    this.#show(false);
    this.#resume();
  }

  /** Editing the board in place, when the plugin's play mode gives its positions as one of its editors' grids. */
  #editing(registered: RegisteredPlugin, instance: unknown, game: Game): BoardEditing | undefined {
    const { plugin } = registered;
    const spec = editorFor(plugin, instance, game.setup, [game.position, initialPosition(game.setup)]);
    if (!spec) return undefined;
    return {
      spec,
      current: () => {
        const current = this.#current;
        if (!current || current.registered !== registered) return undefined;
        return editableNow(plugin, spec, current.instance, current.game.setup, current.game.position, current.status.view.frame.cells.length);
      },
      commit: (text) => this.#playEdited(registered, spec, text),
    };
  }

  /** The edited board played as the puzzle: its values in the address, a new game with the same seed (the same queue). */
  #playEdited(registered: RegisteredPlugin, spec: GridEditorSpec, text: string): boolean {
    const current = this.#current;
    if (!current || current.registered !== registered) return false;
    const { plugin } = registered;
    let values: Record<string, string>;
    try {
      values = editedValues(spec, current.puzzle.values, text);
      puzzleInstance(plugin, values, mergePalette(plugin.palette));
    } catch (error) {
      this.#referee.say(`The edited ${spec.label.toLowerCase()} cannot be played: ${inWords(errorText(error))}.`);
      return false;
    }
    const example = sampleWithValues(plugin, values, [LIMIT_FIELD, DELAY_FIELD])?.name;
    this.#begin(registered, { values, example, identity: puzzleIdentity(plugin.id, values) }, [], true, undefined, { seed: current.game.seed });
    this.#current?.board.focus();
    return true;
  }

  /** Another mode or puzzle takes the page: stop the clock and the referee, keep the progress. */
  leave(): void {
    if (!this.#shown) return;
    this.#shown = false;
    this.#timer.setActive(false);
    this.#save();
    clearInterval(this.#tick);
    this.#tick = undefined;
    this.#current?.client.close();
    this.#cancelMaking();
    // The maker's worker is let go too; the next New game or grade starts a fresh one.
    this.#maker?.client.close();
    this.#maker = undefined;
    if (wantsPlay(location.search)) {
      const left = location.search;
      const pushed = isPlayEntry(history.state);
      history.replaceState(null, '', withoutPlay(left));
      // A switch to Solve on the same puzzle returns to the entry the Play tab was entered from,
      // so Back and Forward keep meaning "out of play" and "into play"; another puzzle stays put.
      const puzzle = new URLSearchParams(left).get('puzzle');
      setTimeout(() => {
        if (pushed && !this.#shown && new URLSearchParams(location.search).get('puzzle') === puzzle && !wantsPlay(location.search)) history.back();
      });
    }
  }

  undo(): void {
    const current = this.#current;
    if (!current) return;
    this.#setGame(undoGame(current.registered.plugin, current.instance, current.game), false);
  }

  redo(): void {
    const current = this.#current;
    if (!current) return;
    this.#setGame(redoGame(current.registered.plugin, current.instance, current.game), false);
  }

  // --- the game ------------------------------------------------------------------------------

  /** A new game, the link's position, or the one this browser kept (each checked by replaying it). */
  #startGame(registered: RegisteredPlugin, instance: unknown, puzzle: PlayPuzzle, notes: string[]): Game {
    const { plugin } = registered;
    const fromLink = wantsPlay(location.search) ? gameInUrl(location.search) : undefined;
    if (fromLink !== undefined) {
      try {
        const game = startGame(plugin, instance, { code: fromLink });
        this.#timer.reset(0);
        return game;
      } catch (error) {
        notes.push(`The link's position could not be read (${errorText(error)}); here is the puzzle from the start.`);
      }
    }
    const saved = fromLink === undefined ? this.#store.load(puzzle.identity) : { kind: 'none' as const };
    if (saved.kind === 'unreadable') notes.push(`${saved.problem[0]!.toUpperCase()}${saved.problem.slice(1)}.`);
    if (saved.kind === 'saved') {
      try {
        const game = startGame(plugin, instance, { code: saved.game.code });
        this.#timer.reset(saved.game.elapsedMs);
        return game;
      } catch (error) {
        this.#store.forget(puzzle.identity);
        notes.push(`The progress kept in this browser could not be replayed (${errorText(error)}); starting afresh.`);
      }
    }
    this.#timer.reset(0);
    return startGame(plugin, instance);
  }

  /** Plays moves made as one gesture; false (and the reason said) when one is refused. */
  #play(moves: readonly PlayMove[]): boolean {
    const current = this.#current;
    if (!current) return false;
    let game = current.game;
    try {
      for (const move of moves) game = playMove(current.registered.plugin, current.instance, game, move);
    } catch (error) {
      if (!(error instanceof PlayMoveError)) throw error;
      this.#referee.say(error.message);
      return false;
    }
    if (game !== current.game) this.#setGame(game, true);
    return true;
  }

  #startOver(): void {
    const current = this.#current;
    if (!current || current.game.history.cursor === 0) return;
    const { game } = current;
    this.#setGame({ ...game, history: { moves: game.history.moves, cursor: 0 }, position: initialPosition(game.setup) }, false);
  }

  /** A new random queue: a new game (the old one stays reachable by nothing but its link). */
  #newQueue(): void {
    const current = this.#current;
    if (!current) return;
    const seed = 1 + Math.floor(Math.random() * 0xfffffffe);
    this.#timer.reset(0);
    this.#setGame(startGame(current.registered.plugin, current.instance, { seed }), false);
  }

  /** True when the plugin's setup changes with the seed (a random queue), so a new queue means something. */
  #seedMatters(registered: RegisteredPlugin, instance: unknown): boolean {
    if (this.#current?.game.setup.kind !== 'drops') return false;
    try {
      const a = playSetup(registered.plugin, instance, 1);
      const b = playSetup(registered.plugin, instance, 2);
      return JSON.stringify(a) !== JSON.stringify(b);
    } catch {
      return false;
    }
  }

  #setGame(game: Game, fresh: boolean): void {
    const current = this.#current;
    if (!current || game === current.game) return;
    current.game = game;
    this.#path.close();
    this.#referee.say('');
    this.#show(fresh);
    this.#save();
  }

  /** Draws the position, checks its rules, and asks the referee. */
  #show(fresh: boolean): void {
    const current = this.#current!;
    this.#shownAt = performance.now();
    const { plugin } = current.registered;
    current.status = gameStatus(plugin, current.instance, current.game);
    current.highlights = NO_HIGHLIGHTS;
    current.board.draw({ game: current.game, status: current.status, highlights: current.highlights, fresh });
    this.#referee.violations(current.status.violations);
    this.#referee.mistake(undefined);
    this.#referee.hint(undefined);
    if (current.status.solved) current.solvedMs ??= this.#timer.elapsedMs;
    else current.solvedMs = undefined;
    this.#referee.solved(current.solvedMs);
    this.#timer.setActive(this.#shown && !current.status.solved);
    this.#referee.time(current.solvedMs ?? this.#timer.elapsedMs);
    this.#setButtons(current.game);
    const code = gameCode(current.game);
    if (current.made) this.#links.set(madeSearch(plugin.id, current.made), madeSearch(plugin.id, current.made, code));
    else this.#links.set(playSearch(plugin.id, current.puzzle.values), playSearch(plugin.id, current.puzzle.values, code));
    this.#links.outside(current.status.view.links);
    const judged = current.game.setup.judged !== false;
    this.#referee.judged(judged, current.game.setup.kind);
    if (judged) this.#judge({ mistake: true });
  }

  #setButtons(game: Game | undefined): void {
    this.#undo.disabled = !game || !canUndo(game.history);
    this.#redo.disabled = !game || !canRedo(game.history);
    this.#restart.disabled = !game || game.history.cursor === 0;
    // A setup with nothing to count (a chain builder with no goal) has no referee, so no hint; the
    // plugin's own `deduce` may still suggest a move there (Suggest: a placement for the best chain).
    const free = game?.setup.judged === false;
    const suggests = free && this.#current?.registered.plugin.play?.deduce !== undefined;
    this.#hintButton.hidden = free && !suggests;
    this.#hintButton.textContent = suggests ? 'Suggest' : 'Hint';
    this.#hintButton.disabled = !game;
  }

  // --- the referee ---------------------------------------------------------------------------

  #judge(ask: RefereeAsk): void {
    const current = this.#current;
    if (!current) return;
    const asked = ++this.#asked;
    const game = current.game;
    this.#referee.counting();
    current.client.judge({ instance: current.instance, seed: game.seed, moves: playedMoves(game.history), ask }).then(
      (report) => {
        if (asked === this.#asked && this.#current === current && current.game === game) this.#judged(current, report, ask);
      },
      (error: unknown) => {
        if (error instanceof AbortedError || asked !== this.#asked || this.#current !== current) return;
        this.#referee.failed(`The referee could not judge this position: ${errorText(error)}`);
      },
    );
  }

  #judged(current: Current, report: RefereeReport, ask: RefereeAsk): void {
    this.#referee.counted(remainingText(report), remainingWords(report));
    // From the move to the frame that shows its count: what the benchmark (bench/play.mjs) reports.
    if (!ask.hint) {
      const start = this.#shownAt;
      requestAnimationFrame(() => performance.measure('kit:remaining', { start, end: performance.now() }));
    }
    const setup = current.game.setup;
    const moves = playedMoves(current.game.history);
    let highlights: Highlights = NO_HIGHLIGHTS;
    if (report.mistake !== undefined) {
      const move = moves[report.mistake - 1];
      if (report.mistake === 0 || !move) this.#referee.mistake(0, 'This puzzle has no solution, even from the start.');
      else {
        this.#referee.mistake(report.mistake, `Move ${report.mistake} was the mistake: ${moveWords(setup, move)}.`);
        highlights = { ...highlights, mistake: moveCells(setup, move), ...(move.type === 'drop' ? { dropMistake: move } : {}) };
      }
    }
    if (ask.hint) {
      if (report.hint) {
        this.#showHint(report.hint);
        highlights = { ...highlights, hint: moveCells(setup, report.hint.move), ...(report.hint.move.type === 'drop' ? { dropHint: report.hint.move } : {}) };
      } else this.#referee.hint(`No hint: ${report.noHint ?? 'the referee found none'}.`);
    }
    current.highlights = highlights;
    current.board.highlight(highlights);
  }

  #askHint(): void {
    const current = this.#current;
    if (!current) return;
    if (current.game.setup.judged === false) return this.#suggest(current);
    this.#referee.hint('Looking for a hint…');
    // With a grader, the hint names the rule of the path's step that makes its move: the path is
    // asked for first (once a game), and a hint is given without a rule if it cannot be had.
    const path = current.registered.plugin.grader ? this.#gradeOf(current) : undefined;
    if (!path) return this.#judge({ mistake: true, hint: true });
    const game = current.game;
    path
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        if (this.#current === current && current.game === game) this.#judge({ mistake: true, hint: true });
      });
  }

  /**
   * Free play: the plugin's `deduce` suggests a move from the position as it stands. It runs in this
   * thread, after the "Thinking" line is drawn, as `check` does: a plugin keeps it to a quick search.
   */
  #suggest(current: Current): void {
    const deduce = current.registered.plugin.play?.deduce;
    if (!deduce) return;
    const game = current.game;
    this.#referee.hint('Thinking…');
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (this.#current !== current || current.game !== game) return;
        let hint: PlayHint | undefined;
        try {
          hint = deduce(current.instance, game.setup, game.position);
        } catch (error) {
          this.#referee.hint(`No suggestion: ${inWords(errorText(error))}.`);
          return;
        }
        if (!hint) return this.#referee.hint('No suggestion from here.');
        this.#writeHint(hint, undefined, 'Suggest');
        const move = hint.move;
        current.highlights = { ...NO_HIGHLIGHTS, hint: moveCells(game.setup, move), ...(move.type === 'drop' ? { dropHint: move } : {}) };
        current.board.highlight(current.highlights);
      }),
    );
  }

  /** The path's step that makes this move and is not made yet in the position, if the path is known. */
  async #ruleOf(current: Current, move: PlayMove): Promise<GradeStep | undefined> {
    const grade = await current.grade?.catch(() => undefined);
    const position = current.game.position;
    const setup = current.game.setup;
    const cellsOf = (cells: readonly number[]) => [...cells].sort((a, b) => a - b).join(' ');
    // A piece is the same placement when it covers the same cells: a grader and the referee may
    // name one placement by different orientations or anchors (a symmetric piece's turns).
    const covered = (placement: PlayMove) => `${placement.type === 'place' ? placement.piece : ''}:${cellsOf(moveCells(setup, placement))}`;
    const same = (other: PlayMove) =>
      move.type === 'place' && other.type === 'place' ? covered(other) === covered(move) : JSON.stringify(other) === JSON.stringify(move);
    const made = (other: PlayMove) => other.type === 'mark' && position.kind === 'marks' && position.marks[other.cell] === other.value;
    // A step that names no moves (a grader that speaks in cells) makes a placement covering its cells.
    const decides = (step: GradeStep) =>
      step.moves ? step.moves.some(same) && !step.moves.every(made) : move.type === 'place' && cellsOf(step.cells) === cellsOf(moveCells(setup, move));
    return grade?.steps.find(decides);
  }

  #showHint(hint: PlayHint): void {
    const current = this.#current!;
    const game = current.game;
    if (current.grade) {
      void this.#ruleOf(current, hint.move).then((step) => {
        if (this.#current === current && current.game === game) this.#writeHint(hint, step);
      });
    } else this.#writeHint(hint, undefined);
  }

  #writeHint(hint: PlayHint, step: GradeStep | undefined, word = 'Hint'): void {
    const setup = this.#current!.game.setup;
    const move = hint.move;
    const data: Record<string, string> = { basis: hint.basis, move: move.type };
    if ((move.type === 'mark' || move.type === 'note') && setup.kind === 'marks') {
      Object.assign(data, { row: String(Math.floor(move.cell / setup.width)), col: String(move.cell % setup.width), mark: move.value });
    } else if (move.type === 'place' && setup.kind === 'pieces') {
      Object.assign(data, { piece: setup.tray[move.piece]?.name ?? '', cells: moveCells(setup, move).join(' ') });
    } else if (move.type === 'drop') {
      Object.assign(data, { column: String(move.column), rotation: String(move.rotation) });
    }
    // A hint the path explains gives the path's sentence and rule: the same deduction a person reads there.
    if (step) data['rule'] = step.rule;
    const rule = step ? ` (${step.rule})` : '';
    const reason = step ? step.text.replace(/\.$/, '') : hint.reason;
    this.#referee.hint(`${word}${rule}: ${moveWords(setup, move)}. ${reason[0]!.toUpperCase()}${reason.slice(1)}.`, data);
  }

  // --- made puzzles and the solution path ----------------------------------------------------

  #makerFor(registered: RegisteredPlugin): MakerClient {
    if (this.#maker?.registered !== registered) {
      this.#maker?.client.close();
      const client = new MakerClient({ moduleUrl: registered.origin.moduleUrl, pluginId: registered.plugin.id, workers: this.workers });
      this.#maker = { registered, client };
    }
    return this.#maker.client;
  }

  /** Makes a puzzle in the worker, then plays it; `picked`: from the page's own controls (no new history entry). */
  #makeGame(made: MadeGame, picked: boolean, registered = this.#current?.registered, refuse?: (reason: string) => void): void {
    const generator = registered?.plugin.generator;
    if (!registered || !generator) return;
    this.#cancelMaking();
    const { plugin } = registered;
    let request;
    try {
      const raw: RawOptions = {};
      for (const spec of generator.parameters ?? []) {
        const text = made.parameters[spec.name];
        if (text !== undefined) raw[spec.name] = spec.type === 'file' ? { name: spec.name, text } : text;
      }
      const size = made.size === undefined || !generator.size ? undefined : readGeneratorSize(made.size, generator.size);
      if (typeof size === 'string') throw new Error(size);
      request = { seed: made.seed, difficulty: made.difficulty, size, parameters: parseOptions(generator.parameters ?? [], raw) };
    } catch (error) {
      this.#newGame.done(`No puzzle made: ${inWords(errorText(error))}.`);
      refuse?.(inWords(errorText(error)));
      return;
    }
    const making = new AbortController();
    this.#making = making;
    this.#newGame.making();
    this.#makerFor(registered)
      .generate(request, { signal: making.signal, onProgress: (tries) => this.#newGame.progress(tries) })
      .then(
        (puzzle) => {
          if (this.#making !== making) return;
          this.#making = undefined;
          let values: Record<string, string>;
          try {
            // A plugin whose file holds more than its editor reads gives the form's input and options.
            const form = puzzle.form ?? { input: puzzle.input, options: {} };
            values = sampleValues(plugin, {
              name: 'made',
              title: 'made',
              ...(form.input !== undefined ? { input: form.input } : {}),
              options: { ...form.options },
            });
          } catch (error) {
            this.#newGame.done(`The made puzzle could not be read: ${inWords(errorText(error))}.`);
            return;
          }
          const tries = puzzle.tries === undefined ? '' : ` after ${puzzle.tries} ${puzzle.tries === 1 ? 'try' : 'tries'}`;
          this.#newGame.done(`Made${tries}.`);
          const shown = { ...made, difficulty: puzzle.difficulty };
          this.#begin(
            registered,
            { values, example: undefined, identity: puzzleIdentity(plugin.id, { ...values, made: madeSearch(plugin.id, made) }) },
            [],
            picked,
            shown,
          );
        },
        (error: unknown) => {
          if (this.#making !== making) return;
          this.#making = undefined;
          this.#newGame.done(error instanceof AbortedError ? 'Cancelled.' : `No puzzle made: ${inWords(errorText(error))}.`);
          if (!(error instanceof AbortedError)) refuse?.(inWords(errorText(error)));
        },
      );
  }

  #cancelMaking(): void {
    const making = this.#making;
    if (!making) return;
    this.#making = undefined;
    making.abort();
    this.#newGame.done('Cancelled.');
  }

  #gradeOf(current: Current): Promise<Grade> {
    if (current.grade) return current.grade;
    const grade = this.#makerFor(current.registered).grade(current.instance);
    current.grade = grade;
    // A grade that failed (or was ended with the page's leaving) is asked for again next time.
    grade.catch(() => {
      if (current.grade === grade) current.grade = undefined;
    });
    return grade;
  }

  #showPath(): void {
    const current = this.#current;
    if (!current) return;
    this.#path.grading();
    this.#gradeOf(current).then(
      (grade) => {
        if (this.#current === current) this.#path.graded(grade);
      },
      (error: unknown) => {
        if (this.#current !== current) return;
        current.grade = undefined;
        this.#path.failed(`The path could not be found: ${inWords(errorText(error))}.`);
      },
    );
  }

  /** The board after the path's first `count` steps, from the start of the puzzle, the last step's cells picked out. */
  #preview(count: number, step: GradeStep | undefined): void {
    const current = this.#current;
    const grade = current?.grade;
    if (!current || !grade) return;
    const { plugin } = current.registered;
    void grade.then((found) => {
      if (this.#current !== current) return;
      let game = startGame(plugin, current.instance, { seed: current.game.seed });
      for (const each of found.steps.slice(0, count)) {
        for (const move of each.moves ?? []) {
          try {
            game = playMove(plugin, current.instance, game, move);
          } catch {
            // A move the board refuses is left out; the step's sentence still says what it decides.
          }
        }
      }
      current.board.draw({ game, status: gameStatus(plugin, current.instance, game), highlights: { mistake: [], hint: step?.cells ?? [] }, fresh: false });
      current.board.element.dataset['preview'] = String(count);
    });
  }

  /** The game again, as it was before the path was shown. */
  #drawCurrent(): void {
    const current = this.#current;
    if (!current) return;
    delete current.board.element.dataset['preview'];
    current.board.draw({ game: current.game, status: current.status, highlights: current.highlights, fresh: false });
  }

  #puzzleSearch(current: Current): string {
    const id = current.registered.plugin.id;
    return current.made ? madeSearch(id, current.made) : playSearch(id, current.puzzle.values);
  }

  // --- time, storage, the address ------------------------------------------------------------

  #resume(): void {
    const current = this.#current;
    this.#timer.setVisible(document.visibilityState === 'visible');
    this.#timer.setActive(current !== undefined && !current.status.solved);
    clearInterval(this.#tick);
    this.#tick = setInterval(() => {
      const now = this.#current;
      if (now) this.#referee.time(now.solvedMs ?? this.#timer.elapsedMs);
    }, 1000);
  }

  #save(): void {
    const current = this.#current;
    if (!current) return;
    this.#store.save(current.puzzle.identity, { code: gameCode(current.game), elapsedMs: current.solvedMs ?? this.#timer.elapsedMs });
  }

  /**
   * The address shows the puzzle in play. Entering play from Solve adds a history entry, so Back
   * leaves play and not the page; a link opened straight into play gets the Solve entry under it.
   */
  #enterHistory(target: string, picked: boolean): void {
    if (picked) history.replaceState(history.state, '', target);
    else if (!wantsPlay(location.search)) history.pushState(PLAY_ENTRY, '', target);
    else if (!isPlayEntry(history.state)) {
      history.replaceState(null, '', withoutPlay(location.search));
      history.pushState(PLAY_ENTRY, '', target);
    } else history.replaceState(PLAY_ENTRY, '', target);
  }

  #fillExamples(registered: RegisteredPlugin, selected: string | undefined): void {
    const samples = registered.plugin.samples ?? [];
    this.#examples.replaceChildren(
      h('option', { value: '' }, samples.length ? 'Choose an example…' : 'No examples'),
      ...samples.map((sample) => h('option', { value: sample.name }, sample.title)),
    );
    this.#examples.value = selected ?? '';
    this.#examples.closest('.field')?.toggleAttribute('hidden', samples.length === 0);
  }

  #close(): void {
    const current = this.#current;
    if (!current) return;
    this.#save();
    current.client.close();
    this.workers.stockReferees(undefined);
    current.board.dispose();
    this.#current = undefined;
  }

  #historyKeys(event: KeyboardEvent): void {
    if (!this.#shown || this.#panel.hidden || !(event.ctrlKey || event.metaKey) || event.altKey) return;
    if ((event.target as HTMLElement).closest?.('input, textarea, select')) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) this.undo();
    else if ((key === 'z' && event.shiftKey) || key === 'y') this.redo();
    else return;
    event.preventDefault();
  }
}
