// Undo and Redo for the input editors of the Solve tab, as in play: buttons, Ctrl+Z, Ctrl+Shift+Z
// and Ctrl+Y. A step is what one gesture changed in the grids (a drag paints many cells, one step),
// kept in core's move history as the grids' texts; a step is undone by giving an editor its text
// back through its "As text" field, the way a pasted grid comes in, so the editors need no hook.
import { emptyHistory, playedMoves, recordMove, redoMove, undoMove, canRedo, canUndo, type History } from '@kit/core/play';
import { h } from './dom.js';

type Snapshot = readonly string[];

const same = (a: Snapshot, b: Snapshot) => a.length === b.length && a.every((text, i) => text === b[i]);

export class EditHistory {
  readonly element: HTMLElement;
  readonly #undo = h('button', { type: 'button', class: 'small', 'data-action': 'undo-edit', title: 'Ctrl+Z' }, 'Undo');
  readonly #redo = h('button', { type: 'button', class: 'small', 'data-action': 'redo-edit', title: 'Ctrl+Shift+Z or Ctrl+Y' }, 'Redo');
  /** The grids as the form opened. */
  #base: Snapshot = [];
  /** Each step: the grids after it. */
  #history: History<Snapshot> = emptyHistory();
  #restoring = false;
  /** A pointer is down: the changes it makes are one step, recorded when it is released. */
  #gesture = false;
  #pending = false;

  constructor(private readonly root: HTMLElement) {
    this.#undo.addEventListener('click', () => this.undo());
    this.#redo.addEventListener('click', () => this.redo());
    this.element = h('div', { class: 'edit-history', role: 'group', 'aria-label': 'Edits' }, this.#undo, this.#redo);
    root.addEventListener('input', (event) => {
      if (!this.#restoring && (event.target as HTMLElement).closest?.('[data-editor]')) this.#changed();
    });
    root.addEventListener('pointerdown', () => (this.#gesture = true), true);
    const release = () => {
      this.#gesture = false;
      if (this.#pending) this.#record();
    };
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
    document.addEventListener('keydown', (event) => this.#keys(event));
    this.#draw();
  }

  /** The form was rebuilt (another puzzle or example): its grids are the new start. */
  reset(): void {
    this.#base = this.#snapshot();
    this.#history = emptyHistory();
    this.#pending = false;
    this.#draw();
  }

  undo(): void {
    const history = undoMove(this.#history);
    if (history === this.#history) return;
    this.#history = history;
    this.#restore();
  }

  redo(): void {
    const history = redoMove(this.#history);
    if (history === this.#history) return;
    this.#history = history;
    this.#restore();
  }

  #texts(): HTMLTextAreaElement[] {
    return [...this.root.querySelectorAll<HTMLTextAreaElement>('textarea[data-editor-text]')];
  }

  #snapshot(): Snapshot {
    return this.#texts().map((text) => text.value);
  }

  #current(): Snapshot {
    const played = playedMoves(this.#history);
    return played[played.length - 1] ?? this.#base;
  }

  #changed(): void {
    this.#pending = true;
    if (!this.#gesture) this.#record();
  }

  #record(): void {
    this.#pending = false;
    const now = this.#snapshot();
    if (same(now, this.#current())) return;
    this.#history = recordMove(this.#history, now);
    this.#draw();
  }

  /** Gives each editor whose grid differs its text back, as a pasted grid. */
  #restore(): void {
    const wanted = this.#current();
    this.#restoring = true;
    try {
      this.#texts().forEach((text, i) => {
        const value = wanted[i];
        if (value === undefined || text.value === value) return;
        text.value = value;
        text.dispatchEvent(new Event('input', { bubbles: true }));
      });
    } finally {
      this.#restoring = false;
    }
    this.#draw();
  }

  #draw(): void {
    this.#undo.disabled = !canUndo(this.#history);
    this.#redo.disabled = !canRedo(this.#history);
  }

  #keys(event: KeyboardEvent): void {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || this.element.offsetParent === null) return;
    // Text fields keep their own undo.
    if ((event.target as HTMLElement).closest?.('input, textarea, select')) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) this.undo();
    else if ((key === 'z' && event.shiftKey) || key === 'y') this.redo();
    else return;
    event.preventDefault();
  }
}
