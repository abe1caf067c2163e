// A frame as a thumbnail: one <canvas>, painted once. An SVG thumbnail of a 16x16 grid was 260
// elements, each attribute a style change: while a flood of solutions filled the list, building,
// styling, laying out and painting those took the page's main thread 30-60 ms a frame. A canvas is
// one element the browser neither styles nor lays out cell by cell.
import type { Frame, Palette } from '@kit/core';
import { cellColour, forEachEdge } from './frame-svg.js';

/** The colours a thumbnail takes from the page's theme (CSS custom properties). */
export interface ThumbnailColours {
  empty: string;
  border: string;
}

/** The box a thumbnail is shown in, in CSS pixels (the stylesheet's `.thumb canvas`). */
export const THUMBNAIL_BOX = { width: 96, height: 72 };
/** The thick lines' width in CSS pixels, as the SVG thumbnails drew them. */
const BORDER_PX = 1.2;

/** The theme's thumbnail colours, read once (reading computed style in a frame forces a restyle). */
export function themeColours(root: Element = document.documentElement): ThumbnailColours {
  const style = getComputedStyle(root);
  return {
    empty: style.getPropertyValue('--empty-cell').trim() || '#ecece8',
    border: style.getPropertyValue('--border-line').trim() || '#444',
  };
}

/** Device pixels a cell takes so the grid fits the box: whole pixels, so cells stay crisp. */
export function thumbnailCellPx(width: number, height: number, pixelRatio: number): number {
  if (width <= 0 || height <= 0) return 1;
  return Math.max(1, Math.floor(Math.min(THUMBNAIL_BOX.width / width, THUMBNAIL_BOX.height / height) * pixelRatio));
}

/** RGBA bytes of a CSS colour, as the browser reads it (cached: one read per colour). */
export type ColourReader = (colour: string) => readonly [number, number, number, number];

/** Reads colours by painting each once on a 1x1 canvas, so any CSS colour the theme uses works. */
export function canvasColourReader(): ColourReader {
  const cache = new Map<string, readonly [number, number, number, number]>();
  let context: CanvasRenderingContext2D | null | undefined;
  return (colour) => {
    let rgba = cache.get(colour);
    if (rgba) return rgba;
    context ??= Object.assign(document.createElement('canvas'), { width: 1, height: 1 }).getContext('2d', { willReadFrequently: true });
    if (!context) return [128, 128, 128, 255];
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
    rgba = [r, g, b, a];
    cache.set(colour, rgba);
    return rgba;
  };
}

/**
 * A frame's thumbnail as pixels: each cell a square of its colour, borders between regions as
 * lines of whole pixels. Written straight into the bytes (no drawing calls): a 16x16 grid is a few
 * thousand pixels, a fraction of a millisecond.
 */
export function thumbnailPixels(
  frame: Frame,
  palette: Palette,
  colours: ThumbnailColours,
  read: ColourReader,
  pixelRatio: number,
): { width: number; height: number; data: Uint8ClampedArray<ArrayBuffer> } {
  const { width, height, cells } = frame;
  const cell = thumbnailCellPx(width, height, pixelRatio);
  const line = Math.max(1, Math.round(BORDER_PX * pixelRatio));
  // Room for the outline's half outside the grid on every side.
  const pad = line;
  const pixelsWide = width * cell + 2 * pad;
  const pixelsHigh = height * cell + 2 * pad;
  const data = new Uint8ClampedArray(pixelsWide * pixelsHigh * 4);
  const box = (left: number, top: number, boxWidth: number, boxHeight: number, rgba: readonly number[]) => {
    const right = Math.min(pixelsWide, left + boxWidth);
    const bottom = Math.min(pixelsHigh, top + boxHeight);
    for (let y = Math.max(0, top); y < bottom; y++) {
      for (let x = Math.max(0, left), at = (y * pixelsWide + x) * 4; x < right; x++, at += 4) {
        data[at] = rgba[0]!;
        data[at + 1] = rgba[1]!;
        data[at + 2] = rgba[2]!;
        data[at + 3] = rgba[3]!;
      }
    }
  };
  for (let i = 0; i < width * height; i++) {
    const shown = cells[i];
    if (!shown || shown.hole) continue;
    box(pad + (i % width) * cell, pad + Math.floor(i / width) * cell, cell, cell, read(cellColour(shown, palette) ?? colours.empty));
  }
  const border = read(colours.border);
  const half = Math.floor(line / 2);
  forEachEdge(frame, (x, y, horizontal, isBorder) => {
    if (!isBorder) return;
    // Square ends: a line runs half its width past each end, so corners close.
    const left = pad + x * cell - half;
    const top = pad + y * cell - half;
    if (horizontal) box(left, top, cell + line, line, border);
    else box(left, top, line, cell + line, border);
  });
  return { width: pixelsWide, height: pixelsHigh, data };
}

/** A frame painted on a new canvas: cell colours, then the borders between regions. */
export function frameToCanvas(
  frame: Frame,
  palette: Palette,
  colours: ThumbnailColours,
  read: ColourReader,
  pixelRatio = globalThis.devicePixelRatio || 1,
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  const pixels = thumbnailPixels(frame, palette, colours, read, pixelRatio);
  canvas.width = pixels.width;
  canvas.height = pixels.height;
  canvas.getContext('2d', { willReadFrequently: true })?.putImageData(new ImageData(pixels.data, pixels.width, pixels.height), 0, 0);
  return canvas;
}
