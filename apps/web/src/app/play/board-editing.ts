// Editing a board in place, between a plugin's play mode and the page's puzzle values: which of
// the plugin's editors its `play.editable` speaks for, the position as that editor's grid (checked,
// as any plugin data is), and the puzzle's values with the edited grid put in (the options that
// grid replaces left out, as the Solve form leaves them out while it is in use).
import type { GridEditorSpec } from '@kit/core';
import type { PlayPosition, PlaySetup } from '@kit/core/play';
import type { AnyPlugin } from '@kit/core/host';
import { checkGrid, encodeGrid } from '../grid-code.js';
import type { EditableBoard } from './board-painter.js';

type Editable = NonNullable<NonNullable<AnyPlugin['play']>['editable']>;

/** The editor a play mode edits its board with, asked of the position (or the start, when it cannot be edited as it stands). */
export function editorFor(plugin: AnyPlugin, instance: unknown, setup: PlaySetup, positions: readonly PlayPosition[]): GridEditorSpec | undefined {
  const editable = plugin.play?.editable as Editable | undefined;
  if (!editable) return undefined;
  for (const position of positions) {
    const target = editable(instance, setup, position)?.target;
    const spec = plugin.editors?.find((each) => each.target === target && !each.layers);
    if (spec) return spec;
  }
  return undefined;
}

/**
 * The position as the editor's grid, or undefined when the plugin gives none for it, names
 * another editor, or gives a grid the editor does not take or cells that are not the frame's.
 */
export function editableNow(
  plugin: AnyPlugin,
  spec: GridEditorSpec,
  instance: unknown,
  setup: PlaySetup,
  position: PlayPosition,
  frameCells: number,
): EditableBoard | undefined {
  const editable = plugin.play?.editable as Editable | undefined;
  const found = editable?.(instance, setup, position);
  if (!found || found.target !== spec.target || typeof found.text !== 'string' || !Array.isArray(found.cells) || found.cells.length !== frameCells)
    return undefined;
  let grid: string[][];
  try {
    grid = checkGrid(spec, spec.fromText(found.text, spec.target));
  } catch {
    return undefined;
  }
  const inGrid = (at: unknown) =>
    at === null ||
    (Array.isArray(at) &&
      at.length === 2 &&
      Number.isInteger(at[0]) &&
      Number.isInteger(at[1]) &&
      at[0] >= 0 &&
      at[1] >= 0 &&
      at[0] < grid.length &&
      at[1] < grid[0]!.length);
  return found.cells.every(inGrid) ? { text: found.text, cells: found.cells } : undefined;
}

/** The puzzle's values with the edited grid as the editor's input; throws InputError for a grid the editor refuses. */
export function editedValues(spec: GridEditorSpec, values: Readonly<Record<string, string>>, text: string): Record<string, string> {
  const grid = checkGrid(spec, spec.fromText(text, spec.target));
  const edited = { ...values };
  for (const name of spec.supersedes ?? []) delete edited[name];
  edited[spec.target] = encodeGrid(spec, grid);
  return edited;
}
