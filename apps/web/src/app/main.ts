import { mergePalette, type Frame, type JsonValue, type Palette, type RegisteredPlugin } from '@kit/core';
import { MANIFEST_PATH } from '../shared/manifest.js';
import { h } from './dom.js';
import { frameToSvg } from './frame-svg.js';
import { loadPlugins, type LoadedPlugins } from './load-plugins.js';
import { buildOptionForm, DEFAULT_STEP_DELAY_MS, type OptionForm } from './option-form.js';
import { errorText, prepareRun } from './prepare-run.js';
import { MAX_KEPT_SOLUTIONS, RunSession } from './run-session.js';
import { SolutionList } from './solution-list.js';
import { WorkerPool } from './worker-pool.js';
import { findSample, sampleValues } from './samples.js';
import { readState, stateSearch, writeState } from './url-state.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let loaded: LoadedPlugins;
let current: RegisteredPlugin | undefined;
let palette: Palette = mergePalette(undefined);
let form: OptionForm | undefined;
let session: RunSession | undefined;
/** What the viewer shows: the live search, or one solution the person opened. */
let viewing: { kind: 'live' } | { kind: 'solution'; index: number } = { kind: 'live' };
let stepShown = -1;
/** The step the viewer last put on screen: the animation waits for each step to be drawn. */
let stepDrawn = -1;
/** Pause between two animation steps (a Puyo chain's gravity and pops): the form's delay. */
let stepDelayMs = DEFAULT_STEP_DELAY_MS;
let stepTimer: ReturnType<typeof setInterval> | undefined;
/** The person paused or moved through the steps: new steps no longer start the animation. */
let stepHold = false;
/** The speed control's factor on the pause between steps. */
let stepSpeed = 1;
let downloadUrl: string | undefined;
let drawn: { key: unknown } = { key: undefined };
let drawPending = false;
/** The solution list has thumbnails still to draw (it draws a few per frame). */
let thumbnailsLeft = false;
/** Per frame: enough for several thumbnails, short enough that worker messages are answered promptly. */
const THUMBNAIL_BUDGET_MS = 4;

const solutionList = new SolutionList((index) => openSolution(index));
// One worker per core, started and loaded with the shown puzzle's solver before Run is pressed.
// body[data-workers] says when they are ready (the benchmark waits for it, as a person would).
const workers = new WorkerPool(navigator.hardwareConcurrency || 1, () => {
  document.body.dataset['workers'] = workers.ready ? 'ready' : 'starting';
});
/** The session whose end has been shown on screen (and measured). */
let shownEnd: RunSession | undefined;

function requestDraw(): void {
  if (drawPending) return;
  drawPending = true;
  requestAnimationFrame(() => {
    drawPending = false;
    lastDrawAt = performance.now();
    try {
      draw();
    } catch (error) {
      // A plugin's view() that throws must not stop the page from following the run.
      $('run-error').textContent = `could not draw a frame: ${errorText(error)}`;
    } finally {
      if (session?.phase === 'running') requestLiveDraw();
      else if (thumbnailsLeft) requestDraw();
    }
  });
}

/**
 * While a search runs, what it reports is drawn at most every LIVE_DRAW_MS: on a machine with as
 * many cores as workers, each frame the page draws is time taken from the search. Steps (their
 * animation) and the end of a run are drawn at the next frame.
 */
const LIVE_DRAW_MS = 100;
let lastDrawAt = -Infinity;
let liveTimer: ReturnType<typeof setTimeout> | undefined;
function requestLiveDraw(): void {
  if (drawPending || liveTimer !== undefined) return;
  const wait = lastDrawAt + LIVE_DRAW_MS - performance.now();
  if (wait <= 0) return requestDraw();
  liveTimer = setTimeout(() => {
    liveTimer = undefined;
    requestDraw();
  }, wait);
}

function showFrame(frame: Frame | undefined, caption: string, key: unknown): void {
  if (drawn.key === key) return;
  drawn = { key };
  const holder = $('viewer-frame');
  // The frame's own title, unless the caption already says it (`No. 5`).
  const title = frame?.title && !caption.includes(frame.title) ? frame.title : undefined;
  $('viewer-caption').textContent = [caption, title].filter(Boolean).join(' · ');
  if (!frame) {
    holder.replaceChildren(h('p', { class: 'placeholder' }, caption ? '' : 'Set the options and press Run.'));
    return;
  }
  holder.replaceChildren(frameToSvg(frame, palette, { className: 'main-frame' }));
  holder.style.setProperty('--aspect', `${frame.width + 0.2} / ${frame.height + 0.2}`);
  holder.style.setProperty('--columns', String(frame.width));
}

