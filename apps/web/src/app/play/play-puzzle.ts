// Which puzzle the Play tab plays: the values the page was opened or switched with (a link's, an
// example's, or what the Solve form holds, which the address keeps), made into the plugin's
// instance exactly as Solve makes it (the same form and validation), and its identity for storage.
import type { Palette } from '@kit/core';
import type { AnyPlugin } from '@kit/core/host';
import { DELAY_FIELD, LIMIT_FIELD } from '../form-fields.js';
import { buildOptionForm } from '../option-form.js';
import type { ModeRequest } from '../page-mode.js';
import { prepareRun } from '../prepare-run.js';
import { findSample, sampleValues, sampleWithValues } from '../samples.js';
import { readState } from '../url-state.js';
import { puzzleIdentity } from './game-store.js';

export interface PlayPuzzle {
  /** The option values that make the puzzle, as the URL carries them (no host fields). */
  values: Record<string, string>;
  /** The example it came from, if it was opened as one. */
  example: string | undefined;
  identity: string;
}

/** The values to play: the request's, an example's, the address's (a tab switch from Solve), or the first example's. */
export function choosePuzzle(plugin: AnyPlugin, request: ModeRequest, search: string): { puzzle: PlayPuzzle; problems: string[] } {
  const problems: string[] = [];
  let given = request.values;
  if (Object.keys(given).length === 0 && request.example === undefined) {
    const state = readState(search);
    if (state.puzzle === plugin.id) given = state.values;
  }
  const named = findSample(plugin, request.example);
  if (request.example !== undefined && !named) problems.push(`${plugin.id} has no example called '${request.example}'`);
  const sample = named ?? (Object.keys(given).length === 0 ? plugin.samples?.[0] : undefined);
  let values = { ...given };
  if (sample) {
    try {
      values = { ...sampleValues(plugin, sample), ...given };
    } catch (error) {
      problems.push(`example ${sample.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  delete values[LIMIT_FIELD];
  delete values[DELAY_FIELD];
  // Values that are an example's (the address after a reload) are that example, for the menu.
  const example = sample?.name ?? sampleWithValues(plugin, values, [LIMIT_FIELD, DELAY_FIELD])?.name;
  return { puzzle: { values, example, identity: puzzleIdentity(plugin.id, values) }, problems };
}

/**
 * The plugin's instance for these values, read through the same form and checks as Solve's Run
 * (a form built off screen); throws InputError in the CLI's words.
 */
export function puzzleInstance(plugin: AnyPlugin, values: Record<string, string>, palette: Palette): unknown {
  const form = buildOptionForm(plugin, values, palette);
  if (form.problems.length > 0) throw new Error(form.problems.join('\n'));
  return prepareRun(plugin, form.read()).instance;
}
