import { HOST_NAMES, isPageParameter } from '@kit/core/host';

/** What the address bar holds: `?puzzle=pentomino&size=6&all=1&run=1`. A link reopens the same run. */
export interface PageState {
  puzzle: string | undefined;
  /** Option values as text, by option name (`input` is the positional file, `limit` the host's). */
  values: Record<string, string>;
  run: boolean;
  /** One of the plugin's named examples to open (`example=NAME`). */
  example: string | undefined;
}

/** The page's parameters that are form fields too. */
const FORM_FIELDS = new Set(HOST_NAMES.filter((entry) => entry.page?.field).map((entry) => entry.name));

export function readState(search: string): PageState {
  const params = new URLSearchParams(search);
  const values: Record<string, string> = {};
  // The page's own parameters (core's HOST_NAMES) are read below; the form's own fields (input,
  // limit, delay) stay with the values, where the form finds them. No plugin option takes either name.
  // Beside new=1 or daily=1, size, difficulty and seed are the generator's, not the plugin's options.
  const newGame = params.get('new') === '1' || params.get('daily') === '1';
  for (const [name, value] of params) if (!isPageParameter(name, { newGame }) || FORM_FIELDS.has(name)) values[name] = value;
  const run = params.get('run');
  return {
    puzzle: params.get('puzzle') ?? undefined,
    values,
    run: run !== null && run !== '0' && run !== 'false',
    example: params.get('example') ?? undefined,
  };
}

export function stateSearch(puzzle: string, values: Record<string, string>): string {
  const params = new URLSearchParams({ puzzle });
  for (const [name, value] of Object.entries(values)) params.set(name, value);
  return `?${params}`;
}

/** Keeps the URL in step with the form without adding a history entry per keystroke. */
export function writeState(puzzle: string, values: Record<string, string>): void {
  const search = stateSearch(puzzle, values);
  if (search !== location.search) history.replaceState(null, '', search);
}
