// The viewer: one frame at a time, under a caption. How a frame is drawn is a viewer kind's business:
// the flat SVG grid takes every frame today; another kind (a 3D view) is added by putting it before
// it in the list given to the Viewer, and takes the frames it accepts.
import type { Frame, Palette } from '@kit/core';
import { h, setStyleProperty } from './dom.js';
import { FramePicture } from './frame-svg.js';

/** A drawing surface for frames, kept while consecutive frames go to the same kind (a 3D view keeps its camera). */
export interface FrameView {
  readonly element: HTMLElement;
  /** Draws a frame; with `maxChanges`, at most that many cells now: false while some are left. */
  // biome-ignore lint/suspicious/noConfusingVoidType: viewers that always draw the whole frame return nothing
  show(frame: Frame, palette: Palette, maxChanges?: number): boolean | void;
  /** Called when another kind takes over or the viewer is emptied. */
  dispose?(): void;
}

export interface ViewerKind {
  readonly name: string;
  accepts(frame: Frame): boolean;
  create(): FrameView;
}

/** Every frame as SVG in cell units (see frame-svg.ts). */
export const gridViewerKind: ViewerKind = {
  name: 'grid',
  accepts: () => true,
  create() {
    const element = h('div', { class: 'grid-view' });
    let picture: { palette: Palette; picture: FramePicture } | undefined;
    return {
      element,
      show(frame, palette, maxChanges) {
        // One picture kept and redrawn in place while the palette stays the same.
        if (picture?.palette !== palette) {
          picture = { palette, picture: new FramePicture(palette, { className: 'main-frame' }) };
          element.replaceChildren(picture.picture.element);
        }
        const complete = picture.picture.draw(frame, maxChanges);
        setStyleProperty(element, '--aspect', `${frame.width + 0.2} / ${frame.height + 0.2}`);
        setStyleProperty(element, '--columns', String(frame.width));
        return complete;
      },
    };
  },
};

export interface ViewerElements {
  caption: HTMLElement;
  holder: HTMLElement;
}

export class Viewer {
  /** The palette frames are drawn with (the shown plugin's). */
  palette: Palette = {};
  #key: unknown = undefined;
  #keyed = false;
  /** A frame drawn in part (see `show`'s maxChanges): the next `show` with the same key goes on with it. */
  #unfinished: Frame | undefined;
  #drew = false;
  #view: { kind: ViewerKind; view: FrameView } | undefined;

  constructor(
    private readonly elements: ViewerElements,
    /** Tried in order; the last should accept every frame. */
    private readonly kinds: readonly ViewerKind[] = [gridViewerKind],
  ) {}

  /** Forget what is on screen, so the next `show` draws even with the same key. */
  invalidate(): void {
    this.#keyed = false;
    this.#unfinished = undefined;
  }

  /**
   * Shows a frame (or, with none, a placeholder) under a caption. `key` names what is shown: the
   * same key again draws nothing, so a frame is built once however often the page redraws. The
   * frame may be given as a function that makes it.
   */
  show(frameOrMake: Frame | undefined | (() => Frame | undefined), caption: string, key: unknown, placeholder = '', maxChanges?: number): void {
    this.#drew = false;
    if (this.#keyed && this.#key === key) {
      if (this.#unfinished && this.#view) {
        this.#drew = true;
        this.#unfinished = this.#view.view.show(this.#unfinished, this.palette, maxChanges) === false ? this.#unfinished : undefined;
      }
      return;
    }
    this.#drew = true;
    this.#key = key;
    this.#keyed = true;
    this.#unfinished = undefined;
    // A frame is made only when it is shown: the plugin's view() is not free.
    const frame = typeof frameOrMake === 'function' ? frameOrMake() : frameOrMake;
    // The frame's own title, unless the caption already says it (`No. 5`).
    const title = frame?.title && !caption.includes(frame.title) ? frame.title : undefined;
    this.elements.caption.textContent = [caption, title].filter(Boolean).join(' · ');
    if (!frame) {
      this.#dispose();
      this.elements.holder.replaceChildren(h('p', { class: 'placeholder' }, placeholder));
      return;
    }
    const kind = this.kinds.find((candidate) => candidate.accepts(frame)) ?? gridViewerKind;
    if (this.#view?.kind !== kind) {
      this.#dispose();
      this.#view = { kind, view: kind.create() };
      this.elements.holder.replaceChildren(this.#view.view.element);
    }
    if (this.#view.view.show(frame, this.palette, maxChanges) === false) this.#unfinished = frame;
  }

  /** Whether the last `show` drew anything (a new frame, or more of one drawn in part). */
  get drew(): boolean {
    return this.#drew;
  }

  /** Whether the last frame shown is drawn whole (a frame drawn in part goes on at the next `show`). */
  get complete(): boolean {
    return this.#unfinished === undefined;
  }

  #dispose(): void {
    this.#view?.view.dispose?.();
    this.#view = undefined;
  }
}
