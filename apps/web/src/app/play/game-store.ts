// Progress kept per puzzle in the browser's storage, so a reload resumes the game. What comes back
// from storage is hostile like any other input (another tab, an older page, a person with the
// developer tools): its size is bounded before it is parsed, every field is checked, and the game
// code is later replayed against the puzzle by core (startGame), which names the move it refuses.
import { MAX_GAME_CODE_LENGTH } from '@kit/core/play';

/** The part of the Web Storage API used here (localStorage, or a Map in tests). */
export interface KeyValueStore {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SavedGame {
  /** The game code (core's gameCode): seed, moves and undo cursor. */
  code: string;
  /** Play time so far. */
  elapsedMs: number;
}

const PREFIX = 'kit-play:v1:';
/** Games kept; the least recently saved go first. */
export const MAX_SAVED_GAMES = 64;
/** A puzzle's identity (its URL values) longer than this is not stored: a link holds less. */
const MAX_PUZZLE_LENGTH = 16_384;
const MAX_ELAPSED_MS = 1000 * 3600 * 24 * 366;

/** The puzzle's identity: its plugin and the option values that make it, in a fixed order. */
export function puzzleIdentity(pluginId: string, values: Record<string, string>): string {
  const sorted = Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${pluginId}?${new URLSearchParams(sorted).toString()}`;
}

/** A short, stable hash (cyrb53) for the storage key; the identity itself is stored and compared. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const storageKey = (identity: string) => `${PREFIX}${hash(identity)}`;

interface Entry {
  puzzle: string;
  code: string;
  elapsedMs: number;
  savedAt: number;
}

/** The entry a stored string holds, or why it is not one. */
function readEntry(raw: string): Entry | string {
  if (raw.length > MAX_PUZZLE_LENGTH + MAX_GAME_CODE_LENGTH + 256) return 'it is too long';
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return 'it is not JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'it is not an object';
  const { puzzle, code, elapsedMs, savedAt } = value as Record<string, unknown>;
  if (typeof puzzle !== 'string' || puzzle.length > MAX_PUZZLE_LENGTH) return 'it names no puzzle';
  if (typeof code !== 'string' || code.length > MAX_GAME_CODE_LENGTH) return 'its game code is missing or too long';
  if (typeof elapsedMs !== 'number' || !Number.isFinite(elapsedMs) || elapsedMs < 0 || elapsedMs > MAX_ELAPSED_MS) return 'its play time is not a time';
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return 'it has no date';
  return { puzzle, code, elapsedMs, savedAt };
}

export type LoadResult = { kind: 'none' } | { kind: 'saved'; game: SavedGame } | { kind: 'unreadable'; problem: string };

export class GameStore {
  constructor(
    /** Undefined where the browser gives no storage (it may also throw on every call). */
    private readonly store: KeyValueStore | undefined,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The saved game of this puzzle, if any; an unreadable entry is dropped and reported. */
  load(identity: string): LoadResult {
    if (!this.store || identity.length > MAX_PUZZLE_LENGTH) return { kind: 'none' };
    const key = storageKey(identity);
    let raw: string | null;
    try {
      raw = this.store.getItem(key);
    } catch {
      return { kind: 'none' };
    }
    if (raw === null) return { kind: 'none' };
    const entry = readEntry(raw);
    if (typeof entry === 'string') {
      this.forget(identity);
      return { kind: 'unreadable', problem: `the progress saved in this browser could not be read (${entry}); starting afresh` };
    }
    // Another puzzle with the same hash: not ours, and not to be overwritten by a read.
    if (entry.puzzle !== identity) return { kind: 'none' };
    return { kind: 'saved', game: { code: entry.code, elapsedMs: entry.elapsedMs } };
  }

  /** Keeps this game for the puzzle; false when the browser refused (storage full or off). */
  save(identity: string, game: SavedGame): boolean {
    if (!this.store || identity.length > MAX_PUZZLE_LENGTH || game.code.length > MAX_GAME_CODE_LENGTH) return false;
    const entry: Entry = { puzzle: identity, code: game.code, elapsedMs: Math.round(game.elapsedMs), savedAt: this.now() };
    try {
      this.store.setItem(storageKey(identity), JSON.stringify(entry));
      this.#prune();
      return true;
    } catch {
      return false;
    }
  }

  forget(identity: string): void {
    try {
      this.store?.removeItem(storageKey(identity));
    } catch {
      // Storage that refuses a removal has nothing of ours to remove.
    }
  }

  /** Drops unreadable entries, then the oldest, until MAX_SAVED_GAMES remain. */
  #prune(): void {
    const store = this.store!;
    const ours: { key: string; savedAt: number }[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(PREFIX)) ours.push({ key, savedAt: 0 });
    }
    if (ours.length <= MAX_SAVED_GAMES) return;
    for (const item of ours) {
      const entry = readEntry(store.getItem(item.key) ?? '');
      item.savedAt = typeof entry === 'string' ? -Infinity : entry.savedAt;
    }
    ours.sort((a, b) => a.savedAt - b.savedAt);
    for (const item of ours.slice(0, ours.length - MAX_SAVED_GAMES)) store.removeItem(item.key);
  }
}
