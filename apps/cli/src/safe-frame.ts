import type { Cell, Frame } from '@kit/core';
import { escapeControls } from '@kit/core/messages';

/**
 * A plugin's frame with every text a terminal shows (its title, each cell's label and fill key)
 * through the one escaping function: they can come from a file (a piece file names its pieces with
 * any character, U+009B a CSI to some terminals). A frame with nothing to escape is returned as is.
 */
export function safeFrame(frame: Frame): Frame {
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
