import type { Cell, Frame, Palette } from '@kit/core';
import { entryHex } from '@kit/core/host';
import { svg } from './dom.js';

export interface SvgOptions {
  /** Off for thumbnails, where text would be too small to read anyway. */
  labels?: boolean;
  className?: string;
  /** Hidden from screen readers (a thumbnail inside a button that names it). */
  decorative?: boolean;
  /** What the picture shows, for screen readers (default: the frame's title, else its size). */
  label?: string;
}

/**
 * A second cue beside colour: a cell without a label of its own shows its palette entry's letter
 * (what the terminal prints without colour: `R` for red), so colours that look alike to a person
 * who does not see them apart still read apart.
 */
const MARK = /^[A-Za-z0-9]$/;

/** Black or white ink (the stylesheet's classes), whichever reads better on a background colour. */
function labelInk(hex: string): 'ink-dark' | 'ink-light' {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 255) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return luminance > 0.22 ? 'ink-dark' : 'ink-light';
}

/** A cell's colour: its palette entry's, grey for a fill the palette lacks, none for an empty cell. */
export function cellColour(cell: Cell, palette: Palette): string | undefined {
  const entry = cell.fill !== undefined ? palette[cell.fill] : undefined;
  return entry ? entryHex(entry) : cell.fill !== undefined ? '#9ca3af' : undefined;
}

const sameRegion = (a: Cell | undefined, b: Cell | undefined) =>
  !!a && !!b && !a.hole && !b.hole && a.fill === b.fill && (a.fill !== undefined || a.label === b.label);

interface CellLook {
  colour: string | undefined;
  fill: string | undefined;
  /** The text shown in the cell (its label, or its colour's letter), and whether it is that letter. */
  shown: string | undefined;
  mark: boolean;
  /** Drawn as a ring around its label (the palette entry says so) on the plain ground, `colour`. */
  ring: boolean;
}

/**
 * A frame drawn as SVG in cell units (viewBox = the grid), so it stays crisp at any size. Borders are
 * drawn where neighbouring cells differ, which outlines pieces and colour groups without puzzle code.
 * Drawing the next frame of the same shape (a search's progress, a chain's next step) changes only
 * the cells that changed: a new picture each time cost a large grid tens of milliseconds of building,
 * styling and painting.
 */
export class FramePicture {
  readonly element: SVGSVGElement;
  #width = -1;
  #height = -1;
  #holes = '';
  #rects: (SVGRectElement | undefined)[] = [];
  #texts: (SVGTextElement | undefined)[] = [];
  #rings: (SVGCircleElement | undefined)[] = [];
  #looks: (CellLook | undefined)[] = [];
  readonly #grid = svg('path', { class: 'grid' });
  readonly #borders = svg('path', { class: 'border' });

  constructor(
    private readonly palette: Palette,
    private readonly options: SvgOptions = {},
  ) {
    this.element = svg('svg', {
      class: `frame ${options.className ?? ''}`.trim(),
      ...(options.decorative ? { 'aria-hidden': 'true', focusable: 'false' } : { role: 'img' }),
    });
  }

  /**
   * Draws a frame over the picture. `maxChanges` bounds how many cells change in this call, so a
   * large new picture can be spread over display frames; returns false while cells are left (call
   * again with the same frame to go on).
   */
  draw(frame: Frame, maxChanges = Infinity): boolean {
    const { width, height, cells } = frame;
    const holes = cells.map((cell) => (cell?.hole ? '1' : '0')).join('');
    if (width !== this.#width || height !== this.#height || holes !== this.#holes) this.#start(width, height, holes);
    const label = this.options.label ?? frame.title ?? `${width}x${height} grid`;
    if (!this.options.decorative && this.element.getAttribute('aria-label') !== label) this.element.setAttribute('aria-label', label);
    let changes = 0;
    let complete = true;
    for (let i = 0; i < width * height; i++) {
      const rect = this.#rects[i];
      if (!rect) continue;
      const look = this.#look(cells[i]!);
      const before = this.#looks[i];
      if (
        before &&
        before.colour === look.colour &&
        before.fill === look.fill &&
        before.shown === look.shown &&
        before.mark === look.mark &&
        before.ring === look.ring
      )
        continue;
      if (changes++ >= maxChanges) {
        complete = false;
        break;
      }
      this.#looks[i] = look;
      rect.setAttribute('class', look.colour ? 'cell filled' : 'cell empty');
      this.#drawRing(i, look, width);
      if (look.colour) {
        rect.setAttribute('fill', look.colour);
        rect.setAttribute('data-fill', look.fill!);
      } else {
        rect.removeAttribute('fill');
        rect.removeAttribute('data-fill');
      }
      this.#drawText(i, look, width);
    }
    this.#drawLines(frame);
    return complete;
  }

  #start(width: number, height: number, holes: string): void {
    this.#width = width;
    this.#height = height;
    this.#holes = holes;
    this.element.setAttribute('viewBox', `-0.1 -0.1 ${width + 0.2} ${height + 0.2}`);
    this.#rects = [];
    this.#texts = [];
    this.#rings = [];
    this.#looks = [];
    const rects: SVGRectElement[] = [];
    for (let i = 0; i < width * height; i++) {
      if (holes[i] === '1') continue;
      const rect = svg('rect', { x: i % width, y: Math.floor(i / width), width: 1, height: 1 });
      this.#rects[i] = rect;
      rects.push(rect);
    }
    this.element.replaceChildren(...rects, this.#grid, this.#borders);
  }

  #look(cell: Cell): CellLook {
    const entry = cell.fill !== undefined ? this.palette[cell.fill] : undefined;
    const ring = entry?.ring === true;
    // A ring sits on the ground of a plain cell (`unshaded`, where the palette has one).
    const ground = this.palette['unshaded'];
    const colour = ring ? (ground ? entryHex(ground) : undefined) : cellColour(cell, this.palette);
    const mark = !cell.label && entry?.letter !== undefined && MARK.test(entry.letter);
    const shown = this.options.labels === false ? undefined : (cell.label ?? (mark ? entry!.letter : undefined));
    return { colour, fill: cell.fill, shown: shown || undefined, mark, ring };
  }

