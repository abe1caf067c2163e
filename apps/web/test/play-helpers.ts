// Shared steps of the Play tab's browser tests: reading the referee, clicking, dragging and the
// accessibility check (axe-core evaluated through the DevTools protocol, which the page's
// Content-Security-Policy does not govern, so the page runs under its real policy).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What the referee says once it has answered: `data-remaining` and the words. */
export async function remaining(p: Page, timeout = 60_000): Promise<{ data: string; text: string }> {
  await p.waitForSelector('#remaining[aria-busy="false"]', { timeout });
  const element = p.locator('#remaining');
  return { data: (await element.getAttribute('data-remaining')) ?? '', text: (await element.textContent()) ?? '' };
}

export const boardCell = (p: Page, row: number, col: number) => p.locator(`.stage .board-cell[data-row="${row}"][data-col="${col}"]`);

/** Drags a tray piece by one of its cells (`part`) onto a board cell. */
export async function dragPiece(p: Page, piece: string, part: number, row: number, col: number): Promise<void> {
  const from = (await p.locator(`.tray-piece[data-piece="${piece}"] [data-part="${part}"]`).boundingBox())!;
  const to = (await boardCell(p, row, col).boundingBox())!;
  await p.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await p.mouse.down();
  await p.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await p.mouse.up();
}

/** A tray piece's cells in its shown orientation, as [row, col] offsets by part. */
export async function pieceParts(p: Page, piece: string): Promise<[number, number][]> {
  return p
    .locator(`.tray-piece[data-piece="${piece}"] [data-part]`)
    .evaluateAll((cells) =>
      cells.map((cell) => [Number((cell as HTMLElement).dataset['dr']), Number((cell as HTMLElement).dataset['dc'])] as [number, number]),
    );
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's critical and serious violations (WCAG 2.2 target size included), one line each. */
export async function axeProblems(p: Page): Promise<string[]> {
  if (!(await p.evaluate(() => 'axe' in window))) await p.evaluate(AXE_SOURCE);
  const violations = await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } })).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')})`,
    );
}

/** Interactive elements smaller than 24 CSS pixels either way (WCAG 2.2's minimum target size). */
export async function smallTargets(p: Page): Promise<string[]> {
  return p.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        '.play-panel button, .play-panel a, .play-panel select, .play-panel [role="gridcell"], .play-panel [tabindex="0"]',
      ),
    ]
      .filter((element) => element.offsetParent !== null)
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 24 || box.height < 24)
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()}.${element.className} "${(element.textContent ?? '').trim().slice(0, 20)}" ${box.width.toFixed(1)}x${box.height.toFixed(1)}`,
      ),
  );
}

/** The cells of the piece in hand (the hand bar's drawing) as [row, col] offsets by part. */
export async function handParts(p: Page): Promise<[number, number][]> {
  return p
    .locator('.hand-piece [data-part]')
    .evaluateAll((cells) =>
      cells.map((cell) => [Number((cell as HTMLElement).dataset['dr']), Number((cell as HTMLElement).dataset['dc'])] as [number, number]),
    );
}

/**
 * A finger's path on a touch screen: down at the first point, through the others, up at the last
 * (CDP touch events), at a person's pace: stamped 50 ms apart, resting 100 ms on the last point
 * before it lifts. Events sent as fast as CDP takes them are a fling to Chromium, and it swallows
 * the next tap as the one that stops the fling.
 */
export async function touchPath(
  p: Page,
  points: ReadonlyArray<{ x: number; y: number }>,
  atEach?: (point: { x: number; y: number }, index: number) => Promise<void>,
): Promise<void> {
  const cdp = await p.context().newCDPSession(p);
  const start = Date.now() / 1000;
  const at = (step: number) => start + step * 0.05;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [points[0]!], timestamp: at(0) });
  for (const [index, point] of points.entries()) {
    if (index > 0) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point], timestamp: at(index) });
    await atEach?.(point, index);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [points.at(-1)!], timestamp: at(points.length + 1) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: at(points.length + 1) });
  await cdp.detach();
}

/** The centre of an element's box. */
export async function centre(p: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = (await p.locator(selector).first().boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A shape as a canonical string: its cells moved to the top left corner, sorted. */
export function shapeOf(cells: ReadonlyArray<readonly [number, number]>): string {
  const top = Math.min(...cells.map(([r]) => r));
  const left = Math.min(...cells.map(([, c]) => c));
  return cells
    .map(([r, c]) => `${r - top},${c - left}`)
    .sort()
    .join(' ');
}

/** The cells a letter covers in a solution's rows. */
export const cellsOf = (rows: readonly string[], letter: string): [number, number][] =>
  rows.flatMap((row, r) => [...row].flatMap((char, c) => (char === letter ? [[r, c] as [number, number]] : [])));

/**
 * Lays a piece where a solution has it, with the hand bar only: the tray piece taken, turned with
 * Rotate (Flip after three turns) until it has the solution's shape, and its first part put on its
 * cell. `act` taps or clicks; `after` runs after each of those steps.
 */
export async function layByHand(
  p: Page,
  rows: readonly string[],
  letter: string,
  act: 'tap' | 'click',
  after: () => Promise<void> = async () => {},
): Promise<void> {
  const target = cellsOf(rows, letter);
  const push = async (locator: ReturnType<Page['locator']>) => {
    await (act === 'tap' ? locator.tap() : locator.click());
    await after();
  };
  await push(p.locator(`.tray-piece[data-piece="${letter}"]`));
  for (let turn = 0; shapeOf(await handParts(p)) !== shapeOf(target); turn++) {
    if (turn >= 7) throw new Error(`${letter}: no turn gives the solution's shape`);
    await push(p.getByRole('button', { name: turn === 3 ? 'Flip' : 'Rotate', exact: true }));
  }
  const parts = await handParts(p);
  const top = Math.min(...target.map(([r]) => r)) - Math.min(...parts.map(([r]) => r));
  const left = Math.min(...target.map(([, c]) => c)) - Math.min(...parts.map(([, c]) => c));
  await push(boardCell(p, top + parts[0]![0], left + parts[0]![1]));
}

