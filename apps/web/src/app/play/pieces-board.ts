// A board that pieces are laid on from a tray (pentomino, Katamino, a third party's tiling). A
// piece is dragged from the tray (it follows the finger or the pointer) and snaps to the cells
// under it; or taken with a tap, a click or Enter and placed with a tap, the pointer or the arrows
// and Enter. R and F (the piece's turn keys) turn the piece in hand, during a drag too; so do the
// hand bar's buttons and a tap on the piece in hand. A laid piece is picked up again with a tap, a
// click or Enter, dragged somewhere else, or put back with Delete or Back to tray.
import { applyMove, cellName, coverOf, pieceCells, piecesLeft, PlayMoveError, type PiecesPosition, type PiecesSetup, type PlayMove } from '@kit/core/play';
import { h } from '../dom.js';
import { BoardFrame, type DrawnBoard } from './board-frame.js';
import { BoxLayers } from './box-layers.js';
import { CountersView } from './counters-view.js';
import { BoxView } from './box-view.js';
import { DragFollower } from './drag-follower.js';
import { HandBar } from './hand-bar.js';
import { PieceTray, turnFor } from './piece-tray.js';
import type { BoardHost, BoardState, Highlights, PlayBoard } from './play-board.js';

/** Pointer travel (CSS pixels) that makes a press a drag. */
const DRAG_THRESHOLD = 5;

interface Hand {
  piece: number;
  orientation: number;
  /** The part of the orientation that sits under the pointer or the cursor. */
  part: number;
  /** A laid piece being moved: a cell it covers (it is lifted when it is laid again). */
  from?: number;
}

interface Press {
  pointerId: number;
  x: number;
  y: number;
  hand: Hand;
  dragging: boolean;
  target: HTMLElement;
}

export class PiecesBoard implements PlayBoard {
  readonly element: HTMLElement;
  readonly #counters = new CountersView();
  /** The board: one frame, or a box's layers apart. */
  readonly #frame: DrawnBoard;
  readonly #tray: PieceTray;
  readonly #handBar: HandBar;
  readonly #follower: DragFollower;
  /** A box's laid pieces in 3D, beside its layers. */
  readonly #box: BoxView | undefined;
  readonly #holes: Set<number>;
  readonly #depth: number;
  readonly #orientations: number[];
  #position: PiecesPosition = { kind: 'pieces', placed: [] };
  #hand: Hand | undefined;
  #press: Press | undefined;
  /** The board cell the ghost is anchored to (the hand's part sits on it), from the pointer or the cursor. */
  #anchor: number | undefined;
  #cursor = 0;
  /** A drag just ended: the click that follows it is not a pick. */
  #swallowClick = false;
  #swallowBoardClick = false;
  readonly #onDocumentKey = (event: KeyboardEvent) => this.#documentKey(event);

