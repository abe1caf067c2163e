// A field that pieces drop into from a queue (Puyo's pairs). The piece in hand hangs over the
// field; the arrows move it, Z and X turn it (anticlockwise, clockwise; Up turns clockwise too),
// Down, Space or Enter drops it. It only goes where the plugin's rules let it (`legalDrops`): a
// move or turn towards a place it cannot reach skips to the nearest one it can. A drop plays what
// it set off (a chain's steps, popping groups picked out) before the field settles; the plugin's
// counters (chain, score) stand large beside the field, with the next pieces and the goal. Where
// the plugin allows it, the field is edited in place (Edit: a palette of the editor's values, taps
// on the field's cells), and Done plays the edited field as the puzzle.
import type { Frame } from '@kit/core';
import { currentDrop, type DropPlacement, type DropsSetup, type PlayView } from '@kit/core/play';
import { h } from '../dom.js';
import { cellColour } from '../frame-svg.js';
import { BoardFrame } from './board-frame.js';
import { BoardPainter } from './board-painter.js';
import { CountersView } from './counters-view.js';
import type { BoardHost, BoardState, Highlights, PlayBoard } from './play-board.js';

const same = (a: DropPlacement, b: DropPlacement) => a.column === b.column && a.rotation === b.rotation;

export class DropsBoard implements PlayBoard {
  readonly element: HTMLElement;
  readonly #field = new BoardFrame(false, 'drops-field');
  readonly #hand = new BoardFrame(false, 'drops-hand');
  readonly #next = h('ol', { class: 'drops-next', 'aria-label': 'Next pieces' });
  readonly #counters = new CountersView();
  readonly #goal = h('p', { class: 'play-goal', hidden: true });
  readonly #over = h('p', { class: 'play-over', hidden: true });
  readonly #caption = h('p', { class: 'drops-caption', 'aria-live': 'polite' });
  readonly #stage: HTMLElement;
  readonly #rows: { min: number; max: number };
  #cursor: DropPlacement;
  #legal: DropPlacement[] = [];
  /** The queue index the cursor was set for: a new piece starts at the spawn. */
  #pieceAt = -1;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #state: BoardState | undefined;
  /** False while a drop's chain plays: the landing preview waits for the settled field. */
  #settled = false;
  readonly #controls: HTMLElement;
  /** Edit and, while editing, Cancel (boards the plugin lets the player edit). */
  readonly #edit: HTMLButtonElement | undefined;
  readonly #cancel: HTMLButtonElement | undefined;
  /** The field being edited in place, while it is. */
  #painter: BoardPainter | undefined;

