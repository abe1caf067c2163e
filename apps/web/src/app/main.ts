// The page's start: load the plugins the manifest lists, build the shell with its modes, and open
// the puzzle the URL names (or the first one).
import { MANIFEST_PATH } from '../shared/manifest.js';
import { h } from './dom.js';
import { errorText } from './errors.js';
import { loadPlugins } from './load-plugins.js';
import { PlayMode } from './play/play-mode.js';
import { wantsPlay } from './play/play-url.js';
import { Shell } from './shell.js';
import { SolveMode } from './solve-mode.js';
import { readState } from './url-state.js';
import { WorkerPool } from './worker-pool.js';

async function boot(root: HTMLElement): Promise<void> {
  let loaded;
  try {
    loaded = await loadPlugins(new URL(MANIFEST_PATH, document.baseURI));
  } catch (error) {
    root.replaceChildren(h('p', { class: 'error' }, errorText(error)));
    return;
  }
  // One worker per core, started and loaded with the shown puzzle's solver before Run is pressed.
  // body[data-workers] says when they are ready (the benchmark waits for it, as a person would).
  const workers: WorkerPool = new WorkerPool(navigator.hardwareConcurrency || 1, () => {
    document.body.dataset['workers'] = workers.ready ? 'ready' : 'starting';
  });
  const modes = [new SolveMode(workers), new PlayMode()];
  const { registry, available, unavailable } = loaded;
  const shell = new Shell(available, unavailable, modes, (id) => shell.open(registry.get(id)!, { values: {} }));
  root.replaceChildren(shell.elements.root);

  const state = readState(location.search);
  const first = available[0];
  if (!first) {
    shell.showNothing('No puzzles available');
    document.body.dataset['ready'] = 'true';
    return;
  }
  const wanted = state.puzzle !== undefined ? registry.get(state.puzzle) : undefined;
  if (wanted) {
    const mode = wantsPlay(location.search) ? 'play' : undefined;
    shell.open(wanted, { values: state.values, ...(state.example !== undefined ? { example: state.example } : {}), start: state.run }, mode);
  } else {
    const broken = unavailable.find((entry) => entry.id === state.puzzle);
    const problem =
      state.puzzle === undefined ? undefined : broken ? `the puzzle '${state.puzzle}' is unavailable: ${broken.error}` : `no puzzle called '${state.puzzle}' is available`;
    shell.open(first, { values: {}, ...(problem ? { problem } : {}) });
  }
  // Back and Forward move in and out of play (the Play tab adds a history entry when entered).
  window.addEventListener('popstate', () => {
    const now = readState(location.search);
    const registered = now.puzzle !== undefined ? registry.get(now.puzzle) : undefined;
    if (registered) shell.open(registered, { values: now.values, resume: true }, wantsPlay(location.search) ? 'play' : 'solve');
  });
  document.body.dataset['ready'] = 'true';
}

void boot(document.getElementById('app')!);