  constructor(
    private readonly setup: PiecesSetup,
    private readonly host: BoardHost,
  ) {
    this.#holes = new Set(setup.holes ?? []);
    this.#depth = setup.depth ?? 1;
    this.#frame = this.#depth > 1 ? new BoxLayers(setup.width, setup.height, this.#depth) : new BoardFrame(true, 'pieces-board');
    this.#orientations = setup.tray.map(() => 0);
    this.#cursor = Math.max(0, Array.from({ length: setup.width * setup.height * this.#depth }, (_, i) => i).find((cell) => !this.#holes.has(cell)) ?? 0);
    this.#tray = new PieceTray(setup, host.palette, {
      take: (piece) => this.#take(piece),
      press: (piece, part, event) => this.#startPress(event, { piece, orientation: this.#orientations[piece]!, part }),
      turn: (piece, key) => this.#turnTray(piece, key),
    });
    this.#handBar = new HandBar(setup, host.palette, { turn: (key) => this.#turnHand(key), back: () => this.#backToTray() });
    this.#follower = new DragFollower(host.palette);
    this.#frame.element.dataset['playBoard'] = 'pieces';
    const layer = this.#frame.layer;
    layer.setAttribute('role', 'grid');
    layer.setAttribute('aria-label', `Board, ${setup.width} by ${setup.height}${this.#depth > 1 ? ` by ${this.#depth}` : ''}`);
    layer.addEventListener('click', (event) => this.#boardClick(event));
    layer.addEventListener('pointerdown', (event) => this.#boardPress(event));
    layer.addEventListener('pointermove', (event) => this.#hover(event));
    layer.addEventListener('pointerleave', () => {
      if (!this.#press) this.#setAnchor(this.#hand ? this.#cursor : undefined);
    });
    layer.addEventListener('keydown', (event) => this.#key(event));
    document.addEventListener('keydown', this.#onDocumentKey);
    this.#box = this.#depth > 1 ? new BoxView(setup, host.palette) : undefined;
    this.element = h(
      'div',
      { class: 'pieces-play' },
      this.#counters.element,
      ...(this.#box ? [h('div', { class: 'box-row' }, this.#frame.element, this.#box.element)] : [this.#frame.element]),
      this.#handBar.element,
      this.#tray.element,
      this.#follower.element,
    );
  }

  dispose(): void {
    document.removeEventListener('keydown', this.#onDocumentKey);
  }

  focus(): void {
    this.#frame.cell(this.#cursor)?.focus();
  }

  draw(state: BoardState): void {
    if (state.game.position.kind !== 'pieces') return;
    this.#position = state.game.position;
    const setup = this.setup;
    this.#frame.draw(state.status.view.frame, this.host.palette, this.#frame.layer.getAttribute('aria-label') ?? 'Board');
    this.#counters.draw(state.status.view.counters);
    const owner = coverOf(setup, this.#position);
    this.#frame.cells.forEach((cell, index) => {
      const placed = owner[index]! >= 0 ? this.#position.placed[owner[index]!] : undefined;
      const name = placed ? setup.tray[placed.piece]!.name : '';
      const hole = this.#holes.has(index);
      cell.dataset['mark'] = name;
      cell.classList.toggle('hole', hole);
      if (hole) cell.dataset['hole'] = 'true';
      cell.setAttribute('aria-label', `${cellName(setup, index)}, ${hole ? 'not part of the board' : name || 'empty'}`);
      cell.tabIndex = index === this.#cursor ? 0 : -1;
    });
    const violations = state.status.violations;
    this.#frame.mark(
      'violation',
      violations.flatMap((violation) => violation.cells),
    );
    this.#frame.drawLines(
      violations.flatMap((violation) => violation.lines ?? []),
      'violation-line',
    );
    this.highlight(state.highlights);
    this.#frame.mark('cursor', [this.#cursor]);
    this.#box?.draw(this.#position);
    this.#drawHand();
  }

  highlight(highlights: Highlights): void {
    this.#frame.mark('mistake', highlights.mistake);
    this.#frame.mark('hint', highlights.hint);
  }

  /** The tray and the ghost of the piece in hand. */
  #drawHand(): void {
    const left = piecesLeft(this.setup, this.#position);
    const hand = this.#hand;
    // A laid piece in hand is still on the board: it is not counted back into the tray.
    this.#tray.draw(this.#orientations, left, hand && hand.from === undefined ? hand.piece : undefined);
    const ghost = this.#ghost();
    this.#frame.mark('ghost', ghost?.ok ? ghost.cells : []);
    this.#frame.mark('ghost-bad', ghost && !ghost.ok ? ghost.cells : []);
    this.element.classList.toggle('holding', hand !== undefined);
    this.#handBar.draw(hand);
    if (this.#press?.dragging && hand && this.#follower.element.dataset['orientation'] !== String(hand.orientation)) this.#showFollower(hand);
  }

  /** The dragged piece under the pointer, at the board's cell size. */
  #showFollower(hand: Hand): void {
    this.#follower.show(this.setup.tray[hand.piece]!, hand.orientation, hand.part, this.#frame.cellSize());
  }

  /** The move that lays the hand with its part on the anchor, and the cells it would cover. */
  #placement(): { move: PlayMove & { type: 'place' }; cells: number[] } | undefined {
    const hand = this.#hand;
    const anchor = this.#anchor;
    if (!hand || anchor === undefined) return undefined;
    const { width, height } = this.setup;
    const part = this.setup.tray[hand.piece]!.orientations[hand.orientation]![hand.part]!;
    const [dl, dr, dc] = part.length === 3 ? part : [0, part[0]!, part[1]!];
    const col = (anchor % width) - dc!;
    const row = (Math.floor(anchor / width) % height) - dr!;
    const layer = Math.floor(anchor / (width * height)) - dl!;
    if (col < 0 || row < 0 || layer < 0) return undefined;
    const cell = (layer * height + row) * width + col;
    const cells = pieceCells(this.setup, hand.piece, hand.orientation, cell);
    return cells ? { move: { type: 'place', piece: hand.piece, orientation: hand.orientation, cell }, cells } : undefined;
  }

  /** The ghost's cells and whether the hand can be laid there (or why not). */
  #ghost(): { cells: number[]; ok: boolean; why?: string } | undefined {
    const placement = this.#placement();
    if (!placement) return undefined;
    const moves = this.#movesFor(placement.move);
    try {
      let position = this.#position as PiecesPosition;
      for (const move of moves) position = applyMove(this.setup, position, move) as PiecesPosition;
      return { cells: placement.cells, ok: true };
    } catch (error) {
      return { cells: placement.cells, ok: false, why: error instanceof PlayMoveError ? error.message : String(error) };
    }
  }

  /** Laying the hand: a laid piece is lifted first. */
  #movesFor(place: PlayMove): PlayMove[] {
    const from = this.#hand?.from;
    return from === undefined ? [place] : [{ type: 'lift', cell: from }, place];
  }

  /** Lays the hand where its ghost is; says why not when it cannot go there. */
  #layHand(): void {
    const placement = this.#placement();
    if (!placement) {
      this.host.say('the piece would leave the board there');
      return;
    }
    const ghost = this.#ghost();
    if (!ghost?.ok) {
      this.host.say(ghost?.why ?? 'the piece cannot go there');
      return;
    }
    const moves = this.#movesFor(placement.move);
    const from = this.#hand?.from;
    this.#hand = undefined;
    // A laid piece laid again where it lies (a second tap on it) is only let go: no moves.
    const owner = from === undefined ? -1 : coverOf(this.setup, this.#position)[from]!;
    const laid = this.#position.placed[owner];
    const place = placement.move;
    if (laid && laid.piece === place.piece && laid.orientation === place.orientation && laid.cell === place.cell) return this.#drawHand();
    if (!this.host.playAll(moves)) this.#drawHand();
  }

  /** Back to tray: a tray piece in hand is let go; a laid one is taken off the board. */
  #backToTray(): void {
    const from = this.#hand?.from;
    this.#hand = undefined;
    if (from !== undefined) this.host.play({ type: 'lift', cell: from });
    else this.#drawHand();
  }

  #take(piece: number): void {
    if (this.#swallowClick) {
      this.#swallowClick = false;
      return;
    }
    // A tap on the piece in hand turns it (its first turn); Escape or Back to tray lets it go.
    if (this.#hand?.piece === piece && this.#hand.from === undefined) {
      const first = this.setup.tray[piece]!.turns[0];
      if (first) this.#turnHand(first.key);
      return;
    }
    if ((piecesLeft(this.setup, this.#position)[piece] ?? 0) <= 0) return;
    this.#hand = { piece, orientation: this.#orientations[piece]!, part: 0 };
    this.#setAnchor(this.#cursor);
    this.focus();
  }

  #turnTray(piece: number, key: string): void {
    const turn = turnFor(this.setup.tray[piece]!, key);
    if (turn === undefined) return;
    this.#orientations[piece] = this.setup.tray[piece]!.turns[turn]!.next[this.#orientations[piece]!]!;
    if (this.#hand?.piece === piece && this.#hand.from === undefined) this.#hand.orientation = this.#orientations[piece]!;
    this.#drawHand();
  }

  /** Turns the piece in hand (and, for a tray piece, how the tray shows it). */
  #turnHand(key: string): boolean {
    const hand = this.#hand;
    if (!hand) return false;
    const piece = this.setup.tray[hand.piece]!;
    const turn = turnFor(piece, key);
    if (turn === undefined) return false;
    hand.orientation = piece.turns[turn]!.next[hand.orientation]!;
    if (hand.from === undefined) this.#orientations[hand.piece] = hand.orientation;
    this.#drawHand();
    return true;
  }

  #setAnchor(cell: number | undefined): void {
    this.#anchor = cell;
    this.#drawHand();
  }

  #cellIndex(at: { row: number; col: number }): number {
    return at.row * this.setup.width + at.col;
  }

  // --- pointer -------------------------------------------------------------------------------

  #startPress(event: PointerEvent, hand: Hand): void {
    const target = event.currentTarget as HTMLElement;
    this.#press = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, hand, dragging: false, target };
    target.setPointerCapture(event.pointerId);
    const move = (e: PointerEvent) => this.#pressMove(e);
    const end = (e: PointerEvent) => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', end);
      target.removeEventListener('pointercancel', end);
      this.#pressEnd(e);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', end);
    target.addEventListener('pointercancel', end);
  }

  #pressMove(event: PointerEvent): void {
    const press = this.#press;
    if (!press || event.pointerId !== press.pointerId) return;
    if (!press.dragging) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD) return;
      press.dragging = true;
      this.#hand = { ...press.hand };
      this.element.classList.add('dragging');
      this.#showFollower(this.#hand);
    }
    const at = this.#frame.cellAt(event.clientX, event.clientY);
    this.#setAnchor(at ? this.#cellIndex(at) : undefined);
    this.#follower.move(event.clientX, event.clientY, at !== undefined);
  }

  #pressEnd(event: PointerEvent): void {
    const press = this.#press;
    this.#press = undefined;
    this.element.classList.remove('dragging');
    this.#follower.hide();
    if (!press?.dragging) return;
    // The click that may follow the drag's release is not a pick; it comes before any timer does.
    if (press.target.closest('.tray')) this.#swallowClick = true;
    else this.#swallowBoardClick = true;
    setTimeout(() => {
      this.#swallowClick = false;
      this.#swallowBoardClick = false;
    });
    const at = event.type === 'pointerup' ? this.#frame.cellAt(event.clientX, event.clientY) : undefined;
    if (!at) {
      // Dropped off the board: a tray piece goes back, a laid piece is taken off.
      const from = this.#hand?.from;
      this.#hand = undefined;
      this.#anchor = undefined;
      if (from !== undefined) this.host.play({ type: 'lift', cell: from });
      else this.#drawHand();
      return;
    }
    this.#anchor = this.#cellIndex(at);
    this.#cursor = this.#anchor;
    const ghost = this.#ghost();
    if (ghost?.ok) this.#layHand();
    else {
      this.host.say(ghost?.why ?? 'the piece would leave the board there');
      this.#hand = undefined;
      this.#anchor = undefined;
      this.#drawHand();
    }
  }

  #boardPress(event: PointerEvent): void {
    if (event.button !== 0 || this.#hand) return;
    const cell = (event.target as HTMLElement).closest<HTMLElement>('.board-cell');
    if (!cell) return;
    const index = Number(cell.dataset['row']) * this.setup.width + Number(cell.dataset['col']);
    const hand = this.#handFromBoard(index);
    if (hand) this.#startPress(event, hand);
  }

  /** The laid piece covering a cell, as a hand holding it by that cell. */
  #handFromBoard(cell: number): Hand | undefined {
    const owner = coverOf(this.setup, this.#position)[cell] ?? -1;
    const placed = this.#position.placed[owner];
    if (!placed) return undefined;
    const { width, height } = this.setup;
    const col = placed.cell % width;
    const row = Math.floor(placed.cell / width) % height;
    const layer = Math.floor(placed.cell / (width * height));
    const parts = this.setup.tray[placed.piece]!.orientations[placed.orientation]!;
    const part = parts.findIndex((at) => {
      const [dl, dr, dc] = at.length === 3 ? at : [0, at[0]!, at[1]!];
      return ((layer + dl!) * height + row + dr!) * width + col + dc! === cell;
    });
    return { piece: placed.piece, orientation: placed.orientation, part: Math.max(0, part), from: cell };
  }

  #hover(event: PointerEvent): void {
    if (this.#press || !this.#hand) return;
    const at = this.#frame.cellAt(event.clientX, event.clientY);
    if (at && this.#cellIndex(at) !== this.#anchor) this.#setAnchor(this.#cellIndex(at));
  }

  #boardClick(event: MouseEvent): void {
    if (this.#swallowBoardClick) {
      this.#swallowBoardClick = false;
      return;
    }
    const cell = (event.target as HTMLElement).closest<HTMLElement>('.board-cell');
    if (!cell) return;
    const index = Number(cell.dataset['row']) * this.setup.width + Number(cell.dataset['col']);
    this.#moveCursor(index);
    if (this.#hand) {
      this.#anchor = index;
      this.#layHand();
    } else this.#pickUp(index);
  }

  /** A laid piece into the hand (it stays on the board until it is laid elsewhere). */
  #pickUp(cell: number): void {
    const hand = this.#handFromBoard(cell);
    if (!hand) return;
    this.#hand = hand;
    this.#setAnchor(cell);
  }

  // --- keyboard ------------------------------------------------------------------------------

  #moveCursor(cell: number): void {
    this.#frame.cell(this.#cursor)?.setAttribute('tabindex', '-1');
    this.#cursor = cell;
    const element = this.#frame.cell(cell);
    element?.setAttribute('tabindex', '0');
    element?.focus();
    this.#frame.mark('cursor', [cell]);
    if (this.#hand && !this.#press) this.#setAnchor(cell);
  }

  #key(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const { width } = this.setup;
    const rows = this.#frame.height;
    const row = Math.floor(this.#cursor / width);
    const col = this.#cursor % width;
    const go = (r: number, c: number) => this.#moveCursor(Math.max(0, Math.min(rows - 1, r)) * width + Math.max(0, Math.min(width - 1, c)));
    switch (event.key) {
      case 'ArrowUp':
        go(row - 1, col);
        break;
      case 'ArrowDown':
        go(row + 1, col);
        break;
      case 'ArrowLeft':
        go(row, col - 1);
        break;
      case 'ArrowRight':
        go(row, col + 1);
        break;
      case 'Enter':
      case ' ':
        if (this.#hand) {
          this.#anchor = this.#cursor;
          this.#layHand();
        } else this.#pickUp(this.#cursor);
        break;
      case 'Delete':
      case 'Backspace':
        if (coverOf(this.setup, this.#position)[this.#cursor]! >= 0) {
          this.#hand = undefined;
          this.host.play({ type: 'lift', cell: this.#cursor });
        }
        break;
      case 'Escape':
        if (!this.#hand) return;
        this.#hand = undefined;
        this.#drawHand();
        break;
      default:
        // Turn keys are taken by the document listener (they work during a drag, wherever the focus is).
        return;
    }
    event.preventDefault();
  }

  #documentKey(event: KeyboardEvent): void {
    if (!this.#hand || event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
    if (!this.element.isConnected || (event.target as HTMLElement).closest?.('input, textarea, select, .tray-piece')) return;
    if (this.#turnHand(event.key)) event.preventDefault();
  }
}
