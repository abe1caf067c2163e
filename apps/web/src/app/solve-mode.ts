// Solve: the form built from the plugin's options and editors, Run, the run's status, the viewer
// with its step player, and the solutions found. The page's first mode (see page-mode.ts).
import { mergePalette, type JsonValue } from '@kit/core';
import type { RegisteredPlugin } from '@kit/core/host';
import { h, setStyleProperty } from './dom.js';
import { DrawScheduler, type AfterDraw } from './draw-scheduler.js';
import { EditHistory } from './edit-history.js';
import { ExamplePicker } from './example-picker.js';
import { headline, type Headline } from './headline.js';
import { DELAY_FIELD, LIMIT_FIELD } from './form-fields.js';
import { buildOptionForm, type OptionForm } from './option-form.js';
import type { ModeRequest, PageMode } from './page-mode.js';
import { pageErrorText } from './page-words.js';
import { PlaybackControls } from './playback-controls.js';
import { prepareRun, type PreparedRun } from './prepare-run.js';
import { ResultCounters } from './result-counters.js';
import { RunBar } from './run-bar.js';
import { RunSession } from './run-session.js';
import { findSample, sampleValues, sampleWithValues } from './samples.js';
import { SolutionList } from './solution-list.js';
import { SolutionNav } from './solution-nav.js';
import { StepPlayer } from './step-player.js';
import { SummaryView } from './summary-view.js';
import { stateSearch, writeState } from './url-state.js';
import { Viewer, type ViewerKind } from './viewer.js';
import type { PageWorkers } from './page-workers.js';

/** Per display frame: enough for several thumbnails, short enough that worker messages are answered promptly. */
const THUMBNAIL_BUDGET_MS = 4;
/**
 * A frame in which the viewer drew a picture and which took this long already draws no thumbnail:
 * they follow in the next frames. The first picture of a 16x16 grid and the first thumbnails in one frame made the longest
 * task of a flood (55 ms: script 23, style 14, layout 10, paint 7).
 */
const FRAME_SCRIPT_MS = 6;
/** A search's progress picture changes at most this often: each change restyles and repaints the grid. */
const PROGRESS_PICTURE_MS = 250;
/**
 * Cells a running search's picture (its progress, or its first solution) changes per display frame
 * at most: the first picture of an
 * empty 16x16 Sudoku (256 cells and labels built, styled, laid out and painted) was the longest
 * task of a flood of solutions; in parts it takes three frames of a few milliseconds each.
 */
const PROGRESS_CELLS_PER_FRAME = 96;

/** What the viewer shows: the live search (or its steps), or one solution the person opened. */
type Viewing = { kind: 'live' } | { kind: 'solution'; index: number };

/** A step without a title of its own is described by its scalar data (`filled 3`); lists and objects would not fit. */
function dataText(data: Record<string, JsonValue> | undefined): string {
  return Object.entries(data ?? {})
    .filter(([, value]) => value === null || typeof value !== 'object')
    .map(([key, value]) => `${key} ${String(value)}`)
    .join(', ');
}

const FORM_ID = 'options';

export class SolveMode implements PageMode {
  readonly id = 'solve';
  readonly label = 'Solve';
  readonly panel: HTMLElement;

  #registered: RegisteredPlugin | undefined;
  #form: OptionForm | undefined;
  #session: RunSession | undefined;
  #viewing: Viewing = { kind: 'live' };
  /** The step the viewer shows (-1: none), for the counters. */
  #stepOnScreen = -1;
  /** The progress report on screen, and when it was put there. */
  #progressShown: { report: unknown; at: number } = { report: undefined, at: -Infinity };
  /** The form changed since the shown run started: its results are stale. */
  #stale = false;
  /** The session whose end has been shown on screen (and measured). */
  #shownEnd: RunSession | undefined;
  /** The solution list has thumbnails still to draw (it draws a few per frame). */
  #thumbnailsLeft = false;

  readonly #examples: ExamplePicker;
  readonly #fields = h('div', { id: 'fields' });
  /** Undo and Redo for the grids drawn in the editors. */
  readonly #edits = new EditHistory(this.#fields);
  readonly #bar: RunBar;
  readonly #counters = new ResultCounters();
  readonly #summary = new SummaryView();
  readonly #viewer: Viewer;
  readonly #player: StepPlayer;
  readonly #playback: PlaybackControls;
  readonly #solutionNav: SolutionNav;
  readonly #solutions: SolutionList;
  readonly #scheduler: DrawScheduler;
  readonly #stage: HTMLElement;