/** A step's scalar data for the caption (`chain 2, score 320`); lists and objects would not fit. */
function dataText(data: Record<string, JsonValue> | undefined): string {
  return Object.entries(data ?? {})
    .filter(([, value]) => value === null || typeof value !== 'object')
    .map(([key, value]) => `${key} ${String(value)}`)
    .join(', ');
}

function drawViewer(): void {
  const plugin = current?.plugin;
  if (!plugin) return;
  $('live').hidden = viewing.kind === 'live' || session?.phase !== 'running';
  if (viewing.kind === 'solution') {
    const index = viewing.index;
    const solution = session?.solutions[index - 1];
    const total = session?.solutionCount ?? 0;
    showFrame(solution === undefined ? undefined : plugin.view(solution, { index }), `Solution No. ${index} of ${total}`, `solution:${index}:${total}`);
    return;
  }
  if (!session) return showFrame(undefined, '', 'empty');
  // Steps while their animation plays, then the live search, then the last step again at the end.
  const step = session.steps[stepShown];
  const showStep = () => {
    const data = dataText(step!.data);
    // Keyed by the count too: steps that arrive while one is shown update its "of N".
    showFrame(plugin.view(step!.state), `Step ${stepShown + 1} of ${session!.steps.length}${data ? ` · ${data}` : ''}`, `step:${session!.startedAt}:${stepShown}:${session!.steps.length}`);
    stepDrawn = stepShown;
  };
  if (step && (stepTimer !== undefined || stepHold)) return showStep();
  if (session.phase === 'running' && session.progress) {
    return showFrame(plugin.view(session.progress.state), 'Searching…', session.progress);
  }
  if (step) return showStep();
  const last = session.solutions.length;
  if (last > 0) {
    return showFrame(plugin.view(session.solutions[last - 1], { index: last }), `Solution No. ${last}`, `latest:${last}`);
  }
  showFrame(undefined, session.phase === 'running' ? 'Searching…' : 'No solutions.', `none:${session.phase}`);
}

function drawStatus(): void {
  const run = session;
  const phase = $('phase');
  const count = $('count');
  count.dataset['count'] = String(run?.solutionCount ?? 0);
  count.textContent = (run?.solutionCount ?? 0).toLocaleString('en');
  $('count-word').textContent = run?.solutionCount === 1 ? ' solution' : ' solutions';
  $('elapsed').textContent = run ? `${(run.elapsedMs / 1000).toFixed(1)} s` : '';
  phase.dataset['phase'] = run?.phase ?? 'idle';
  phase.textContent = !run
    ? 'Ready'
    : { running: 'Searching…', done: 'Finished', cancelled: 'Cancelled', failed: 'Failed' }[run.phase];
  // Live counters while searching; the summary takes over once the run has ended.
  const progress = run?.phase === 'running' ? run.progress : undefined;
  const parts = Object.entries(progress?.counters ?? {}).map(([key, value]) => `${key} ${value.toLocaleString('en')}`);
  if (progress?.stats.tasksTotal) parts.push(`tasks ${progress.stats.tasksDone}/${progress.stats.tasksTotal}`);
  $('counters').textContent = parts.join(' · ');
  $('run-error').textContent = run?.error ? errorText(run.error) : '';
  $('run').toggleAttribute('disabled', run?.phase === 'running');
  $('cancel').toggleAttribute('disabled', run?.phase !== 'running');
  $('replay').hidden = !run || run.steps.length === 0 || run.phase === 'running';
  drawPlayback();
  const kept = run && run.solutionCount > MAX_KEPT_SOLUTIONS ? `(the first ${MAX_KEPT_SOLUTIONS.toLocaleString('en')} are kept)` : '';
  $('kept').textContent = kept;
}

