import { mergePalette, type Frame, type JsonValue, type Palette, type RegisteredPlugin } from '@kit/core';
import { MANIFEST_PATH } from '../shared/manifest.js';
import { h } from './dom.js';
import { frameToSvg } from './frame-svg.js';
import { loadPlugins, type LoadedPlugins } from './load-plugins.js';
import { buildOptionForm, DEFAULT_STEP_DELAY_MS, type OptionForm } from './option-form.js';
import { errorText, prepareRun } from './prepare-run.js';
import { MAX_KEPT_SOLUTIONS, RunSession } from './run-session.js';
import { SolutionList } from './solution-list.js';
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
let drawn: { key: unknown } = { key: undefined };
let drawPending = false;

const solutionList = new SolutionList((index) => openSolution(index));

function requestDraw(): void {
  if (drawPending) return;
  drawPending = true;
  requestAnimationFrame(() => {
    drawPending = false;
    try {
      draw();
    } catch (error) {
      // A plugin's view() that throws must not stop the page from following the run.
      $('run-error').textContent = `could not draw a frame: ${errorText(error)}`;
    } finally {
      if (session?.phase === 'running') requestDraw();
    }
  });
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
    showFrame(plugin.view(step!.state), `Step ${stepShown + 1} of ${session!.steps.length}${data ? ` · ${data}` : ''}`, step);
    stepDrawn = stepShown;
  };
  if (step && stepTimer !== undefined) return showStep();
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

function draw(): void {
  drawStatus();
  drawViewer();
  drawSummary();
  solutionList.update();
}

function openSolution(index: number): void {
  if (!session || index < 1 || index > session.solutions.length) return;
  viewing = { kind: 'solution', index };
  solutionList.select(index);
  requestDraw();
}

function playSteps(fromStart: boolean): void {
  if (fromStart) stepShown = stepDrawn = -1;
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
  stepTimer = setInterval(tick, Math.max(16, stepDelayMs));
}

function stopSteps(): void {
  if (stepTimer !== undefined) clearInterval(stepTimer);
  stepTimer = undefined;
}

function onSessionChange(run: RunSession): void {
  if (run !== session) return;
  if (run.steps.length > 0 && stepTimer === undefined && stepShown < run.steps.length - 1) playSteps(false);
  // A finished search without an animation opens its first solution.
  if (run.phase === 'done' && run.steps.length === 0 && viewing.kind === 'live' && run.solutions.length > 0) {
    viewing = { kind: 'solution', index: 1 };
    solutionList.select(1);
  }
  requestDraw();
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

function run(): void {
  const prepared = validate();
  if (!current || !prepared) return;
  session?.cancel();
  stopSteps();
  stepShown = -1;
  stepDrawn = -1;
  stepDelayMs = prepared.delayMs;
  viewing = { kind: 'live' };
  drawn = { key: undefined };
  $('summary').replaceChildren();
  const registered = current;
  const started: RunSession = new RunSession(registered, prepared.instance, prepared.limit, () => onSessionChange(started));
  session = started;
  solutionList.reset(registered.plugin, palette, started.solutions);
  requestDraw();
  // On a phone the viewer sits below the form: bring it into sight.
  if (matchMedia('(max-width: 760px)').matches) $('viewer').scrollIntoView({ block: 'start' });
}

function cancel(): void {
  session?.cancel();
}

function selectPlugin(id: string, values: Record<string, string>): void {
  const registered = loaded.registry.get(id);
  if (!registered) return;
  session?.cancel();
  session = undefined;
  stopSteps();
  current = registered;
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
  form = buildOptionForm(plugin, values);
  $('fields').replaceChildren(form.fields);
  $('form-error').textContent = '';
  $('summary').replaceChildren();
  solutionList.reset(plugin, palette, []);
  writeState(id, form.urlValues());
  draw();
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
        run();
      },
      oninput: () => {
        if (current && form) writeState(current.plugin.id, form.urlValues());
        validate();
      },
    },
    h('div', { id: 'fields' }),
    h('p', { id: 'form-error', class: 'error', role: 'alert' }),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', id: 'run', class: 'primary' }, 'Run'),
      h('button', { type: 'button', id: 'cancel', disabled: true, onclick: cancel }, 'Cancel'),
      h('a', { id: 'share', href: '', title: 'A link that reopens and starts this run', onclick: (event: Event) => shareLink(event) }, 'Link'),
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
            h('span', { class: 'count-line' }, h('span', { id: 'count' }, '0'), ' solutions'),
            h('span', { id: 'phase' }),
            h('span', { id: 'elapsed' }),
            h('span', { id: 'counters', class: 'meta' }),
            h('span', { id: 'kept', class: 'meta' }),
          ),
          h('p', { id: 'run-error', class: 'error', role: 'alert' }),
          h('div', { id: 'summary', class: 'summary' }),
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
        ),
        h('section', { class: 'solutions', 'aria-label': 'Solutions' }, h('h3', {}, 'Solutions'), solutionList.element),
      ),
    ),
  );
}

function shareLink(event: Event): void {
  if (!current || !form) return;
  (event.currentTarget as HTMLAnchorElement).href = `${stateSearch(current.plugin.id, form.urlValues())}&run=1`;
}

function browseWithKeys(event: KeyboardEvent): void {
  if (viewing.kind !== 'solution' || !session || (event.target as HTMLElement).closest('input, textarea, select')) return;
  if (event.key === 'ArrowRight') openSolution(Math.min(session.solutions.length, viewing.index + 1));
  else if (event.key === 'ArrowLeft') openSolution(Math.max(1, viewing.index - 1));
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
  selectPlugin(wanted, wanted === state.puzzle ? state.values : {});
  if (state.puzzle && wanted !== state.puzzle) {
    const broken = loaded.unavailable.find((entry) => entry.id === state.puzzle);
    $('form-error').textContent = broken
      ? `the puzzle '${state.puzzle}' is unavailable: ${broken.error}`
      : `no puzzle called '${state.puzzle}' is available`;
  }
  document.body.dataset['ready'] = 'true';
  if (state.run && wanted === state.puzzle) run();
}

void boot();
