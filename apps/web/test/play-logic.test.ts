// The Play tab's parts that need no browser: the play clock, progress kept in storage (and storage
// that lies), the words the referee's answers are shown in, and the play parameters of the address.
import { type AnyPlugin, checkPlugin } from '@kit/core/host';
import { gameCode, MAX_GAME_CODE_LENGTH, playMove, startGame } from '@kit/core/play';
import { describe, expect, it } from 'vitest';
import { GameStore, MAX_SAVED_GAMES, puzzleIdentity, type KeyValueStore } from '../src/app/play/game-store.js';
import { clockText, PlayTimer } from '../src/app/play/play-timer.js';
import { gameInUrl, playSearch, wantsPlay } from '../src/app/play/play-url.js';
import { moveCells, moveWords, remainingWords } from '../src/app/play/play-words.js';
import binairoModule from './fixtures/binairo-play-plugin.js';

const binairo = checkPlugin(binairoModule, 'binairo') as AnyPlugin;

/** localStorage's behaviour over a Map, with a switch that makes every call throw (storage off or full). */
class MemoryStore implements KeyValueStore {
  readonly map = new Map<string, string>();
  broken = false;
  get length(): number {
    return this.map.size;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    if (this.broken) throw new Error('SecurityError');
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.broken) throw new Error('QuotaExceededError');
    this.map.set(key, value);
  }
  removeItem(key: string): void {
    if (this.broken) throw new Error('SecurityError');
    this.map.delete(key);
  }
}

describe('the play clock', () => {
  it('runs only while the game is active and the tab visible, and keeps what it had', () => {
    let now = 1000;
    const timer = new PlayTimer(() => now);
    timer.reset(5000);
    now += 700;
    expect(timer.elapsedMs).toBe(5000);
    timer.setActive(true);
    now += 2000;
    expect(timer.elapsedMs).toBe(7000);
    timer.setVisible(false);
    now += 60 * 60 * 1000;
    expect(timer.elapsedMs).toBe(7000);
    expect(timer.running).toBe(false);
    timer.setVisible(true);
    now += 500;
    expect(timer.elapsedMs).toBe(7500);
    timer.setActive(false);
    now += 10_000;
    expect(timer.elapsedMs).toBe(7500);
    timer.setActive(true);
    timer.setActive(true);
    now += 1;
    expect(timer.elapsedMs).toBe(7501);
  });

  it('reads as minutes and seconds, hours when there are any', () => {
    expect([0, 999, 42_000, 605_000, 3_729_000, -5].map(clockText)).toEqual(['0:00', '0:00', '0:42', '10:05', '1:02:09', '0:00']);
  });
});