function drawSummary(): void {
  const done = session?.done;
  const holder = $('summary');
  if (!done || holder.dataset['for'] === String(session?.startedAt)) return;
  holder.dataset['for'] = String(session!.startedAt);
  const fields = Object.entries({ ...done.summary, elapsedMs: done.stats.elapsedMs });
  const scalars = fields.filter(([, value]) => value === null || typeof value !== 'object');
  const structured = fields.filter(([, value]) => value !== null && typeof value === 'object');
  // The plugin's summary: its last line is the headline, any table above it folds away.
  const text = current?.plugin.summarize?.(done.summary, session!.instance)?.trimEnd() ?? '';
  const lines = text.split('\n');
  const headline = lines.pop() ?? '';
  const detail = [lines.join('\n'), ...structured.map(([key, value]) => `${key}: ${JSON.stringify(value, null, 1)}`)].filter(Boolean);
  holder.replaceChildren(
    headline ? h('p', { class: 'summary-line' }, headline) : '',
    h('dl', {}, ...scalars.map(([key, value]) => h('div', {}, h('dt', {}, key), h('dd', { 'data-field': key }, String(value))))),
    detail.length ? h('details', { class: 'summary-detail' }, h('summary', {}, 'Details'), h('pre', {}, detail.join('\n\n'))) : '',
  );
}

/** Play/pause, one step back or forward, the scrubber and the speed for steps; previous/next for solutions. */
function drawPlayback(): void {
  const steps = session?.steps.length ?? 0;
  $('steps').hidden = steps === 0;
  if (steps > 0) {
    const scrubber = $<HTMLInputElement>('step-scrubber');
    scrubber.max = String(steps - 1);
    scrubber.value = String(Math.max(0, stepShown));
    $('step-play').textContent = stepTimer !== undefined ? 'Pause' : 'Play';
    $('step-back').toggleAttribute('disabled', stepShown <= 0);
    $('step-forward').toggleAttribute('disabled', stepShown >= steps - 1);
  }
  const solutions = session?.solutions.length ?? 0;
  $('solution-nav').hidden = solutions === 0;
  const at = viewing.kind === 'solution' ? viewing.index : 0;
  $('solution-previous').toggleAttribute('disabled', at <= 1);
  $('solution-next').toggleAttribute('disabled', at >= solutions);
}

function drawDownload(): void {
  const link = $<HTMLAnchorElement>('download');
  const done = session?.done;
  const file = done && current?.plugin.output ? current.plugin.output({ summary: done.summary, instance: session!.instance, solutions: session!.solutions }) : undefined;
  if (!file) {
    link.hidden = true;
    return;
  }
  if (link.dataset['for'] === String(session!.startedAt)) return;
  link.dataset['for'] = String(session!.startedAt);
  if (downloadUrl) URL.revokeObjectURL(downloadUrl);
  downloadUrl = URL.createObjectURL(new Blob([file.text], { type: 'text/plain' }));
  link.href = downloadUrl;
  link.download = file.name;
  link.textContent = `Download ${file.name}`;
  link.hidden = false;
}

function draw(): void {
  drawStatus();
  drawViewer();
  drawSummary();
  drawDownload();
  // The frame that shows a run's end draws no thumbnails: they follow in the next frames.
  const ending = session !== undefined && session.phase !== 'running' && shownEnd !== session;
  thumbnailsLeft = solutionList.update(ending ? 0 : THUMBNAIL_BUDGET_MS);
  if (session && ending) {
    shownEnd = session;
    // From the Run click to this frame, which shows the final count: what the benchmark reports.
    performance.measure('kit:run', { start: session.startedAt, end: performance.now() });
    // The run's workers are gone: fresh ones for the next run, once this frame is out.
    const moduleUrl = session.registered.origin.moduleUrl;
    setTimeout(() => {
      if (current?.origin.moduleUrl === moduleUrl) workers.warm(moduleUrl);
    });
  }
}

function openSolution(index: number): void {
  if (!session || index < 1 || index > session.solutions.length) return;
  // A solution the person opens stays on screen: a playing animation stops where it is.
  if (stepTimer !== undefined) holdSteps();
  viewing = { kind: 'solution', index };
  solutionList.select(index);
  requestDraw();
}

function playSteps(fromStart: boolean): void {
  if (fromStart) stepShown = stepDrawn = -1;
  stepHold = false;
  if (stepTimer !== undefined) return;
  const tick = () => {
    const run = session;
    if (!run) return stopSteps();
    // Drawing happens on animation frames; when frames come slower than the delay (a busy or
    // hidden page), wait rather than skip a step the person never saw.
    if (stepShown > stepDrawn) return;
    if (stepShown < run.steps.length - 1) {
      stepShown++;
      viewing = { kind: 'live' };
    } else {
      // Caught up; new steps start the animation again (onSessionChange).
      stopSteps();
    }
    requestDraw();
  };
  tick();
  stepTimer = setInterval(tick, Math.max(16, stepDelayMs / stepSpeed));
}