  /** A ring cell's circle, drawn over the grid lines under the labels; others have none. */
  #drawRing(i: number, look: CellLook, width: number): void {
    let ring = this.#rings[i];
    if (!look.ring) {
      ring?.remove();
      this.#rings[i] = undefined;
      return;
    }
    if (!ring) {
      ring = svg('circle', { cx: (i % width) + 0.5, cy: Math.floor(i / width) + 0.5, r: 0.38, class: 'ring' });
      this.element.insertBefore(ring, this.#borders.nextSibling);
      this.#rings[i] = ring;
    }
    ring.setAttribute('data-fill', look.fill!);
    ring.setAttribute('class', look.colour ? `ring ${labelInk(look.colour)}` : 'ring');
  }

  #drawText(i: number, look: CellLook, width: number): void {
    let text = this.#texts[i];
    if (!look.shown) {
      text?.remove();
      this.#texts[i] = undefined;
      return;
    }
    if (!text) {
      text = svg('text', { x: (i % width) + 0.5, y: Math.floor(i / width) + 0.53 });
      // Labels stay in reading order, after the lines.
      const next = this.#texts.find((other, j) => j > i && other !== undefined);
      this.element.insertBefore(text, next ?? null);
      this.#texts[i] = text;
    }
    // Size and ink as classes, not inline styles or attributes: elements styled alike share their
    // computed style, and a 16x16 grid's first picture cost 14 ms of restyling with one style each.
    const size = look.mark ? ' mark' : look.shown.length > 2 ? ' long' : '';
    const ink = look.colour ? ` ${labelInk(look.colour)}` : '';
    const className = `label${size}${ink}`;
    if (text.getAttribute('class') !== className) text.setAttribute('class', className);
    if (text.textContent !== look.shown) text.textContent = look.shown;
  }

  #drawLines(frame: Frame): void {
    const { grid, borders } = framePaths(frame);
    if (this.#grid.getAttribute('d') !== grid) this.#grid.setAttribute('d', grid);
    if (this.#borders.getAttribute('d') !== borders) this.#borders.setAttribute('d', borders);
  }
}

/**
 * Every edge of a frame's cells, once: `horizontal` edges run from (x, y) to (x + 1, y), the others
 * from (x, y) to (x, y + 1), in cell units. `border`: the edge lies between regions (cells of another
 * fill, a hole) or on the frame's outline; else it is a thin line inside a region.
 */
export function forEachEdge(frame: Frame, visit: (x: number, y: number, horizontal: boolean, border: boolean) => void): void {
  const { width, height, cells } = frame;
  const at = (x: number, y: number) => (x >= 0 && y >= 0 && x < width && y < height ? cells[y * width + x] : undefined);
  // A frame that names its regions (Sudoku's boxes) has its borders between them, whatever the fills.
  const regions = frame.regions?.length === width * height ? frame.regions : undefined;
  const apart = (x: number, y: number, dx: number, dy: number) => {
    const other = at(x + dx, y + dy);
    if (!regions) return !sameRegion(cells[y * width + x], other);
    return !other || other.hole || regions[y * width + x] !== regions[(y + dy) * width + x + dx];
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = at(x, y);
      if (!cell || cell.hole) continue;
      // Each cell owns its top and left edges, plus the bottom/right ones at the frame's edge.
      visit(x, y, true, apart(x, y, 0, -1));
      visit(x, y, false, apart(x, y, -1, 0));
      if (!at(x, y + 1) || at(x, y + 1)!.hole) visit(x, y + 1, true, true);
      if (!at(x + 1, y) || at(x + 1, y)!.hole) visit(x + 1, y, false, true);
    }
  }
}

/** A frame's lines as SVG path data in cell units: thin lines inside regions, thick borders between them. */
export function framePaths(frame: Frame): { grid: string; borders: string } {
  let borders = '';
  let grid = '';
  forEachEdge(frame, (x, y, horizontal, border) => {
    const path = `M${x} ${y}${horizontal ? 'h1' : 'v1'}`;
    if (border) borders += path;
    else grid += path;
  });
  return { grid, borders };
}

/** One frame as a new SVG element (thumbnails, a single picture). */
export function frameToSvg(frame: Frame, palette: Palette, options: SvgOptions = {}): SVGSVGElement {
  const picture = new FramePicture(palette, options);
  picture.draw(frame);
  return picture.element;
}
