// New game, Daily and the solution path for every plugin of the kit that makes puzzles, in headless
// Chromium against the CLI: the page opens `kit generate`'s link and makes the same puzzle from the
// seed (its grade, path and first step are the ones `kit grade` gives for the CLI's puzzle, word for
// word), and Daily makes the day's puzzle from dailySeed. The plugins are the ones discovered here, so
// a new plugin with a generator is checked with no edit of this test.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dailySeed } from '@kit/core/make';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerModule from '../src/server/index.js';
import type { WebServer } from '../src/server/index.js';
import { launchChromium, type Browser } from './browser.js';
import { pageOpener } from './play-helpers.js';

const builtServer = '../dist/server/index.js';
const { discoverPlugins, serve } = (await import(builtServer)) as typeof ServerModule;

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');
const kitBin = join(repoRoot, 'apps/cli/dist/bin.cjs');
const kit = (args: string[]): string => execFileSync(process.execPath, [kitBin, ...args], { encoding: 'utf8', timeout: 120_000 });

interface Made {
  seed: number;
  size: string;
  difficulty: string;
  input: string;
  link: string;
}
interface Graded {
  line: string;
  steps: { rule: string; text: string }[];
}

/** The CLI's puzzle for a seed (at the generator's defaults unless a level is given). */
function madeByCli(id: string, seed: number, difficulty?: string): Made {
  return JSON.parse(kit(['generate', id, '--seed', String(seed), ...(difficulty ? ['--difficulty', difficulty] : []), '--json']).trim()) as Made;
}
/** The CLI's grade of a made puzzle: its summary line and steps. */
function gradedByCli(id: string, made: Made): Graded {
  const file = join(work, `${id}-${made.seed}.txt`);
  writeFileSync(file, made.input);
  const records = kit(['grade', id, file, '--json'])
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; line?: string; rule?: string; text?: string });
  return {
    line: records.find((record) => record.type === 'grade')!.line!,
    steps: records.filter((record) => record.type === 'step').map(({ rule, text }) => ({ rule: rule!, text: text! })),
  };
}

const makers = (JSON.parse(kit(['list', '--json'])) as { id: string }[])
  .map(({ id }) => ({ id, info: JSON.parse(kit(['info', id, '--json'])) as { generator?: { levels: string[]; size?: unknown }; grader?: unknown } }))
  .filter(({ info }) => info.generator && info.grader)
  .map(({ id, info }) => ({ id, levels: info.generator!.levels, sized: info.generator!.size !== undefined }));
/** How the page words a made game's level and size: a generator of one size (Puyo's field) names none. */
const wording = (made: Made, sized: boolean): string => `${made.difficulty}, ${sized ? `${made.size}, ` : ''}seed ${made.seed}`;

let server: WebServer;
let browser: Browser;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kit-made-kit-'));
  const discovery = await discoverPlugins({ root: repoRoot });
  server = await serve({ plugins: discovery.plugins, unavailable: discovery.unavailable });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Pages of the served site with no stored progress; a page error fails the test at `close`. */
const { open, close } = pageOpener(
  () => browser.context,
  () => server.url,
);

/** The made game the page shows: its level, seed and line. */
async function shownGame(p: Page): Promise<{ difficulty: string; seed: number; text: string }> {
  const shown = p.locator('#play-difficulty[data-difficulty]');
  await shown.waitFor({ timeout: 60_000 });
  return {
    difficulty: (await shown.getAttribute('data-difficulty'))!,
    seed: Number(await shown.getAttribute('data-seed')),
    text: (await shown.textContent()) ?? '',
  };
}

/** Opens the solution path; expects the CLI's grade line, then its first step, word for word. */
async function expectPath(p: Page, graded: Graded): Promise<void> {
  await p.getByRole('button', { name: 'Show the solution path' }).click();
  await p.waitForFunction(() => document.querySelector('#path-summary')?.textContent?.startsWith('Grade '), undefined, { timeout: 60_000 });
  expect(await p.locator('#path-summary').textContent()).toBe(`Grade ${graded.line}`);
  const forward = p.getByRole('button', { name: 'Forward', exact: true });
  await forward.click();
  const first = graded.steps[0]!;
  expect(await p.locator('#path-step').textContent()).toBe(`Step 1 of ${graded.steps.length}, ${first.rule}: ${first.text}`);
  expect(await p.locator('#path-step').getAttribute('data-rule')).toBe(first.rule);
  await p.waitForSelector('.stage [data-preview="1"]');
}

describe('every plugin that makes puzzles, in Play', () => {
  it("finds the kit's makers", () => {
    expect(makers.map(({ id }) => id)).toEqual(['hitori-sat', 'katamino', 'pentomino', 'polycube', 'puyo', 'sudoku']);
  });

  for (const { id, levels, sized } of makers) {
    it(`${id}: kit generate's link makes the same puzzle, and its path is kit grade's`, async () => {
      const made = madeByCli(id, 11, levels[0]);
      const graded = gradedByCli(id, made);
      const p = await open(made.link);
      const shown = await shownGame(p);
      expect(shown).toEqual({ difficulty: made.difficulty, seed: 11, text: `New game: ${wording(made, sized)}` });
      expect(await p.locator('#play-problem').textContent()).toBe('');
      await expectPath(p, graded);
      await p.getByRole('button', { name: 'Close', exact: true }).click();
      // A hint names the rule of a deduction the path uses.
      await p
        .getByRole('button', { name: /^(Hint|Suggest)$/ })
        .first()
        .click();
      await p.waitForSelector('#play-hint[data-move]', { timeout: 60_000 });
      expect(graded.steps.map(({ rule }) => rule)).toContain(await p.locator('#play-hint').getAttribute('data-rule'));
      await close(p);
    });

    it(`${id}: Daily makes the day's puzzle from dailySeed, the one the CLI makes from that seed`, async () => {
      const p = await open(`?puzzle=${id}&play=1`);
      await p.getByRole('button', { name: 'Daily', exact: true }).click();
      const today = new Date();
      const shown = await shownGame(p);
      expect(shown.seed).toBe(dailySeed(id, today));
      expect(levels).toContain(shown.difficulty);
      const made = madeByCli(id, shown.seed, shown.difficulty);
      expect(shown.text).toBe(`Daily puzzle of ${today.toISOString().slice(0, 10)}: ${wording(made, sized)}`);
      await expectPath(p, gradedByCli(id, made));
      await close(p);
    });
  }
});