/** The person takes the steps in hand: the animation stops where it is. */
function holdSteps(): void {
  stopSteps();
  stepHold = true;
}

function showStepAt(index: number): void {
  const steps = session?.steps.length ?? 0;
  if (steps === 0) return;
  holdSteps();
  stepShown = Math.max(0, Math.min(steps - 1, index));
  viewing = { kind: 'live' };
  drawn = { key: undefined };
  requestDraw();
}

function togglePlay(): void {
  if (stepTimer !== undefined) holdSteps();
  else playSteps(stepShown >= (session?.steps.length ?? 0) - 1);
  // The button's own label at once; the frame follows on the next animation frame.
  drawPlayback();
  requestDraw();
}

function stopSteps(): void {
  if (stepTimer !== undefined) clearInterval(stepTimer);
  stepTimer = undefined;
}

function onSessionChange(run: RunSession): void {
  if (run !== session) return;
  if (run.steps.length > 0 && stepTimer === undefined && !stepHold && stepShown < run.steps.length - 1) playSteps(false);
  // A finished search without an animation opens its first solution.
  if (run.phase === 'done' && run.steps.length === 0 && viewing.kind === 'live' && run.solutions.length > 0) {
    viewing = { kind: 'solution', index: 1 };
    solutionList.select(1);
  }
  if (run.phase === 'running') requestLiveDraw();
  else requestDraw();
}

function validate(): ReturnType<typeof prepareRun> | undefined {
  if (!current || !form) return undefined;
  try {
    const prepared = prepareRun(current.plugin, form.read());
    $('form-error').textContent = '';
    return prepared;
  } catch (error) {
    $('form-error').textContent = errorText(error);
    return undefined;
  }
}

/** `requestedAt`: when the person pressed Run (the event's time), else now. */
function run(requestedAt = performance.now()): void {
  const prepared = validate();
  if (!current || !prepared) return;
  session?.cancel();
  stopSteps();
  stepShown = -1;
  stepDrawn = -1;
  stepHold = false;
  stepDelayMs = prepared.delayMs;
  viewing = { kind: 'live' };
  drawn = { key: undefined };
  $('summary').replaceChildren();
  const registered = current;
  const started: RunSession = new RunSession(registered, prepared.instance, prepared.limit, () => onSessionChange(started), () => workers.take(), requestedAt);
  session = started;
  solutionList.reset(registered.plugin, palette, started.solutions);
  requestDraw();
  // On a phone the viewer sits below the form: bring it into sight.
  if (matchMedia('(max-width: 760px)').matches) $('viewer').scrollIntoView({ block: 'start' });
}

function cancel(): void {
  session?.cancel();
}

/**
 * Opens a puzzle with these URL values; with none, on its first named example, so a puzzle never
 * opens in an error. `example` names another example to open instead.
 */
function selectPlugin(id: string, given: Record<string, string>, example?: string): void {
  const registered = loaded.registry.get(id);
  if (!registered) return;
  const { samples } = registered.plugin;
  const sample = findSample(registered.plugin, example) ?? (Object.keys(given).length === 0 ? samples?.[0] : undefined);
  let values = given;
  let sampleProblem = example !== undefined && !findSample(registered.plugin, example) ? `${id} has no example called '${example}'` : '';
  if (sample) {
    try {
      values = { ...sampleValues(registered.plugin, sample), ...given };
    } catch (error) {
      sampleProblem = `example ${sample.name}: ${errorText(error)}`;
    }
  }
  session?.cancel();
  session = undefined;
  stopSteps();
  current = registered;
  workers.warm(registered.origin.moduleUrl);
  palette = mergePalette(registered.plugin.palette);
  viewing = { kind: 'live' };
  drawn = { key: undefined };
  for (const button of document.querySelectorAll<HTMLButtonElement>('#puzzles button')) {
    button.setAttribute('aria-current', String(button.dataset['plugin'] === id));
  }
  const { plugin } = registered;
  $('plugin-title').textContent = plugin.title;
  document.title = `${plugin.title} · Puzzle Kit`;
  $('plugin-description').textContent = plugin.description;
  $('plugin-meta').textContent = `${plugin.id} ${plugin.version} · ${registered.origin.source}`;
  form = buildOptionForm(plugin, values, palette);
  $('fields').replaceChildren(form.fields);
  $('form-error').textContent = [sampleProblem, ...form.problems].filter(Boolean).join('\n');
  drawExamples(sample?.name);
  $('summary').replaceChildren();
  solutionList.reset(plugin, palette, []);
  saveState();
  draw();
}

