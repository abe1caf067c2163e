// Play benchmark: how long the Play tab takes, in headless Chromium, from a move to the frame that
// shows the remaining count (the page's own `kit:remaining` measure: the move drawn, the referee
// asked in its worker, the answer on screen), for the three positions:
//  - a 15x15 Hitori (hitori-sat's generator, seed 7), shading its solution's cells one by one;
//  - the 9x9 Sudoku of Wikipedia, filling its solution's digits one by one;
//  - 6x10 pentomino with 3 pieces laid (the third laid again and again: Redo after Undo).
// Moves come from the game's own keys (Ctrl+Y replays the next move of a game opened from a link
// holding the moves), so nothing but the move itself is timed. The reference, in the same run: the
// same judgement in Node on one thread (core's judgePosition with the plugin's referee), so the
// ratio page / in-process says what the page, its worker and its drawing add. Target: 100 ms.
// Needs a build and Debian's chromium: `node bench/play.mjs [moves]`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pieceCells, gameCode, judgePosition, playMove, playedMoves, startGame } from '@kit/core/play';
import { parseOptions, pluginFromModule } from '@kit/core/host';
import { chromium } from 'playwright-core';
import { discoverPlugins, serve } from '../dist/server/index.js';

const MOVES = Number(process.argv[2] ?? 9);
const TARGET_MS = 100;
const CHROMIUM = process.env.KIT_CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log(`play bench: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium)`);
  process.exit(0);
}
const webDir = new URL('..', import.meta.url).pathname;
const repoRoot = join(webDir, '../..');
const kitBin = join(repoRoot, 'apps/cli/dist/bin.cjs');
const discovery = await discoverPlugins({ root: repoRoot });
const sources = Object.fromEntries(discovery.plugins.map((source) => [source.id, source]));
for (const id of ['hitori-sat', 'sudoku', 'pentomino']) {
  if (!sources[id]) {
    console.log(`play bench: skipped, the ${id} plugin is not built`);
    process.exit(0);
  }
}
const plugins = Object.fromEntries(
  await Promise.all(['hitori-sat', 'sudoku', 'pentomino'].map(async (id) => [id, pluginFromModule(await import(sources[id].moduleUrl), sources[id].source)])),
);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const best = (values) => Math.min(...values);
const ms = (value) => `${value.toFixed(1).padStart(6)} ms`;
const work = mkdtempSync(join(tmpdir(), 'kit-play-bench-'));
const kit = (args) => execFileSync(process.execPath, [kitBin, ...args], { encoding: 'utf8' });
const solutionOf = (id, args, text) => {
  const file = join(work, `${id}.txt`);
  if (text !== undefined) writeFileSync(file, text);
  const lines = kit(['run', id, ...(text !== undefined ? [file] : []), ...args, '--json'])
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  return lines.find((line) => line.type === 'solution').solution;
};

/** Each scenario: a plugin, its URL values, the moves a link holds and how many are played at first. */
function hitoriScenario() {
  const url = kit(['run', 'hitori-sat', '--generate', '15x15', '--seed', '7', '--emit', 'puzz.link'])
    .trim()
    .split('\n')
    .find((line) => line.startsWith('https://'));
  const plugin = plugins['hitori-sat'];
  const values = { input: `${url}\n` };
  const instance = plugin.parse(parseOptions(plugin.options, {}), { name: 'input', text: values.input });
  const shaded = solutionOf('hitori-sat', [], values.input).shaded.join('');
  const moves = [...shaded].flatMap((mark, cell) => (mark === '#' ? [{ type: 'mark', cell, value: '#' }] : [])).slice(0, MOVES);
  return { name: 'hitori-sat 15x15', id: 'hitori-sat', values, instance, moves, start: 0, redo: moves.length };
}

function sudokuScenario() {
  const plugin = plugins.sudoku;
  const sample = plugin.samples.find((each) => each.name === 'wikipedia');
  const instance = plugin.parse(parseOptions(plugin.options, {}), { name: 'input', text: sample.input });
  const solved = solutionOf('sudoku', [], sample.input).rows.join('');
  const givens = sample.input.replace(/\s/g, '');
  const moves = [...givens].flatMap((char, cell) => (char === '.' || char === '0' ? [{ type: 'mark', cell, value: solved[cell] }] : [])).slice(0, MOVES);
  return { name: 'sudoku 9x9', id: 'sudoku', values: { example: 'wikipedia' }, instance, moves, start: 0, redo: moves.length };
}

