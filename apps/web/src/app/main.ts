// The page's start: list the puzzles the manifest names, build the shell with its modes, and open
// the puzzle the URL names (or the first one). A puzzle's code is loaded when it is opened.
import type { RegisteredPlugin } from '@kit/core/host';
import { MANIFEST_PATH } from '../shared/manifest.js';
import { h } from './dom.js';
import { errorText } from './errors.js';
import { loadPlugins, type PluginCatalog } from './load-plugins.js';
import type { ModeRequest } from './page-mode.js';
import { PlayMode } from './play/play-mode.js';
import { wantsPlay } from './play/play-url.js';
import { Shell } from './shell.js';
import { SolveMode } from './solve-mode.js';
import { solidViewerKind } from './solid-view.js';
import { readState } from './url-state.js';
import { gridViewerKind } from './viewer.js';
import { reloadOnRebuild } from './watch-reload.js';
import { PageWorkers } from './page-workers.js';

async function boot(root: HTMLElement): Promise<void> {
  let catalog: PluginCatalog;
  try {
    catalog = await loadPlugins(new URL(MANIFEST_PATH, document.baseURI));
  } catch (error) {
    root.replaceChildren(h('p', { class: 'error' }, errorText(error)));
    return;
  }
  if (catalog.revision !== undefined) reloadOnRebuild(catalog.revision);
  // The page's one supply of workers, for Solve and Play: one solver per core, started and loaded with
  // the shown puzzle's solver before Run is pressed. body[data-workers] says when they are ready (the
  // benchmark waits for it, as a person would).
  const workers: PageWorkers = new PageWorkers(navigator.hardwareConcurrency || 1, () => {
    document.body.dataset['workers'] = workers.ready ? 'ready' : 'starting';
  });
  const modes = [new SolveMode(workers, [solidViewerKind, gridViewerKind]), new PlayMode(workers)];
  const shell: Shell = new Shell(catalog.entries, catalog.unavailable, modes, (id) => void show(id, { values: {} }));
  root.replaceChildren(shell.elements.root);

  /** The first puzzle whose code loads, with the reason another could not be shown. */
  async function fallback(problem: string): Promise<void> {
    for (const entry of catalog.entries) {
      const registered = await catalog.load(entry.id).catch((error: unknown) => {
        shell.addUnavailable({ id: entry.id, source: entry.source, error: errorText(error) });
        return undefined;
      });
      if (registered) return shell.open(registered, { values: {}, problem });
    }
    shell.showNothing('No puzzles available');
  }

  /**
   * Loads a puzzle's code and opens it in a mode (by default the first that offers something); a
   * puzzle that cannot load is reported and the first working one shown.
   */
  async function show(id: string, request: ModeRequest, modeId?: string): Promise<void> {
    let registered: RegisteredPlugin;
    try {
      registered = await catalog.load(id);
    } catch (error) {
      shell.addUnavailable({ id, source: catalog.entries.find((entry) => entry.id === id)?.source ?? id, error: errorText(error) });
      return fallback(`the puzzle '${id}' is unavailable: ${errorText(error)}`);
    }
    shell.open(registered, request, modeId);
  }

  const state = readState(location.search);
  const first = catalog.entries[0];
  if (!first) shell.showNothing('No puzzles available');
  else if (state.puzzle !== undefined && catalog.entries.some((entry) => entry.id === state.puzzle)) {
    const mode = wantsPlay(location.search) ? 'play' : undefined;
    await show(state.puzzle, { values: state.values, ...(state.example !== undefined ? { example: state.example } : {}), start: state.run }, mode);
  } else if (state.puzzle !== undefined) {
    const broken = catalog.unavailable.find((entry) => entry.id === state.puzzle);
    await fallback(broken ? `the puzzle '${state.puzzle}' is unavailable: ${broken.error}` : `no puzzle called '${state.puzzle}' is available`);
  } else {
    await show(first.id, { values: {} });
  }
  // Back and Forward move in and out of play (the Play tab adds a history entry when entered).
  window.addEventListener('popstate', () => {
    const now = readState(location.search);
    if (now.puzzle !== undefined && catalog.entries.some((entry) => entry.id === now.puzzle)) {
      void show(now.puzzle, { values: now.values, resume: true }, wantsPlay(location.search) ? 'play' : 'solve');
    }
  });
  document.body.dataset['ready'] = 'true';
}

void boot(document.getElementById('app')!);