function drawExamples(selected: string | undefined): void {
  const samples = current?.plugin.samples ?? [];
  const picker = $<HTMLSelectElement>('example');
  picker.replaceChildren(h('option', { value: '' }, samples.length ? 'Choose an example…' : 'No examples'), ...samples.map((sample) => h('option', { value: sample.name }, sample.title)));
  picker.value = selected ?? '';
  $('examples').hidden = samples.length === 0;
}

/** The URL and the Link follow the form: a copied link always reopens and starts this run. */
function saveState(): void {
  if (!current || !form) return;
  const values = form.urlValues();
  writeState(current.plugin.id, values);
  $<HTMLAnchorElement>('share').href = `${stateSearch(current.plugin.id, values)}&run=1`;
}

function renderShell(): void {
  const app = $('app');
  const nav = h(
    'nav',
    { id: 'puzzles', 'aria-label': 'Puzzles' },
    ...loaded.available.map(({ plugin }) =>
      h('button', { type: 'button', 'data-plugin': plugin.id, title: plugin.description, onclick: () => selectPlugin(plugin.id, {}) }, plugin.title),
    ),
  );
  const unavailable = loaded.unavailable.length
    ? h(
        'section',
        { id: 'unavailable', class: 'unavailable' },
        h('h3', {}, 'Unavailable plugins'),
        h('ul', {}, ...loaded.unavailable.map((entry) => h('li', { 'data-plugin': entry.id }, h('strong', {}, entry.id), ` (${entry.source}): `, h('span', { class: 'reason' }, entry.error)))),
      )
    : '';
  const optionsForm = h(
    'form',
    {
      id: 'options',
      novalidate: true,
      onsubmit: (event: Event) => {
        event.preventDefault();
        run(event.timeStamp);
      },
      oninput: (event: Event) => {
        if ((event.target as HTMLElement).id === 'example') return;
        form?.refresh();
        saveState();
        validate();
      },
    },
    h(
      'div',
      { id: 'examples', class: 'field examples' },
      h('label', { for: 'example' }, 'example'),
      h('select', {
        id: 'example',
        onchange: (event: Event) => {
          const name = (event.target as HTMLSelectElement).value;
          if (current && name) selectPlugin(current.plugin.id, {}, name);
        },
      }),
    ),
    h('div', { id: 'fields' }),
    h('p', { id: 'form-error', class: 'error', role: 'alert' }),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', id: 'run', class: 'primary' }, 'Run'),
      h('button', { type: 'button', id: 'cancel', disabled: true, onclick: cancel }, 'Cancel'),
      h('a', { id: 'share', href: '', title: 'Copy a link that reopens and starts this run', onclick: (event: Event) => shareLink(event) }, 'Link'),
      h('span', { id: 'share-status', class: 'meta', 'aria-live': 'polite' }),
    ),
  );
  app.replaceChildren(
    h('header', { class: 'top' }, h('h1', {}, 'Puzzle Kit'), nav),
    h(
      'main',
      { class: 'layout' },
      h(
        'aside',
        { class: 'controls' },
        h('h2', { id: 'plugin-title' }),
        h('p', { id: 'plugin-description', class: 'description' }),
        h('p', { id: 'plugin-meta', class: 'meta' }),
        optionsForm,
        unavailable,
      ),
      h(
        'section',
        { class: 'stage' },
        h(
          'section',
          { id: 'status', class: 'status', 'aria-live': 'polite' },
          h(
            'div',
            { class: 'status-line' },
            h('span', { class: 'count-line' }, h('span', { id: 'count' }, '0'), h('span', { id: 'count-word' }, ' solutions')),
            h('span', { id: 'phase' }),
            h('span', { id: 'elapsed' }),
            h('span', { id: 'counters', class: 'meta' }),
            h('span', { id: 'kept', class: 'meta' }),
          ),
          h('p', { id: 'run-error', class: 'error', role: 'alert' }),
          h('div', { id: 'summary', class: 'summary' }),
          h('a', { id: 'download', class: 'download', hidden: true }, 'Download'),
        ),
        h(
          'figure',
          { id: 'viewer', class: 'viewer' },
          h(
            'figcaption',
            {},
            h('span', { id: 'viewer-caption' }),
            h('button', { type: 'button', id: 'replay', class: 'small', hidden: true, onclick: () => playSteps(true) }, 'Replay'),
            h('button', { type: 'button', id: 'live', class: 'small', hidden: true, onclick: () => ((viewing = { kind: 'live' }), requestDraw()) }, 'Live'),
          ),
          h('div', { id: 'viewer-frame', class: 'viewer-frame' }),
          h(
            'div',
            { id: 'steps', class: 'playback', hidden: true, role: 'group', 'aria-label': 'Steps' },
            h('button', { type: 'button', id: 'step-back', class: 'small', 'aria-label': 'Step back', onclick: () => showStepAt(stepShown - 1) }, '◀'),
            h('button', { type: 'button', id: 'step-play', class: 'small', onclick: togglePlay }, 'Play'),
            h('button', { type: 'button', id: 'step-forward', class: 'small', 'aria-label': 'Step forward', onclick: () => showStepAt(stepShown + 1) }, '▶'),
            h('input', { type: 'range', id: 'step-scrubber', min: 0, max: 0, step: 1, 'aria-label': 'Step', oninput: (event: Event) => showStepAt(Number((event.target as HTMLInputElement).value)) }),
            h(
              'select',
              {
                id: 'step-speed',
                'aria-label': 'Speed',
                onchange: (event: Event) => {
                  stepSpeed = Number((event.target as HTMLSelectElement).value);
                  if (stepTimer !== undefined) {
                    stopSteps();
                    playSteps(false);
                  }
                },
              },
              ...['0.25', '0.5', '1', '2', '4'].map((speed) => h('option', { value: speed, selected: speed === '1' }, `${speed}×`)),
            ),
          ),
          h(
            'div',
            { id: 'solution-nav', class: 'playback', hidden: true, role: 'group', 'aria-label': 'Solutions' },
            h('button', { type: 'button', id: 'solution-previous', class: 'small', onclick: () => openSolution(viewing.kind === 'solution' ? viewing.index - 1 : 1) }, 'Previous'),
            h('button', { type: 'button', id: 'solution-next', class: 'small', onclick: () => openSolution(viewing.kind === 'solution' ? viewing.index + 1 : 1) }, 'Next'),
          ),
        ),
        h('section', { class: 'solutions', 'aria-label': 'Solutions' }, h('h3', {}, 'Solutions'), solutionList.element),
      ),
    ),
  );
}