function pentominoScenario() {
  const plugin = plugins.pentomino;
  const instance = plugin.parse(parseOptions(plugin.options, { size: '6' }));
  const rows = solutionOf('pentomino', ['--all', '--limit', '1']).rows;
  const { setup } = startGame(plugin, instance);
  const moves = ['I', 'U', 'X'].map((letter) => {
    const cells = rows.flatMap((row, r) => [...row].flatMap((char, c) => (char === letter ? [r * 10 + c] : []))).sort((a, b) => a - b);
    const piece = setup.tray.findIndex((each) => each.name === letter);
    for (let orientation = 0; orientation < setup.tray[piece].orientations.length; orientation++) {
      for (let cell = 0; cell < 60; cell++) {
        const covered = pieceCells(setup, piece, orientation, cell);
        if (covered && covered.join() === cells.join()) return { type: 'place', piece, orientation, cell };
      }
    }
    throw new Error(`no placement of ${letter} covers ${cells}`);
  });
  return { name: 'pentomino 6x10, 3 laid', id: 'pentomino', values: { example: '6x10' }, instance, moves, start: 2, redo: 1 };
}

/** The same judgement in this thread: the position after each timed move. */
async function inProcess(scenario) {
  const plugin = plugins[scenario.id];
  let game = startGame(plugin, scenario.instance);
  const times = [];
  for (let k = 0; k < scenario.moves.length; k++) {
    game = playMove(plugin, scenario.instance, game, scenario.moves[k]);
    if (k < scenario.start) continue;
    for (let repeat = 0; repeat < (scenario.redo === 1 ? MOVES : 1); repeat++) {
      const started = performance.now();
      await judgePosition(plugin, scenario.instance, game.setup, playedMoves(game.history), { mistake: true });
      times.push(performance.now() - started);
    }
  }
  return times;
}

const server = await serve({ plugins: Object.values(sources).filter((source) => plugins[source.id]) });
const profile = mkdtempSync(join(tmpdir(), 'kit-web-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/** The page's `kit:remaining` measures for the scenario's timed moves. */
async function inPage(scenario) {
  const plugin = plugins[scenario.id];
  let game = startGame(plugin, scenario.instance);
  for (const move of scenario.moves) game = playMove(plugin, scenario.instance, game, move);
  const code = gameCode({ ...game, history: { moves: game.history.moves, cursor: scenario.start } });
  const page = await context.newPage();
  const params = new URLSearchParams({ puzzle: scenario.id, ...scenario.values, play: '1', game: code });
  await page.goto(`${server.url}?${params}`);
  await page.waitForSelector('#remaining[aria-busy="false"]', { timeout: 120_000 });
  const count = () => page.evaluate(() => performance.getEntriesByName('kit:remaining').length);
  const answered = async (before) => {
    await page.waitForFunction((n) => performance.getEntriesByName('kit:remaining').length > n, before, { timeout: 120_000 });
    await page.waitForSelector('#remaining[aria-busy="false"]');
    return page.evaluate(() => performance.getEntriesByName('kit:remaining').at(-1).duration);
  };
  // Let the page settle (its first count, the spare worker) before the first timed move.
  await page.waitForTimeout(500);
  const times = [];
  const remaining = [];
  for (let k = 0; k < (scenario.redo === 1 ? MOVES : scenario.redo); k++) {
    const before = await count();
    await page.keyboard.press('Control+y');
    times.push(await answered(before));
    remaining.push(await page.locator('#remaining').getAttribute('data-remaining'));
    if (scenario.redo === 1) {
      const back = await count();
      await page.keyboard.press('Control+z');
      await answered(back);
    }
  }
  await page.close();
  return { times, remaining };
}

try {
  const scenarios = [hitoriScenario(), sudokuScenario(), pentominoScenario()];
  const load = loadavg()[0].toFixed(2);
  console.log(`play bench: from a move to its remaining count on screen, ${MOVES} moves each, load average ${load} on the machine`);
  for (const scenario of scenarios) {
    const page = await inPage(scenario);
    const local = await inProcess(scenario);
    const counts = [...new Set(page.remaining)].join(', ');
    console.log(
      `  ${scenario.name.padEnd(24)} page median ${ms(median(page.times))}  best ${ms(best(page.times))}  worst ${ms(Math.max(...page.times))}   in process median ${ms(median(local))}   ratio ${(median(page.times) / median(local)).toFixed(2)}   target ${TARGET_MS} ms ${median(page.times) <= TARGET_MS ? 'met' : 'MISSED'}   (remaining: ${counts})`,
    );
  }
} finally {
  await context.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}
