// Play: the page's second mode (see page-mode.ts), for every plugin with a play mode. Its code (the
// boards, the referee's client) is a chunk of its own, fetched the first time a puzzle is played,
// so the page that only solves loads none of it.
import type { RegisteredPlugin } from '@kit/core/host';
import type { PageWorkers } from '../page-workers.js';
import { h } from '../dom.js';
import type { ModeRequest, PageMode } from '../page-mode.js';
import type { PlayScreen } from './play-screen.js';

export class PlayMode implements PageMode {
  readonly id = 'play';
  readonly label = 'Play';
  readonly panel = h('div', { class: 'play-panel' }, h('p', { class: 'loading' }, 'Loading…'));
  #screen: Promise<PlayScreen> | undefined;
  #loaded: PlayScreen | undefined;
  /** Bumped by every open and leave: a screen that arrives late opens only the latest request. */
  #turn = 0;

  constructor(
    /** The page's supply: the maker's workers and the referee's. */
    private readonly workers: PageWorkers,
  ) {}

  offers(registered: RegisteredPlugin): boolean {
    return registered.plugin.play !== undefined;
  }

  open(registered: RegisteredPlugin, request: ModeRequest): void {
    const turn = ++this.#turn;
    this.#load().then(
      (screen) => {
        if (turn === this.#turn) screen.open(registered, request);
      },
      (error: unknown) => {
        this.panel.replaceChildren(h('p', { class: 'error' }, `The Play tab could not load: ${error instanceof Error ? error.message : String(error)}`));
      },
    );
  }

  leave(): void {
    this.#turn++;
    this.#loaded?.leave();
  }

  #load(): Promise<PlayScreen> {
    this.#screen ??= import('./play-screen.js').then(({ PlayScreen }) => (this.#loaded = new PlayScreen(this.panel, this.workers)));
    return this.#screen;
  }
}