/** Copies the link (a full URL) instead of following it; the href stays for opening it in a new tab. */
function shareLink(event: Event): void {
  saveState();
  const link = event.currentTarget as HTMLAnchorElement;
  if (!navigator.clipboard) return;
  event.preventDefault();
  navigator.clipboard.writeText(link.href).then(
    () => ($('share-status').textContent = 'Link copied'),
    () => ($('share-status').textContent = 'Could not copy: open the link and copy it from the address bar'),
  );
}

function browseWithKeys(event: KeyboardEvent): void {
  if (!session || (event.target as HTMLElement).closest('input, textarea, select, .editor-grid')) return;
  const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
  if (delta === 0) return;
  if (viewing.kind === 'solution') openSolution(Math.max(1, Math.min(session.solutions.length, viewing.index + delta)));
  else if (session.steps.length > 0) showStepAt(stepShown + delta);
}

async function boot(): Promise<void> {
  const manifestUrl = new URL(MANIFEST_PATH, document.baseURI);
  try {
    loaded = await loadPlugins(manifestUrl);
  } catch (error) {
    $('app').replaceChildren(h('p', { class: 'error' }, errorText(error)));
    return;
  }
  renderShell();
  document.addEventListener('keydown', browseWithKeys);
  const state = readState(location.search);
  const first = loaded.available[0];
  if (!first) {
    $('plugin-title').textContent = 'No puzzles available';
    document.body.dataset['ready'] = 'true';
    return;
  }
  const wanted = state.puzzle && loaded.registry.get(state.puzzle) ? state.puzzle : first.plugin.id;
  selectPlugin(wanted, wanted === state.puzzle ? state.values : {}, wanted === state.puzzle ? state.example : undefined);
  if (state.puzzle && wanted !== state.puzzle) {
    const broken = loaded.unavailable.find((entry) => entry.id === state.puzzle);
    $('form-error').textContent = broken
      ? `the puzzle '${state.puzzle}' is unavailable: ${broken.error}`
      : `no puzzle called '${state.puzzle}' is available`;
  }
  document.body.dataset['ready'] = 'true';
  if (state.run && wanted === state.puzzle && $('form-error').textContent === '') run();
}

void boot();