/** A tray piece's orientations and turns, as the plugin's play setup gives them (`TrayPiece`). */
export interface TrayTurns {
  name: string;
  orientations: ReadonlyArray<ReadonlyArray<readonly number[]>>;
  turns: ReadonlyArray<{ key: string; next: readonly number[] }>;
}

/** The cubes of the piece in hand (the hand bar's drawing) as [layer, row, col] offsets by part. */
export async function handCubes(p: Page): Promise<[number, number, number][]> {
  return p
    .locator('.hand-piece [data-part]')
    .evaluateAll((cells) => cells.map((cell) => ['dl', 'dr', 'dc'].map((key) => Number((cell as HTMLElement).dataset[key])) as [number, number, number]));
}

/** Cubes as a canonical string: moved to the least corner, sorted. */
export function solidOf(cubes: ReadonlyArray<readonly number[]>): string {
  const least = [0, 1, 2].map((axis) => Math.min(...cubes.map((cube) => cube[axis]!)));
  return cubes
    .map((cube) => cube.map((value, axis) => value - least[axis]!).join(','))
    .sort()
    .join(' ');
}

/**
 * Lays a piece of a box where a solution has it (`layers[z][y]`, one letter a cube), with taps
 * only: the tray piece taken, turned with the hand bar's buttons (the shortest way there through
 * the piece's turns, which `piece` gives) until it has the solution's shape, and its first cube
 * tapped onto its cell (row `z * rows + y` of the layers' board). Each turn is checked against
 * the page: `data-orientation` and the drawn cubes.
 */
export async function layInBox(p: Page, layers: readonly (readonly string[])[], piece: TrayTurns, buttons: Record<string, string>): Promise<void> {
  const target = layers.flatMap((layer, z) =>
    layer.flatMap((row, y) => [...row].flatMap((char, x) => (char === piece.name ? [[z, y, x] as [number, number, number]] : []))),
  );
  await p.locator(`.tray-piece[data-piece="${piece.name}"]`).tap();
  const held = p.locator('.hand-piece');
  const start = Number(await held.getAttribute('data-orientation'));
  // The shortest run of turns from the orientation in hand to one with the solution's shape.
  const wanted = new Set(piece.orientations.flatMap((cubes, index) => (solidOf(cubes) === solidOf(target) ? [index] : [])));
  const way = new Map<number, string[]>([[start, []]]);
  for (const [orientation, keys] of way) {
    if (wanted.has(orientation)) break;
    for (const turn of piece.turns) if (!way.has(turn.next[orientation]!)) way.set(turn.next[orientation]!, [...keys, turn.key]);
  }
  const end = [...way.keys()].find((orientation) => wanted.has(orientation));
  if (end === undefined) throw new Error(`${piece.name}: no turn gives the solution's shape`);
  let orientation = start;
  for (const key of way.get(end)!) {
    await p.getByRole('button', { name: buttons[key]!, exact: true }).tap();
    orientation = piece.turns.find((turn) => turn.key === key)!.next[orientation]!;
    expect(await held.getAttribute('data-orientation')).toBe(String(orientation));
  }
  const cubes = await handCubes(p);
  expect(solidOf(cubes)).toBe(solidOf(target));
  const least = [0, 1, 2].map((axis) => Math.min(...target.map((cube) => cube[axis]!)));
  const [z, y, x] = cubes[0]!.map((value, axis) => value + least[axis]!) as [number, number, number];
  await boardCell(p, z * layers[0]!.length + y, x).tap();
}

export interface OpenOptions {
  viewport?: { width: number; height: number };
  /** Keep the browser's stored progress (a reload test); by default every page starts clean. */
  keepStorage?: boolean;
  /** Count a response of 400 or more as a problem too (a refused plugin file, a missing chunk). */
  httpErrors?: boolean;
}

/**
 * Opens the page's addresses in the browser `context` gives, each in a new tab with no stored progress, and keeps
 * what went wrong on it (page errors, console errors, with `httpErrors` refused responses):
 * `close` fails the test when anything did. `context` and `base` are read at each open (the browser and server start in beforeAll).
 */
export function pageOpener(context: () => BrowserContext, base: () => string, defaults: OpenOptions = {}) {
  const problems = new Map<Page, string[]>();
  async function open(search: string, options: OpenOptions = {}): Promise<Page> {
    const { viewport = { width: 1280, height: 900 }, keepStorage = false, httpErrors = false } = { ...defaults, ...options };
    const page = await context().newPage();
    await page.setViewportSize(viewport);
    if (!keepStorage) {
      await page.goto(new URL('plugins/manifest.json', base()).href);
      await page.evaluate(() => localStorage.clear());
    }
    const seen: string[] = [];
    problems.set(page, seen);
    page.on('pageerror', (error) => seen.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) seen.push(message.text());
    });
    if (httpErrors) {
      page.on('response', (response) => {
        if (response.status() >= 400) seen.push(`${response.status()} ${response.url()}`);
      });
    }
    await page.goto(new URL(search, base()).href);
    await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
    return page;
  }
  async function close(page: Page): Promise<void> {
    expect(problems.get(page)).toEqual([]);
    problems.delete(page);
    await page.close();
  }
  return { open, close };
}
