import { InputError } from '@kit/core';
import { splitLines } from './grid-text.js';
import { INPUT_FORMATS, type InputFormat, type ParsedPuzzle } from './parsed.js';
import { parsePencilBox } from './pencilbox.js';
import { parsePlainGrid } from './plain.js';
import { looksLikePuzzLink, parsePuzzLink } from './puzzlink.js';
import { looksLikeSingles, parseSingles } from './singles.js';

/**
 * PencilBox when the first two non-empty lines each hold one integer and the third holds as many
 * cells as the second says. A one-column plain grid of numbers can look the same; there the line
 * count must fit the header too (and `--format grid` settles any remaining doubt).
 */
function looksLikePencilBox(text: string): boolean {
  const lines = splitLines(text)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  if (lines.length < 2 || !/^\d+$/.test(lines[0]!) || !/^\d+$/.test(lines[1]!)) return false;
  const rows = Number(lines[0]);
  const cols = Number(lines[1]);
  if (cols === 1) return lines.length === 2 + rows || lines.length === 2 + 2 * rows;
  return lines.length === 2 || lines[2]!.split(/\s+/).length === cols;
}

/** Which format a puzzle text is in, by its shape: a puzz.link URL, a Singles ID, PencilBox's header lines, or else a plain grid. */
export function detectFormat(text: string): InputFormat {
  if (looksLikePuzzLink(text)) return 'puzz.link';
  if (looksLikeSingles(text)) return 'singles';
  if (looksLikePencilBox(text)) return 'pencilbox';
  return 'grid';
}

/**
 * Reads a puzzle (or, with `pattern`, a designer's pattern) in any supported format; `format`
 * forces one. Errors name the file and, where known, the line and column.
 */
export function parsePuzzleText(text: string, options: { file?: string; format?: InputFormat | 'auto'; pattern?: boolean } = {}): ParsedPuzzle {
  const pattern = options.pattern ?? false;
  try {
    if (text.trim().length === 0) throw new InputError('the file is empty');
    const format = !options.format || options.format === 'auto' ? detectFormat(text) : options.format;
    if (pattern && (format === 'puzz.link' || format === 'singles')) {
      throw new InputError(`a pattern must be PencilBox text or a plain grid, not ${format}`);
    }
    switch (format) {
      case 'pencilbox':
        return parsePencilBox(text, pattern);
      case 'puzz.link':
        return parsePuzzLink(text);
      case 'singles':
        return parseSingles(text);
      case 'grid':
        return parsePlainGrid(text, pattern);
      default:
        throw new InputError(`unknown format '${String(format)}' (choose from ${INPUT_FORMATS.join(', ')})`);
    }
  } catch (error) {
    if (error instanceof InputError && options.file) throw error.inFile(options.file);
    throw error;
  }
}
