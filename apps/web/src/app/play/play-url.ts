// The Play tab's part of the address: `play=1` opens the puzzle in play, `game=CODE` a position in
// it. Both names are the page's own, from core's table of host names.
import { HOST_NAMES } from '@kit/core/host';
import { stateSearch } from '../url-state.js';

const pageName = (name: string): string => {
  if (!HOST_NAMES.some((entry) => entry.name === name && entry.page)) throw new Error(`${name} is not a page parameter in HOST_NAMES`);
  return name;
};
export const PLAY_PARAMETER = pageName('play');
export const GAME_PARAMETER = pageName('game');

/** The history entries the Play tab pushed carry this state (Back from them returns to Solve). */
export const PLAY_ENTRY = { kitPlay: true } as const;

export function isPlayEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { kitPlay?: unknown }).kitPlay === true;
}

/** True when the address asks for play mode (`play=1`). */
export function wantsPlay(search: string): boolean {
  const value = new URLSearchParams(search).get(PLAY_PARAMETER);
  return value !== null && value !== '0' && value !== 'false';
}

/** The game code the address holds, if any. */
export function gameInUrl(search: string): string | undefined {
  return new URLSearchParams(search).get(GAME_PARAMETER) ?? undefined;
}

/** The address that opens this puzzle in play, with a position when `code` is given. */
export function playSearch(puzzle: string, values: Record<string, string>, code?: string): string {
  const params = new URLSearchParams(stateSearch(puzzle, values));
  params.set(PLAY_PARAMETER, '1');
  if (code !== undefined) params.set(GAME_PARAMETER, code);
  return `?${params}`;
}

/** The address without the Play tab's parameters (what Solve shows). */
export function withoutPlay(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(PLAY_PARAMETER);
  params.delete(GAME_PARAMETER);
  const rest = params.toString();
  return rest ? `?${rest}` : location.pathname;
}