  constructor(
    private readonly setup: DropsSetup,
    private readonly host: BoardHost,
    /** Pause between the steps of what a drop sets off. */
    private readonly stepDelayMs: number,
  ) {
    this.#cursor = { ...setup.spawn };
    const editing = host.editing;
    if (editing) {
      this.#edit = h(
        'button',
        { type: 'button', class: 'drop-button board-edit', onclick: () => (this.#painter ? this.#stopEditing(true) : this.#startEditing()) },
        `Edit ${editing.spec.label.toLowerCase()}`,
      );
      this.#cancel = h('button', { type: 'button', class: 'drop-button board-edit', hidden: true, onclick: () => this.#stopEditing(false) }, 'Cancel edit');
    }
    const rows = setup.rotations.flatMap((rotation) => rotation.offsets.map(([row]) => row));
    this.#rows = { min: Math.min(0, ...rows), max: Math.max(0, ...rows) };
    const button = (label: string, text: string, action: () => void) =>
      h('button', { type: 'button', class: 'drop-button', 'aria-label': label, title: label, onclick: () => action() }, text);
    this.#controls = h(
      'div',
      { class: 'drop-buttons', role: 'toolbar', 'aria-label': 'Piece' },
      button('Move left', '◀', () => this.#shift(-1)),
      button('Turn anticlockwise (Z)', '⟲', () => this.#turn(-1)),
      button('Drop', 'Drop ▼', () => this.#drop()),
      button('Turn clockwise (X)', '⟳', () => this.#turn(1)),
      button('Move right', '▶', () => this.#shift(1)),
    );
    this.#stage = h(
      'div',
      {
        class: 'drops-stage',
        tabindex: 0,
        role: 'group',
        'aria-label': 'Field: Left and Right move the piece, Z and X turn it, Down drops it',
        'aria-describedby': 'drops-help',
      },
      this.#hand.element,
      this.#field.element,
    );
    this.#stage.addEventListener('keydown', (event) => this.#key(event));
    this.#stage.dataset['playBoard'] = 'drops';
    this.element = h(
      'div',
      { class: 'drops-play' },
      h('div', { class: 'drops-main' }, this.#stage, this.#controls, this.#caption),
      h('div', { class: 'drops-side' }, this.#counters.element, this.#goal, h('h3', {}, 'Next'), this.#next, this.#over, ...this.#editButtons()),
      h('p', { class: 'board-help', id: 'drops-help' }, 'Keys: Left and Right move the piece, Z and X (or Up) turn it, Down, Space or Enter drops it.'),
    );
    this.element.style.setProperty('--drop-columns', String(setup.columns));
  }

  focus(): void {
    this.#stage.focus();
  }

  #editButtons(): HTMLElement[] {
    return this.#edit && this.#cancel ? [h('div', { class: 'board-edit-buttons' }, this.#edit, this.#cancel)] : [];
  }

  /** The field as it stands in place of the played one, its cells painted with the editor's values. */
  #startEditing(): void {
    const editing = this.host.editing;
    const view = this.#state?.status.view;
    if (!editing || !view || this.#painter) return;
    const editable = editing.current();
    if (!editable) {
      this.host.say(`the ${editing.spec.label.toLowerCase()} cannot be edited as it stands`);
      return;
    }
    // A chain still playing is cut short: the edit starts from the settled field.
    clearTimeout(this.#timer);
    this.#settle(view);
    const painter = new BoardPainter(editing.spec, this.host.palette, view.frame, editable, 'drops-field');
    this.#painter = painter;
    this.#field.element.replaceWith(painter.element);
    this.#controls.replaceWith(painter.palette);
    this.#edit!.textContent = 'Done';
    this.#cancel!.hidden = false;
    this.#caption.textContent = `Done plays the edited ${editing.spec.label.toLowerCase()} from here.`;
    this.element.classList.add('editing');
    painter.focus();
  }

  /** Done (`commit`: the edited field is played, when it changed) or Cancel. */
  #stopEditing(commit: boolean): void {
    const painter = this.#painter;
    const editing = this.host.editing;
    if (!painter || !editing) return;
    if (commit && painter.changed()) {
      // Played, the screen starts a game of the edited puzzle on a new board; refused (the reason said), the edit goes on.
      editing.commit(painter.text());
      return;
    }
    this.#painter = undefined;
    painter.element.replaceWith(this.#field.element);
    painter.palette.replaceWith(this.#controls);
    this.#edit!.textContent = `Edit ${editing.spec.label.toLowerCase()}`;
    this.#cancel!.hidden = true;
    this.#caption.textContent = '';
    this.element.classList.remove('editing');
    this.#stage.focus();
  }

  dispose(): void {
    clearTimeout(this.#timer);
  }

  draw(state: BoardState): void {
    if (state.game.position.kind !== 'drops') return;
    // The position changed under the edit (Undo, Redo, a hint): the edit is dropped.
    this.#stopEditing(false);
    clearTimeout(this.#timer);
    this.#state = state;
    this.#legal = state.status.legalDrops;
    const at = currentDrop(this.setup, state.game.position) ?? -1;
    if (at !== this.#pieceAt || !this.#legal.some((drop) => same(drop, this.#cursor))) {
      this.#pieceAt = at;
      this.#cursor = this.#nearest(this.setup.spawn.column, this.setup.spawn.rotation) ?? { ...this.setup.spawn };
    }
    const view = state.status.view;
    const steps = state.fresh ? (view.steps ?? []) : [];
    this.#settled = steps.length === 0;
    if (steps.length > 0) this.#animate(view, 0);
    else this.#settle(view);
    this.#drawHand();
    this.#drawNext(state);
    // The rows the hand and the field take, so a phone's stylesheet can size the stage to the screen.
    this.element.style.setProperty('--drop-rows', String(this.#hand.height + this.#field.height));
  }

  /** Plays step `index` of what the last drop set off, then the next, then the settled field. */
  #animate(view: PlayView, index: number): void {
    const step = view.steps![index];
    if (!step) return this.#settle(view);
    this.#drawField(step.frame, step.highlight ?? []);
    this.#drawGhost(false);
    this.#caption.textContent = step.caption ?? '';
    this.#timer = setTimeout(() => this.#animate(view, index + 1), this.stepDelayMs);
  }

  #settle(view: PlayView): void {
    this.#settled = true;
    this.#drawField(view.frame, [], view.description);
    this.#drawGhost();
    this.#caption.textContent = '';
    this.#counters.draw(view.counters);
    this.#goal.hidden = !view.goal;
    if (view.goal) {
      this.#goal.textContent = `Goal: ${view.goal.text} · ${view.goal.met ? 'met ✓' : 'not met yet'}`;
      this.#goal.dataset['met'] = String(view.goal.met);
    }
    this.#over.hidden = view.over === undefined;
    this.#over.textContent = view.over ?? '';
  }

  #drawField(frame: Frame, highlight: readonly number[], description?: string): void {
    this.#field.draw(frame, this.host.palette, description ?? frame.title ?? 'Field');
    this.#field.mark('pop', highlight);
    const state = this.#state!;
    this.#field.mark(
      'violation',
      state.status.violations.flatMap((violation) => violation.cells),
    );
    this.highlight(state.highlights);
  }

  /** The column a mistake or a hint drops into, down the whole field. */
  highlight(highlights: Highlights): void {
    if (this.#state) this.#state = { ...this.#state, highlights };
    const { width, height } = this.#field;
    const column = (placement: DropPlacement | undefined) =>
      placement && width === this.setup.columns ? Array.from({ length: height }, (_, row) => row * width + placement.column) : [];
    this.#field.mark('mistake', column(highlights.dropMistake));
    this.#field.mark('hint', column(highlights.dropHint));
  }

  /** The piece in hand over the field, at the cursor. */
  #drawHand(): void {
    const state = this.#state;
    if (state?.game.position.kind !== 'drops') return;
    const columns = this.setup.columns;
    const height = this.#rows.max - this.#rows.min + 1;
    const cells: Frame['cells'] = Array.from({ length: columns * height }, () => ({ hole: true }));
    const at = currentDrop(this.setup, state.game.position);
    const piece = at === undefined ? undefined : this.setup.queue[at];
    const canDrop = piece !== undefined && this.#legal.length > 0;
    if (piece && canDrop) {
      const offsets = this.setup.rotations[this.#cursor.rotation]?.offsets ?? [];
      offsets.forEach(([row, col], part) => {
        const x = this.#cursor.column + col;
        const y = row - this.#rows.min;
        if (x >= 0 && x < columns && y >= 0 && y < height) cells[y * columns + x] = piece.parts[part] ?? {};
      });
    }
    const rotation = this.setup.rotations[this.#cursor.rotation]?.label ?? '';
    const label = piece && canDrop ? `Piece ${piece.label} over column ${this.#cursor.column + 1}, ${rotation}` : 'No piece to drop';
    this.#hand.draw({ width: columns, height, cells }, this.host.palette, label);
    this.#drawGhost();
    this.#stage.dataset['column'] = String(this.#cursor.column);
    this.#stage.dataset['rotation'] = String(this.#cursor.rotation);
    this.#stage.setAttribute('aria-label', `Field. ${label}. Left and Right move it, Z and X turn it, Down drops it`);
  }

  /**
   * The landing preview: the field cells where the piece in hand would come to rest (the plugin's
   * `landings` for the cursor), each carrying `data-ghost` with its part's label.
   */
  #drawGhost(show = this.#settled): void {
    const state = this.#state;
    const cells = this.#field.cells;
    for (const cell of cells) {
      delete cell.dataset['ghost'];
      cell.style.removeProperty('--ghost');
    }
    const at = state && state.game.position.kind === 'drops' ? currentDrop(this.setup, state.game.position) : undefined;
    const piece = at === undefined ? undefined : this.setup.queue[at];
    const landing =
      show && piece && this.#legal.some((drop) => same(drop, this.#cursor))
        ? state?.status.view.landings?.[`${this.#cursor.column}:${this.#cursor.rotation}`]
        : undefined;
    const marked: number[] = [];
    (landing ?? []).forEach((index, part) => {
      const cell = index === null ? undefined : cells[index];
      if (!cell) return;
      const look = piece!.parts[part] ?? {};
      cell.dataset['ghost'] = look.label ?? String(part + 1);
      // Drawn in the part's own colour, faint, so the preview reads as the pair it is.
      const colour = cellColour(look, this.host.palette);
      if (colour) cell.style.setProperty('--ghost', colour);
      marked.push(index!);
    });
    this.#field.mark('ghost', marked);
  }

  #drawNext(state: BoardState): void {
    if (state.game.position.kind !== 'drops') return;
    const at = currentDrop(this.setup, state.game.position);
    const items: HTMLElement[] = [];
    for (let ahead = 1; at !== undefined && ahead <= this.setup.preview; ahead++) {
      const index = at + ahead;
      const queued = index < this.setup.queue.length ? index : this.setup.repeat && this.setup.queue.length ? index % this.setup.queue.length : -1;
      const piece = this.setup.queue[queued];
      if (!piece) break;
      // Drawn as it spawns, in a small box of its own.
      const offsets = this.setup.rotations[this.setup.spawn.rotation]!.offsets;
      const rows = offsets.map(([row]) => row);
      const cols = offsets.map(([, col]) => col);
      const top = Math.min(...rows);
      const left = Math.min(...cols);
      const width = Math.max(...cols) - left + 1;
      const height = Math.max(...rows) - top + 1;
      const cells: Frame['cells'] = Array.from({ length: width * height }, () => ({ hole: true }));
      offsets.forEach(([row, col], part) => {
        cells[(row - top) * width + (col - left)] = piece.parts[part] ?? {};
      });
      const frame = new BoardFrame(false, 'drops-preview');
      frame.draw({ width, height, cells }, this.host.palette, piece.label);
      items.push(h('li', { 'aria-label': piece.label, 'data-piece': piece.label }, frame.element));
    }
    this.#next.replaceChildren(...items);
  }

  /** The legal placement with this rotation nearest to `column` (ties: the one to the right), if any. */
  #nearest(column: number, rotation: number, direction = 0): DropPlacement | undefined {
    let best: DropPlacement | undefined;
    for (const drop of this.#legal) {
      if (drop.rotation !== rotation) continue;
      if (direction !== 0 && Math.sign(drop.column - column) !== direction) continue;
      if (
        !best ||
        Math.abs(drop.column - column) < Math.abs(best.column - column) ||
        (Math.abs(drop.column - column) === Math.abs(best.column - column) && drop.column > best.column)
      )
        best = drop;
    }
    return best;
  }

  #shift(direction: -1 | 1): void {
    const next = this.#nearest(this.#cursor.column, this.#cursor.rotation, direction);
    if (!next) return;
    this.#cursor = next;
    this.#drawHand();
  }

  #turn(direction: -1 | 1): void {
    const count = this.setup.rotations.length;
    for (let step = 1; step < count; step++) {
      const rotation = (((this.#cursor.rotation + direction * step) % count) + count) % count;
      const next = this.#nearest(this.#cursor.column, rotation);
      if (next) {
        this.#cursor = next;
        this.#drawHand();
        return;
      }
    }
  }

  #drop(): void {
    if (this.#painter) return;
    if (!this.#legal.some((drop) => same(drop, this.#cursor))) {
      this.host.say(this.#legal.length === 0 ? 'no piece can be dropped any more' : 'the piece cannot be dropped there');
      return;
    }
    this.host.play({ type: 'drop', column: this.#cursor.column, rotation: this.#cursor.rotation });
  }

  #key(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey || this.#painter) return;
    const actions: Record<string, () => void> = {
      ArrowLeft: () => this.#shift(-1),
      ArrowRight: () => this.#shift(1),
      ArrowUp: () => this.#turn(1),
      x: () => this.#turn(1),
      z: () => this.#turn(-1),
      ArrowDown: () => this.#drop(),
      ' ': () => this.#drop(),
      Enter: () => this.#drop(),
    };
    const action = actions[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }
}
