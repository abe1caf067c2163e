// New game and Daily, for plugins with a generator: the size (a menu of the generator's presets, or
// width and height fields) and the difficulty (its levels), the buttons, Cancel while a puzzle is
// made, a progress line after 300 ms with the tries so far, and the shown game's difficulty
// (`data-difficulty`). Its lines keep their space, so nothing under them moves as they change.
import type { GeneratorSpec } from '@kit/core/make';
import { h, setText } from '../dom.js';
import { checkSize, dailyGame, defaultLevel, type MadeGame } from './made-game.js';

/** A puzzle that takes longer than this to make shows a progress line. */
export const PROGRESS_AFTER_MS = 300;

export interface NewGameActions {
  make(game: MadeGame): void;
  cancel(): void;
}

export class NewGamePanel {
  readonly element: HTMLElement;
  readonly #sizePreset = h('select', { id: 'new-game-size' });
  readonly #width = h('input', { type: 'text', id: 'new-game-width', inputmode: 'numeric', size: 3 });
  readonly #height = h('input', { type: 'text', id: 'new-game-height', inputmode: 'numeric', size: 3 });
  readonly #sizeField = h('div', { class: 'field new-game-size' });
  readonly #level = h('select', { id: 'new-game-difficulty' });
  readonly #newGame = h('button', { type: 'button', id: 'new-game', class: 'primary' }, 'New game');
  readonly #daily = h('button', { type: 'button', id: 'new-game-daily', title: "Today's puzzle, the same for everyone (UTC day)" }, 'Daily');
  readonly #cancel = h('button', { type: 'button', id: 'new-game-cancel', disabled: true }, 'Cancel');
  readonly #status = h('p', { id: 'new-game-status', class: 'new-game-status meta', role: 'status' });
  readonly #shown = h('p', { id: 'play-difficulty', class: 'play-difficulty meta' });
  #generator: GeneratorSpec | undefined;
  #pluginId = '';
  #progressTimer: ReturnType<typeof setTimeout> | undefined;
  #tries = 0;
  #progressShown = false;

  constructor(private readonly actions: NewGameActions) {
    this.#newGame.addEventListener('click', () => this.#makeChosen());
    this.#daily.addEventListener('click', () => this.actions.make(dailyGame(this.#pluginId, this.#generator!, new Date())));
    this.#cancel.addEventListener('click', () => this.actions.cancel());
    this.element = h(
      'section',
      { class: 'new-game', 'aria-label': 'New game', hidden: true },
      this.#sizeField,
      h('div', { class: 'field' }, h('label', { for: 'new-game-difficulty' }, 'difficulty'), this.#level),
      h('div', { class: 'actions play-actions' }, this.#newGame, this.#daily, this.#cancel),
      this.#status,
      this.#shown,
    );
  }

  /** Shows the controls for this plugin's generator, or hides them when it has none. */
  setPlugin(pluginId: string, generator: GeneratorSpec | undefined): void {
    this.element.hidden = generator === undefined;
    if (pluginId === this.#pluginId && generator === this.#generator) return;
    this.#pluginId = pluginId;
    this.#generator = generator;
    if (!generator) return;
    this.#level.replaceChildren(...generator.levels.map((level) => h('option', { value: level }, level)));
    this.#level.value = defaultLevel(generator);
    const size = generator.size;
    if (!size) this.#sizeField.replaceChildren();
    else if (size.presets?.length) {
      this.#sizePreset.replaceChildren(...size.presets.map((preset) => h('option', { value: preset }, preset)));
      this.#sizePreset.value = size.presets.includes(size.default) ? size.default : size.presets[0]!;
      this.#sizeField.replaceChildren(h('label', { for: 'new-game-size' }, 'size'), this.#sizePreset);
    } else {
      const [width, height] = size.default.split('x');
      this.#width.value = width ?? '';
      this.#height.value = height ?? '';
      this.#sizeField.replaceChildren(
        h('label', { for: 'new-game-width' }, 'size', h('span', { class: 'hint' }, `${size.min} to ${size.max}`)),
        h(
          'span',
          { class: 'size-pair' },
          this.#width,
          h('span', { 'aria-hidden': 'true' }, ' × '),
          h('label', { for: 'new-game-height', class: 'visually-hidden' }, 'height'),
          this.#height,
        ),
      );
      this.#width.setAttribute('aria-label', 'width');
    }
  }

  /** A puzzle is being made: Cancel on, and after a moment the tries so far. */
  making(): void {
    this.#newGame.disabled = this.#daily.disabled = true;
    this.#cancel.disabled = false;
    this.#tries = 0;
    this.#progressShown = false;
    setText(this.#status, '');
    clearTimeout(this.#progressTimer);
    this.#progressTimer = setTimeout(() => {
      this.#progressShown = true;
      this.#drawProgress();
    }, PROGRESS_AFTER_MS);
  }

  progress(tries: number): void {
    this.#tries = tries;
    if (this.#progressShown) this.#drawProgress();
  }

  /** Making is over: `text` says how (made, cancelled, or why not). */
  done(text: string): void {
    clearTimeout(this.#progressTimer);
    this.#newGame.disabled = this.#daily.disabled = false;
    this.#cancel.disabled = true;
    setText(this.#status, text);
  }

  /** The game on the board: a made one's difficulty and seed, or nothing for a given puzzle. */
  show(game: MadeGame | undefined): void {
    if (!game) {
      delete this.#shown.dataset['difficulty'];
      setText(this.#shown, '');
      return;
    }
    this.#shown.dataset['difficulty'] = game.difficulty;
    this.#shown.dataset['seed'] = String(game.seed);
    const what = game.day ? `Daily puzzle of ${game.day}` : 'New game';
    setText(this.#shown, `${what}: ${game.difficulty}${game.size ? `, ${game.size}` : ''}, seed ${game.seed}`);
    if (this.#generator?.levels.includes(game.difficulty)) this.#level.value = game.difficulty;
  }

  #drawProgress(): void {
    setText(this.#status, `Making a puzzle… ${this.#tries} ${this.#tries === 1 ? 'try' : 'tries'}`);
  }

  #makeChosen(): void {
    const generator = this.#generator;
    if (!generator) return;
    let size: string | undefined;
    if (generator.size) size = generator.size.presets?.length ? this.#sizePreset.value : `${this.#width.value.trim()}x${this.#height.value.trim()}`;
    const problem = checkSize(generator, size);
    if (problem) return this.done(problem);
    // A fresh seed each time: a new game is a surprise; its link makes it again.
    const seed = crypto.getRandomValues(new Uint32Array(1))[0]!;
    this.actions.make({ difficulty: this.#level.value, seed, size, parameters: {}, day: undefined });
  }
}
