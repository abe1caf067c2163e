// The piece in hand of a pieces board, between the board and the tray, for fingers as much as for
// a mouse: the piece drawn as it will be laid (`data-piece`, `data-orientation`; a tap on it turns
// it the first way it turns), one button per way the tray's pieces turn (Rotate, Flip, Tip), and
// Back to tray. The buttons are enabled only while a piece is in hand.
import type { Palette } from '@kit/core';
import type { PieceTurn, PiecesSetup } from '@kit/core/play';
import { h } from '../dom.js';
import { pieceSolid } from './box-view.js';
import { pieceShape } from './piece-tray.js';

export interface HandHandlers {
  /** Turn the piece in hand by the turn with this key. */
  turn(key: string): void;
  /** The piece in hand goes back to the tray (a laid one is taken off the board). */
  back(): void;
}

/** What a turn's button is called: the kit's keys by the word a player knows, others by their label. */
export function turnName(turn: PieceTurn): string {
  const known: Record<string, string> = { r: 'Rotate', f: 'Flip', t: 'Tip' };
  const word = known[turn.key.toLowerCase()] ?? turn.label;
  return `${word[0]!.toUpperCase()}${word.slice(1)}`;
}

export class HandBar {
  readonly element: HTMLElement;
  readonly #piece: HTMLButtonElement;
  readonly #turns: HTMLButtonElement[];
  readonly #back: HTMLButtonElement;
  #firstKey: string | undefined;

  constructor(
    private readonly setup: PiecesSetup,
    private readonly palette: Palette,
    handlers: HandHandlers,
  ) {
    this.#piece = h('button', { type: 'button', class: 'hand-piece', disabled: true, title: 'A tap turns it' });
    this.#piece.addEventListener('click', () => {
      if (this.#firstKey !== undefined) handlers.turn(this.#firstKey);
    });
    // Every distinct turn of the tray, in the order the pieces give them (a tray mixing kinds gets each once).
    const turns = [...new Map(setup.tray.flatMap((piece) => piece.turns.map((turn) => [turn.key.toLowerCase(), turn] as const))).values()];
    this.#turns = turns.map((turn) =>
      h(
        'button',
        {
          type: 'button',
          class: 'hand-turn',
          'data-turn': turn.key.toLowerCase(),
          'aria-keyshortcuts': turn.key.toUpperCase(),
          title: `${turn.label} (${turn.key.toUpperCase()})`,
          disabled: true,
          onclick: () => handlers.turn(turn.key),
        },
        turnName(turn),
      ),
    );
    this.#back = h(
      'button',
      { type: 'button', class: 'hand-back', title: 'Escape lets go; Delete takes a laid piece off', disabled: true, onclick: () => handlers.back() },
      'Back to tray',
    );
    this.element = h('div', { class: 'hand-bar', role: 'toolbar', 'aria-label': 'Piece in hand' }, this.#piece, ...this.#turns, this.#back);
    this.draw(undefined);
  }

  /** Shows the piece in hand (its tray index and orientation), or that there is none. */
  draw(hand: { piece: number; orientation: number } | undefined): void {
    const piece = hand ? this.setup.tray[hand.piece] : undefined;
    this.#firstKey = piece?.turns[0]?.key;
    if (!hand || !piece) {
      this.#piece.replaceChildren(h('span', { class: 'hand-empty' }, 'No piece in hand'));
      delete this.#piece.dataset['piece'];
      delete this.#piece.dataset['orientation'];
      this.#piece.setAttribute('aria-label', 'No piece in hand');
    } else if (this.#piece.dataset['piece'] !== piece.name || this.#piece.dataset['orientation'] !== String(hand.orientation)) {
      const shape = pieceShape(piece, hand.orientation, this.palette);
      // The box keeps its size whatever the piece: the shape's cells shrink to fit it.
      const span = Math.max(4, Number(shape.style.getPropertyValue('--rows')), Number(shape.style.getPropertyValue('--cols')));
      shape.style.setProperty('--span', String(span));
      // A solid piece in 3D too, beside its layers: the layers say where each cube goes.
      const solid = (this.setup.depth ?? 1) > 1;
      this.#piece.classList.toggle('hand-solid', solid);
      this.#piece.replaceChildren(...(solid ? [pieceSolid(piece, hand.orientation, this.palette)] : []), shape);
      this.#piece.dataset['piece'] = piece.name;
      this.#piece.dataset['orientation'] = String(hand.orientation);
      this.#piece.setAttribute('aria-label', `${piece.name} in hand`);
    }
    this.#piece.disabled = !piece || piece.turns.length === 0;
    for (const button of this.#turns) button.disabled = !piece?.turns.some((turn) => turn.key.toLowerCase() === button.dataset['turn']);
    this.#back.disabled = !piece;
  }
}