describe('progress kept in storage', () => {
  const identity = puzzleIdentity('binairo', { rows: '1..0/.0../11../....' });

  it('names a puzzle by its plugin and values, whatever their order', () => {
    expect(puzzleIdentity('p', { b: '2', a: '1 2' })).toBe(puzzleIdentity('p', { a: '1 2', b: '2' }));
    expect(puzzleIdentity('p', { a: '1' })).not.toBe(puzzleIdentity('q', { a: '1' }));
  });

  it('gives back the game it was given, and nothing for another puzzle', () => {
    const memory = new MemoryStore();
    const store = new GameStore(memory);
    expect(store.load(identity)).toEqual({ kind: 'none' });
    const instance = binairo.parse({ rows: '1..0/.0../11../....' });
    const game = playMove(binairo, instance, startGame(binairo, instance), { type: 'mark', cell: 1, value: '0' });
    expect(store.save(identity, { code: gameCode(game), elapsedMs: 1234.4 })).toBe(true);
    expect(store.load(identity)).toEqual({ kind: 'saved', game: { code: gameCode(game), elapsedMs: 1234 } });
    expect(store.load(puzzleIdentity('binairo', { rows: '..../..../..../....' }))).toEqual({ kind: 'none' });
  });

  it('drops what is not its own format, saying why, and never throws', () => {
    const memory = new MemoryStore();
    const store = new GameStore(memory);
    store.save(identity, { code: '1-1-0', elapsedMs: 0 });
    const [key] = [...memory.map.keys()];
    const good = JSON.parse(memory.map.get(key!)!) as Record<string, unknown>;
    const bad: [string, string][] = [
      ['{not json', 'it is not JSON'],
      ['[1,2]', 'it is not an object'],
      ['null', 'it is not an object'],
      [JSON.stringify({ ...good, code: 5 }), 'its game code is missing or too long'],
      [JSON.stringify({ ...good, code: 'x'.repeat(MAX_GAME_CODE_LENGTH + 1) }), 'its game code is missing or too long'],
      [JSON.stringify({ ...good, elapsedMs: -1 }), 'its play time is not a time'],
      [JSON.stringify({ ...good, elapsedMs: 'soon' }), 'its play time is not a time'],
      [JSON.stringify({ ...good, puzzle: 7 }), 'it names no puzzle'],
      [JSON.stringify({ ...good, savedAt: null }), 'it has no date'],
      [`"${'x'.repeat(MAX_GAME_CODE_LENGTH + 20_000)}"`, 'it is too long'],
    ];
    for (const [raw, why] of bad) {
      memory.map.set(key!, raw);
      expect(store.load(identity)).toEqual({ kind: 'unreadable', problem: `the progress saved in this browser could not be read (${why}); starting afresh` });
      expect(memory.map.has(key!)).toBe(false);
    }
    // Another puzzle's entry under the same key (a hash collision) is neither read nor removed.
    memory.map.set(key!, JSON.stringify({ ...good, puzzle: 'someone?else' }));
    expect(store.load(identity)).toEqual({ kind: 'none' });
    expect(memory.map.has(key!)).toBe(true);
    memory.broken = true;
    expect(store.load(identity)).toEqual({ kind: 'none' });
    expect(store.save(identity, { code: '1-1-0', elapsedMs: 0 })).toBe(false);
    expect(() => store.forget(identity)).not.toThrow();
    expect(new GameStore(undefined).save(identity, { code: '1-1-0', elapsedMs: 0 })).toBe(false);
  });

  it(`keeps the ${MAX_SAVED_GAMES} games saved last and leaves others' keys alone`, () => {
    const memory = new MemoryStore();
    memory.map.set('someone-else', 'theirs');
    let clock = 0;
    const store = new GameStore(memory, () => clock++);
    for (let i = 0; i < MAX_SAVED_GAMES + 10; i++) store.save(puzzleIdentity('p', { n: String(i) }), { code: '1-1-0', elapsedMs: i });
    expect([...memory.map.keys()].filter((key) => key.startsWith('kit-play:')).length).toBe(MAX_SAVED_GAMES);
    expect(memory.map.get('someone-else')).toBe('theirs');
    expect(store.load(puzzleIdentity('p', { n: '9' }))).toEqual({ kind: 'none' });
    expect(store.load(puzzleIdentity('p', { n: '10' }))).toEqual({ kind: 'saved', game: { code: '1-1-0', elapsedMs: 10 } });
  });
});

describe('what the referee says', () => {
  it('counts in words', () => {
    expect(remainingWords({ remaining: 1, capped: false })).toBe('1 solution left');
    expect(remainingWords({ remaining: 27, capped: false })).toBe('27 left');
    expect(remainingWords({ remaining: 0, capped: false })).toBe('no solution from here');
    expect(remainingWords({ remaining: 1000, capped: true })).toBe('more than 1,000');
  });

  it("names moves and their cells in the setup's words", () => {
    const instance = binairo.parse({ rows: '1..0/.0../11../....' });
    const { setup } = startGame(binairo, instance);
    expect(moveWords(setup, { type: 'mark', cell: 6, value: '1' })).toBe('one at row 2, column 3');
    expect(moveWords(setup, { type: 'mark', cell: 6, value: '.' })).toBe('cleared row 2, column 3');
    expect(moveCells(setup, { type: 'mark', cell: 6, value: '1' })).toEqual([6]);
  });
});

describe('the play parameters of the address', () => {
  it('opens play with play=1 and a position with game=', () => {
    expect(wantsPlay('?puzzle=binairo&play=1')).toBe(true);
    expect(wantsPlay('?puzzle=binairo&play=0')).toBe(false);
    expect(wantsPlay('?puzzle=binairo')).toBe(false);
    expect(gameInUrl('?play=1&game=1-7-2.m1-1.m2-2')).toBe('1-7-2.m1-1.m2-2');
    expect(playSearch('binairo', { rows: '1..0/....' })).toBe('?puzzle=binairo&rows=1..0%2F....&play=1');
    expect(playSearch('binairo', {}, '1-1-0')).toBe('?puzzle=binairo&play=1&game=1-1-0');
  });
});
