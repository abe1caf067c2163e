// The page's frame: the title and the puzzle list, the shown puzzle's heading, a tab per mode that
// offers something for it, and the mode's panel. It knows the modes only through PageMode.
import type { RegisteredPlugin } from '@kit/core/host';
import { h } from './dom.js';
import type { CatalogEntry, UnavailablePlugin } from './load-plugins.js';
import type { ModeRequest, PageMode } from './page-mode.js';
import { pageWords } from './page-words.js';
import { readState } from './url-state.js';

export interface ShellElements {
  root: HTMLElement;
  puzzles: HTMLElement;
  title: HTMLElement;
  description: HTMLElement;
  meta: HTMLElement;
  tabs: HTMLElement;
  panels: HTMLElement;
  unavailable: HTMLElement;
}

export class Shell {
  readonly elements: ShellElements;
  readonly #modes: readonly PageMode[];
  readonly #tabs = new Map<string, HTMLButtonElement>();
  readonly #puzzleButtons = new Map<string, HTMLButtonElement>();
  #current: RegisteredPlugin | undefined;
  #mode: PageMode;

  readonly #unavailableList = h('ul', {});

  constructor(
    available: readonly CatalogEntry[],
    unavailable: readonly UnavailablePlugin[],
    modes: readonly PageMode[],
    /** A puzzle button was pressed. */
    private readonly onPick: (id: string) => void,
  ) {
    if (modes.length === 0) throw new Error('the page needs at least one mode');
    this.#modes = modes;
    this.#mode = modes[0]!;
    const puzzles = h('nav', { id: 'puzzles', 'aria-label': 'Puzzles' });
    for (const entry of available) {
      const button = h('button', { type: 'button', 'data-plugin': entry.id, title: entry.description, onclick: () => this.onPick(entry.id) }, entry.title);
      this.#puzzleButtons.set(entry.id, button);
      puzzles.append(button);
    }
    const tabs = h('div', { class: 'mode-tabs', role: 'tablist', 'aria-label': 'Mode', hidden: true });
    for (const mode of modes) {
      const tab = h(
        'button',
        { type: 'button', role: 'tab', id: `tab-${mode.id}`, 'data-mode': mode.id, 'aria-controls': `panel-${mode.id}`, onclick: () => this.#choose(mode) },
        mode.label,
      );
      this.#tabs.set(mode.id, tab);
      tabs.append(tab);
      mode.panel.id = `panel-${mode.id}`;
      mode.panel.setAttribute('role', 'tabpanel');
      mode.panel.setAttribute('aria-labelledby', `tab-${mode.id}`);
      mode.panel.hidden = mode !== this.#mode;
    }
    const unavailableList = h(
      'section',
      { id: 'unavailable', class: 'unavailable', 'aria-label': 'Unavailable plugins', hidden: true },
      h('h2', { class: 'section-title' }, 'Unavailable plugins'),
      this.#unavailableList,
    );
    const title = h('h2', { id: 'plugin-title' });
    const description = h('p', { id: 'plugin-description', class: 'description' });
    const meta = h('p', { id: 'plugin-meta', class: 'meta' });
    const panels = h('div', { class: 'mode-panels' }, ...modes.map((mode) => mode.panel));
    const root = h(
      'div',
      { class: 'shell' },
      h('header', { class: 'top' }, h('h1', {}, 'Puzzle Kit'), puzzles),
      h(
        'main',
        { class: 'page' },
        h('div', { class: 'plugin-head' }, h('div', { class: 'plugin-heading' }, title, description, meta), tabs),
        panels,
        unavailableList,
      ),
    );
    this.elements = { root, puzzles, title, description, meta, tabs, panels, unavailable: unavailableList };
    for (const entry of unavailable) this.addUnavailable(entry);
  }

  /** A plugin that could not be loaded: listed with the reason, and no longer offered. */
  addUnavailable(entry: UnavailablePlugin): void {
    this.#unavailableList.append(
      h('li', { 'data-plugin': entry.id }, h('strong', {}, entry.id), ` (${entry.source}): `, h('span', { class: 'reason' }, entry.error)),
    );
    this.elements.unavailable.hidden = false;
    this.#puzzleButtons.get(entry.id)?.remove();
    this.#puzzleButtons.delete(entry.id);
  }

  get mode(): PageMode {
    return this.#mode;
  }

  /** Shows a plugin: its heading, the tabs of the modes that offer something for it, and the chosen mode. */
  open(registered: RegisteredPlugin, request: ModeRequest, modeId?: string): void {
    this.#mode.leave();
    this.#current = registered;
    const { plugin } = registered;
    for (const [id, button] of this.#puzzleButtons) button.setAttribute('aria-current', String(id === plugin.id));
    this.elements.title.textContent = plugin.title;
    this.elements.description.textContent = pageWords(plugin, plugin.description);
    // The version only: where the plugin is installed (a package path) means nothing to a player.
    this.elements.meta.textContent = `version ${plugin.version}`;
    document.title = `${plugin.title} · Puzzle Kit`;
    const offered = this.#modes.filter((mode) => mode.offers(registered));
    this.elements.tabs.hidden = offered.length < 2;
    for (const mode of this.#modes) this.#tabs.get(mode.id)!.hidden = !offered.includes(mode);
    const wanted = offered.find((mode) => mode.id === modeId) ?? offered[0] ?? this.#modes[0]!;
    this.#show(wanted);
    wanted.open(registered, request);
  }

  /** A message where there is no plugin to show. */
  showNothing(message: string): void {
    this.elements.title.textContent = message;
    for (const mode of this.#modes) mode.panel.hidden = true;
  }

  #choose(mode: PageMode): void {
    if (mode === this.#mode || !this.#current) return;
    this.#mode.leave();
    this.#show(mode);
    // The address holds what the mode being left showed (Solve's form, the puzzle in play): a mode
    // that has nothing for this puzzle yet starts from it.
    const state = readState(location.search);
    mode.open(this.#current, { values: state.puzzle === this.#current.plugin.id ? state.values : {}, resume: true });
  }

  #show(mode: PageMode): void {
    this.#mode = mode;
    for (const each of this.#modes) {
      each.panel.hidden = each !== mode;
      this.#tabs.get(each.id)!.setAttribute('aria-selected', String(each === mode));
    }
  }
}
