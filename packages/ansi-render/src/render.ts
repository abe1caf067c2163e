import { BASE_PALETTE, type Cell, type Frame, type Palette, type PaletteEntry } from '@kit/core';
import { entryHex } from '@kit/core/host';
import type { ColorMode } from './color.js';

/** How a frame is drawn as text: colour mode, palette and title line. */
export interface RenderOptions {
  /** 'none' draws letters; the others draw two-column colour blocks. */
  color: ColorMode;
  /** The plugin's palette merged over the base one (`mergePalette(plugin.palette)`). */
  palette?: Palette;
  /** A title line above the grid; defaults to the frame's own title; `null` draws none. */
  title?: string | null;
}

const ESC = '\u001B[';
const RESET = `${ESC}m`;

/**
 * Draws a frame as terminal lines (no trailing newlines), the way the seed's pentomino command does:
 * every cell two columns wide with a 256-colour (or truecolor) background, holes left blank. Without
 * colour each cell is its letter: the cell's label, else its palette entry's letter, else the fill key
 * (a palette entry that `masksLabel` shows its letter even over a label).
 */
export function renderFrame(frame: Frame, options: RenderOptions): string[] {
  const palette = options.palette ?? BASE_PALETTE;
  const lines: string[] = [];
  const title = options.title === undefined ? frame.title : options.title;
  if (title !== undefined && title !== null) lines.push(title);
  checkSize(frame);
  if (options.color === 'none') appendLetterRows(lines, frame, palette);
  else lines.push(...blockRows(rowsOf(frame), palette, options.color));
  return lines;
}

/** The frame as one string, each line ended by a newline. */
export function frameToString(frame: Frame, options: RenderOptions): string {
  return renderFrame(frame, options)
    .map((line) => `${line}\n`)
    .join('');
}

function checkSize(frame: Frame): void {
  if (frame.cells.length !== frame.width * frame.height) {
    throw new RangeError(`a ${frame.width}x${frame.height} frame needs ${frame.width * frame.height} cells, not ${frame.cells.length}`);
  }
}

function rowsOf(frame: Frame): Cell[][] {
  const rows: Cell[][] = [];
  for (let y = 0; y < frame.height; y++) rows.push(frame.cells.slice(y * frame.width, (y + 1) * frame.width));
  return rows;
}

function entryOf(cell: Cell, palette: Palette): PaletteEntry | undefined {
  return palette[cell.fill ?? 'empty'];
}

/** The letter a cell shows without colour. */
export function cellLetter(cell: Cell, palette: Palette = BASE_PALETTE): string {
  if (cell.hole) return ' ';
  const entry = entryOf(cell, palette);
  if (entry?.masksLabel && entry.letter !== undefined) return entry.letter;
  if (cell.label !== undefined && cell.label !== '') return cell.label;
  const letter = entry?.letter;
  if (letter !== undefined) return letter;
  return cell.fill?.[0] ?? '.';
}

/**
 * The frame's rows as letters, appended to `lines`. Single letters pack one per column (the seed's
 * plain output, and the JSON `rows`); wider labels (numbers) are right-aligned in columns separated
 * by a space. One pass with plain loops: a printed Soma run draws its 240 solutions while this code
 * is still cold, where each closure of a map/flat/reduce chain costs its own warm-up.
 */
function appendLetterRows(lines: string[], frame: Frame, palette: Palette): void {
  const { width, height, cells } = frame;
  const letters = new Array<string>(cells.length);
  let widest = 1;
  for (let i = 0; i < cells.length; i++) {
    const letter = cellLetter(cells[i]!, palette);
    letters[i] = letter;
    if (letter.length > widest) widest = letter.length;
  }
  for (let y = 0, i = 0; y < height; y++) {
    let line = '';
    for (let x = 0; x < width; x++, i++) {
      if (widest === 1) line += letters[i];
      else line += (x > 0 ? ' ' : '') + letters[i]!.padStart(widest);
    }
    lines.push(line);
  }
}

/** A label is drawn on a block only when it says more than the colour does (a Hitori number). */
function shownLabel(cell: Cell, entry: PaletteEntry | undefined): string | undefined {
  const label = cell.label;
  if (label === undefined || label === '' || label === cell.fill || label === entry?.letter) return undefined;
  return label;
}

function blockRows(rows: Cell[][], palette: Palette, mode: Exclude<ColorMode, 'none'>): string[] {
  const labelWidth = rows.flat().reduce((most, cell) => Math.max(most, shownLabel(cell, entryOf(cell, palette))?.length ?? 0), 0);
  const width = Math.max(2, labelWidth);
  return rows.map((row) => {
    let line = '';
    let style = '';
    for (const cell of row) {
      const { cellStyle, text } = blockCell(cell, palette, mode, width);
      if (cellStyle !== style) {
        line += cellStyle === '' ? RESET : cellStyle;
        style = cellStyle;
      }
      line += text;
    }
    return style === '' ? line : line + RESET;
  });
}

function blockCell(cell: Cell, palette: Palette, mode: Exclude<ColorMode, 'none'>, width: number): { cellStyle: string; text: string } {
  if (cell.hole) return { cellStyle: '', text: ' '.repeat(width) };
  const entry = entryOf(cell, palette);
  if (!entry) return { cellStyle: '', text: cellLetter(cell, palette).padStart(width) };
  const label = shownLabel(cell, entry);
  const background = mode === 'truecolor' ? `48;2;${rgb(entryHex(entry))}` : `48;5;${entry.ansi256}`;
  if (label === undefined) return { cellStyle: `${ESC}${background}m`, text: ' '.repeat(width) };
  const lightBlock = isLight(entryHex(entry));
  const foreground = mode === 'truecolor' ? (lightBlock ? '38;2;0;0;0' : '38;2;255;255;255') : lightBlock ? '38;5;16' : '38;5;231';
  return { cellStyle: `${ESC}${background};${foreground}m`, text: label.padStart(width) };
}

function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `${(value >> 16) & 255};${(value >> 8) & 255};${value & 255}`;
}

/** Relative luminance test: dark text on light blocks, light text on dark ones. */
function isLight(hex: string): boolean {
  const value = Number.parseInt(hex.slice(1), 16);
  const r = (value >> 16) & 255;
  const g = (value >> 8) & 255;
  const b = value & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 140;
}