  constructor(
    /** Solver workers, started with the shown puzzle's solver before Run is pressed. */
    private readonly workers: PageWorkers,
    viewerKinds?: readonly ViewerKind[],
  ) {
    this.#scheduler = new DrawScheduler(
      () => this.#draw(),
      () => this.#afterDraw(),
      (error) => (this.#bar.runError.textContent = `could not draw a frame: ${this.#words(error)}`),
    );
    this.#player = new StepPlayer(() => this.#scheduler.request());
    this.#playback = new PlaybackControls(this.#player, () => {
      this.#viewing = { kind: 'live' };
      this.#viewer.invalidate();
      this.#scheduler.request();
    });
    this.#solutionNav = new SolutionNav({
      open: (delta) => this.openSolution(this.#viewing.kind === 'solution' ? this.#viewing.index + delta : 1),
      live: () => {
        this.#viewing = { kind: 'live' };
        this.#scheduler.request();
      },
    });
    this.#solutions = new SolutionList(
      (index) => this.openSolution(index),
      () => this.#scheduler.request(),
    );
    this.#examples = new ExamplePicker((name) => {
      if (this.#registered) this.open(this.#registered, { values: {}, example: name });
    });
    this.#bar = new RunBar(
      FORM_ID,
      () => this.#session?.cancel(),
      () => this.#saveState(),
    );
    const caption = h('p', { id: 'viewer-caption', class: 'viewer-caption', 'aria-live': 'polite' });
    const holder = h('div', { id: 'viewer-frame', class: 'viewer-frame' });
    this.#viewer = new Viewer({ caption, holder }, viewerKinds);
    const form = h(
      'form',
      {
        id: FORM_ID,
        novalidate: true,
        onsubmit: (event: Event) => {
          event.preventDefault();
          this.run(event.timeStamp);
        },
        oninput: (event: Event) => {
          if (this.#examples.owns(event.target)) return;
          this.#edited();
        },
      },
      this.#examples.element,
      this.#edits.element,
      this.#fields,
    );
    this.#stage = h(
      'section',
      { id: 'results', class: 'stage', 'aria-label': 'Results' },
      this.#counters.element,
      h(
        'figure',
        { id: 'viewer', class: 'viewer' },
        h('figcaption', { class: 'viewer-head' }, caption, h('span', { class: 'viewer-buttons' }, this.#playback.replay, this.#solutionNav.live)),
        holder,
        h('div', { class: 'viewer-controls' }, this.#playback.element, this.#solutionNav.element),
      ),
      this.#summary.element,
      h('section', { class: 'solutions', 'aria-labelledby': 'solutions-title' }, h('h3', { id: 'solutions-title' }, 'Solutions'), this.#solutions.element),
    );
    this.panel = h(
      'div',
      { class: 'layout' },
      h('div', { class: 'side' }, h('section', { class: 'controls', 'aria-label': 'Options' }, form), this.#bar.element),
      this.#stage,
    );
    document.addEventListener('keydown', (event) => this.#browseWithKeys(event));
    // Where the options column starts and how tall the run bar is, for the stylesheet: the column
    // fits the screen below the heading, and on a phone the page leaves room under the fixed bar.
    // Both read before either is written: a write between them made the second read lay the whole
    // page out again within the frame (27 ms in the first frame of a 16x16 run). One observer, so
    // one measure a frame however many of the elements changed size.
    const measure = () => {
      if (this.panel.hidden || !this.panel.isConnected) return;
      const sideTop = `${Math.round(this.panel.getBoundingClientRect().top + window.scrollY + 8)}px`;
      const barHeight = `${Math.round(this.#bar.element.getBoundingClientRect().height)}px`;
      setStyleProperty(this.panel, '--side-top', sideTop);
      setStyleProperty(document.documentElement, '--bar-height', barHeight);
    };
    const sizes = new ResizeObserver(measure);
    sizes.observe(this.#bar.element);
    sizes.observe(document.documentElement);
  }

  offers(): boolean {
    return true;
  }

  /**
   * Opens a puzzle with these URL values; with none, on its first named example, so a puzzle never
   * opens in an error. `example` names another example to open instead.
   */
  open(registered: RegisteredPlugin, request: ModeRequest): void {
    if (request.resume && this.#registered === registered && this.#form) return;
    const { plugin } = registered;
    const given = request.values;
    const named = findSample(plugin, request.example);
    const sample = named ?? (Object.keys(given).length === 0 ? plugin.samples?.[0] : undefined);
    let values = given;
    const problems = [request.problem ?? ''];
    if (request.example !== undefined && !named) problems.push(`this puzzle has no example called '${request.example}'`);
    if (sample) {
      try {
        values = { ...sampleValues(plugin, sample), ...given };
      } catch (error) {
        problems.push(`example ${sample.name}: ${pageErrorText(plugin, error)}`);
      }
    }
    this.leave();
    this.#session = undefined;
    this.#stale = false;
    this.#registered = registered;
    this.workers.warm(registered.origin.moduleUrl);
    const palette = mergePalette(plugin.palette);
    this.#viewer.palette = palette;
    this.#viewing = { kind: 'live' };
    this.#viewer.invalidate();
    this.#player.reset(0);
    this.#form = buildOptionForm(plugin, values, palette);
    this.#fields.replaceChildren(this.#form.fields);
    this.#edits.reset();
    this.#bar.formError.textContent = [...problems, ...this.#form.problems.map((problem) => pageErrorText(plugin, problem))].filter(Boolean).join('\n');
    this.#examples.show(plugin, sample?.name ?? sampleWithValues(plugin, values, [LIMIT_FIELD, DELAY_FIELD])?.name);
    this.#summary.clear();
    this.#solutions.reset(plugin, palette, []);
    this.#saveState();
    this.#draw();
    if (request.start && this.#bar.formError.textContent === '') this.run();
  }

  leave(): void {
    this.#session?.cancel();
    this.#player.stop();
  }

  /** `requestedAt`: when the person pressed Run (the event's time), else now. */
  run(requestedAt = performance.now()): void {
    const prepared = this.#validate();
    const registered = this.#registered;
    if (!registered || !prepared) return;
    this.#session?.cancel();
    this.#player.reset(prepared.delayMs);
    this.#viewing = { kind: 'live' };
    this.#stale = false;
    this.#progressShown = { report: undefined, at: -Infinity };
    this.#viewer.invalidate();
    this.#summary.clear();
    const started: RunSession = new RunSession(registered, prepared.instance, prepared.limit, () => this.#onSessionChange(started), this.workers, requestedAt);
    this.#session = started;
    this.#solutions.reset(registered.plugin, this.#viewer.palette, started.solutions);
    this.#scheduler.request();
    // On a phone the results sit below the form: bring them into sight.
    if (matchMedia('(max-width: 760px)').matches) this.#stage.scrollIntoView({ block: 'start' });
  }

  openSolution(index: number): void {
    const run = this.#session;
    if (!run || index < 1 || index > run.solutions.length) return;
    // A solution the person opens stays on screen: a playing animation stops where it is.
    if (this.#player.playing) this.#player.hold();
    this.#viewing = { kind: 'solution', index };
    this.#solutions.select(index);
    this.#scheduler.request();
  }

  /** The person changed the form: the URL follows, the example menu lets go, shown results are stale. */
  #edited(): void {
    this.#form?.refresh();
    this.#examples.show(this.#registered!.plugin, undefined);
    this.#saveState();
    this.#validate();
    if (this.#session && !this.#stale) {
      this.#stale = true;
      this.#scheduler.request();
    }
  }

  #onSessionChange(run: RunSession): void {
    if (run !== this.#session) return;
    this.#player.stepsArrived(run.steps.length);
    // A finished search without an animation opens its first solution.
    if (run.phase === 'done' && run.steps.length === 0 && this.#viewing.kind === 'live' && run.solutions.length > 0) {
      this.#viewing = { kind: 'solution', index: 1 };
      this.#solutions.select(1);
    }
    if (run.phase === 'running') this.#scheduler.requestLive();
    else this.#scheduler.request();
  }

  #words(error: unknown): string {
    return this.#registered ? pageErrorText(this.#registered.plugin, error) : String(error);
  }

  #validate(): PreparedRun | undefined {
    if (!this.#registered || !this.#form) return undefined;
    try {
      const prepared = prepareRun(this.#registered.plugin, this.#form.read());
      this.#bar.formError.textContent = '';
      return prepared;
    } catch (error) {
      this.#bar.formError.textContent = this.#words(error);
      return undefined;
    }
  }

  /** The URL and the Link follow the form: a copied link always reopens and starts this run. */
  #saveState(): void {
    if (!this.#registered || !this.#form) return;
    const values = this.#form.urlValues();
    const id = this.#registered.plugin.id;
    writeState(id, values);
    this.#bar.setLink(`${stateSearch(id, values)}&run=1`);
  }

  #headline(): Headline {
    const run = this.#session;
    const facts = run && { phase: run.phase, solutionCount: run.solutionCount, kept: run.solutions.length, steps: run.steps, done: run.done };
    return headline(this.#registered!.plugin, facts, this.#stepOnScreen);
  }

  #draw(): void {
    const run = this.#session;
    const plugin = this.#registered?.plugin;
    if (!plugin) return;
    const startedAt = performance.now();
    this.#drawViewer();
    const numbers = this.#headline();
    this.#bar.draw(run, numbers, this.#stale);
    if (run?.error) this.#bar.runError.textContent = this.#words(run.error);
    this.#counters.draw(numbers);
    if (this.#stage.hasAttribute('data-stale') !== this.#stale) this.#stage.toggleAttribute('data-stale', this.#stale);
    this.#playback.draw(run !== undefined && run.phase !== 'running');
    const open = this.#viewing.kind === 'solution' ? this.#viewing.index : 0;
    this.#solutionNav.draw(open, run?.solutions.length ?? 0, run?.phase === 'running');
    this.#summary.draw(run, plugin);
    // The frame that shows a run's end draws no thumbnails: they follow in the next frames.
    const ending = run !== undefined && run.phase !== 'running' && this.#shownEnd !== run;
    // Only a frame the viewer drew in: a test of time alone starved the list on a slow machine.
    const busy = this.#viewer.drew && performance.now() - startedAt >= FRAME_SCRIPT_MS;
    this.#thumbnailsLeft = this.#solutions.update(numbers.listed, ending || busy ? 0 : THUMBNAIL_BUDGET_MS, run?.phase === 'running');
    if (run && ending) {
      this.#shownEnd = run;
      // From the Run click to this frame, which shows the final count: what the benchmark reports.
      performance.measure('kit:run', { start: run.startedAt, end: performance.now() });
      // The run's workers are gone: fresh ones for the next run, once this frame is out.
      const moduleUrl = run.registered.origin.moduleUrl;
      setTimeout(() => {
        if (this.#registered?.origin.moduleUrl === moduleUrl) this.workers.warm(moduleUrl);
      });
    }
  }

  #afterDraw(): AfterDraw {
    if (!this.#viewer.complete) return 'more';
    if (this.#session?.phase === 'running') return 'live';
    return this.#thumbnailsLeft ? 'more' : 'idle';
  }

  #drawViewer(): void {
    const plugin = this.#registered!.plugin;
    const run = this.#session;
    const viewing = this.#viewing;
    this.#stepOnScreen = -1;
    if (viewing.kind === 'solution') {
      const { index } = viewing;
      const solution = run?.solutions[index - 1];
      const total = run?.solutionCount ?? 0;
      this.#viewer.show(
        () => (solution === undefined ? undefined : plugin.view(solution, { index })),
        `Solution No. ${index.toLocaleString('en')} of ${total.toLocaleString('en')}`,
        `solution:${index}:${total}`,
      );
      return;
    }
    if (!run) return this.#viewer.show(undefined, '', 'empty', 'Set the options and press Run.');
    // Steps while they play, then the live search, then the last step again at the end.
    const player = this.#player;
    const step = run.steps[player.shown];
    const showStep = () => {
      const index = player.shown;
      const frame = plugin.view(step!.state);
      // The frame's own title words the step; a step without one is described by its data.
      const words = frame.title ? '' : dataText(step!.data);
      // Keyed by the count too: steps that arrive while one is shown update its "of N".
      this.#viewer.show(frame, `Step ${index + 1} of ${run.steps.length}${words ? ` · ${words}` : ''}`, `step:${run.startedAt}:${index}:${run.steps.length}`);
      player.drawn(index);
      this.#stepOnScreen = index;
    };
    if (step && player.showsStep) return showStep();
    if (run.phase === 'running' && run.progress) {
      const now = performance.now();
      if (run.progress !== this.#progressShown.report && now - this.#progressShown.at >= PROGRESS_PICTURE_MS)
        this.#progressShown = { report: run.progress, at: now };
      const shown = this.#progressShown.report as typeof run.progress;
      return this.#viewer.show(() => plugin.view(shown.state), 'Searching…', shown, '', PROGRESS_CELLS_PER_FRAME);
    }
    if (step) return showStep();
    // While solutions pour in, the viewer keeps the first one found (each new picture would cost
    // the page a build and a paint); the list and the counts show the rest as they come.
    if (run.solutions.length > 0) {
      const inParts = run.phase === 'running' ? PROGRESS_CELLS_PER_FRAME : undefined;
      return this.#viewer.show(() => plugin.view(run.solutions[0], { index: 1 }), 'Solution No. 1', 'first', '', inParts);
    }
    this.#viewer.show(undefined, run.phase === 'running' ? 'Searching…' : 'No solutions.', `none:${run.phase}`);
  }

  #browseWithKeys(event: KeyboardEvent): void {
    const run = this.#session;
    if (!run || this.panel.hidden || (event.target as HTMLElement).closest('input, textarea, select, .editor-grid')) return;
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (delta === 0) return;
    if (this.#viewing.kind === 'solution') this.openSolution(Math.max(1, Math.min(run.solutions.length, this.#viewing.index + delta)));
    else if (run.steps.length > 0) this.#playback.stepBy(delta);
  }
}
