import { entryHex, type Cell, type Frame, type Palette } from '@kit/core';
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

/** Black or white, whichever reads better on a background colour. */
function labelColour(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 255) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return luminance > 0.22 ? '#111' : '#fff';
}

const sameRegion = (a: Cell | undefined, b: Cell | undefined) =>
  !!a && !!b && !a.hole && !b.hole && a.fill === b.fill && (a.fill !== undefined || a.label === b.label);

/**
 * Draws a frame as SVG in cell units (viewBox = the grid), so it stays crisp at any size. Borders are
 * drawn where neighbouring cells differ, which outlines pieces and colour groups without puzzle code.
 */
export function frameToSvg(frame: Frame, palette: Palette, options: SvgOptions = {}): SVGSVGElement {
  const { width, height, cells } = frame;
  const root = svg('svg', {
    viewBox: `-0.1 -0.1 ${width + 0.2} ${height + 0.2}`,
    class: `frame ${options.className ?? ''}`.trim(),
    ...(options.decorative ? { 'aria-hidden': 'true', focusable: 'false' } : { role: 'img', 'aria-label': options.label ?? frame.title ?? `${width}x${height} grid` }),
  });
  const at = (x: number, y: number) => (x >= 0 && y >= 0 && x < width && y < height ? cells[y * width + x] : undefined);
  const texts: SVGTextElement[] = [];
  let borders = '';
  let grid = '';
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = at(x, y);
      if (!cell || cell.hole) continue;
      const entry = cell.fill !== undefined ? palette[cell.fill] : undefined;
      const colour = entry ? entryHex(entry) : cell.fill !== undefined ? '#9ca3af' : undefined;
      const rect = svg('rect', { x, y, width: 1, height: 1, class: colour ? 'cell filled' : 'cell empty' });
      if (colour) {
        rect.setAttribute('fill', colour);
        rect.setAttribute('data-fill', cell.fill!);
      }
      root.append(rect);
      const mark = !cell.label && entry?.letter && MARK.test(entry.letter) ? entry.letter : undefined;
      const shown = cell.label ?? mark;
      if (shown && options.labels !== false) {
        const text = svg('text', { x: x + 0.5, y: y + 0.53, class: mark ? 'label mark' : 'label' });
        // A style, not an attribute: the stylesheet's default label colour must not win over it.
        if (colour) text.style.fill = labelColour(colour);
        text.setAttribute('font-size', mark ? '0.42' : shown.length > 2 ? '0.38' : '0.55');
        text.textContent = shown;
        texts.push(text);
      }
      // Each cell owns its top and left edges, plus the bottom/right ones at the frame's edge.
      const edges: [Cell | undefined, string][] = [
        [at(x, y - 1), `M${x} ${y}h1`],
        [at(x - 1, y), `M${x} ${y}v1`],
      ];
      if (!at(x, y + 1) || at(x, y + 1)!.hole) edges.push([undefined, `M${x} ${y + 1}h1`]);
      if (!at(x + 1, y) || at(x + 1, y)!.hole) edges.push([undefined, `M${x + 1} ${y}v1`]);
      for (const [neighbour, path] of edges) {
        if (sameRegion(cell, neighbour)) grid += path;
        else borders += path;
      }
    }
  }
  if (grid) root.append(svg('path', { d: grid, class: 'grid' }));
  if (borders) root.append(svg('path', { d: borders, class: 'border' }));
  root.append(...texts);
  return root;
}
