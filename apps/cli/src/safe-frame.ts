import type { Cell, Frame } from '@kit/core';
import { escapeControls } from '@kit/core/messages';

/**
 * A plugin's frame with every text a terminal shows (its title, each cell's label and fill key)
 * through the one escaping function: they can come from a file (a piece file names its pieces with
 * any character, U+009B a CSI to some terminals). A frame with nothing to escape is returned as is.
 */
export function safeFrame(frame: Frame): Frame {
  if (plainText(frame)) return frame;
  let cells: Cell[] | undefined;
  frame.cells.forEach((cell, i) => {
    const label = cell.label === undefined ? undefined : escapeControls(cell.label);
    const fill = cell.fill === undefined ? undefined : escapeControls(cell.fill);
    if (label === cell.label && fill === cell.fill) return;
    cells ??= frame.cells.slice();
    cells[i] = { ...cell, ...(label !== undefined ? { label } : {}), ...(fill !== undefined ? { fill } : {}) };
  });
  const title = frame.title === undefined ? undefined : escapeControls(frame.title);
  if (!cells && title === frame.title) return frame;
  return { ...frame, ...(cells ? { cells } : {}), ...(title !== undefined ? { title } : {}) };
}

/** Whether `text` is printable ASCII only (U+0020 to U+007E), so nothing in it needs escaping. */
function isPlain(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) return false;
  }
  return true;
}

/**
 * Whether every text of the frame is printable ASCII, so nothing needs escaping: a look at each
 * character, instead of 54 calls of escapeControls per frame (a printed Soma run draws 240 frames
 * of 27 cells while this code is still cold).
 */
function plainText(frame: Frame): boolean {
  const title = frame.title ?? '';
  // Only strings: anything else takes the text-by-text way, which fails on it as before.
  if (typeof title !== 'string' || !isPlain(title)) return false;
  const cells = frame.cells;
  for (let i = 0; i < cells.length; i++) {
    const { label, fill } = cells[i]!;
    if (label !== undefined && (typeof label !== 'string' || !isPlain(label))) return false;
    if (fill !== undefined && (typeof fill !== 'string' || !isPlain(fill))) return false;
  }
  return true;
}
