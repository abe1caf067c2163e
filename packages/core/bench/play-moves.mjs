#!/usr/bin/env node
// `pnpm bench`, play mode: does a move cost more the longer the game? A game of 41 moves whose
// position after move 41 is the one after move 1 (pentomino 6x10: a piece laid, then 20 other pieces
// laid and lifted; Sudoku: a digit, then 40 digits tried on another cell, the last clearing it), each
// move judged as the page's Play tab asks ({ mistake: true }) by the referee worker, which keeps the
// game (warmed by one game first). Printed: the round trip of move 1 and of move 41 (the same position, 40 moves later) and
// their ratio (the aim: 1 or less), medians of ROUNDS games; beside them, in the same run, the same
// two judgements made the old way, from scratch in this thread (the setup made from the seed, every
// move replayed, the problem compiled). Plugins are the repository's own, found as `kit` finds them:
// build first (`pnpm build`). `node packages/core/bench/play-moves.mjs [rounds]`.
import { fileURLToPath } from 'node:url';
import { discoverPlugins } from '@kit/core/discovery';
import { parseOptions, pluginFromModule, solveAll } from '@kit/core/host';
import { createRefereeWorker } from '@kit/core/node';
import { RefereeClient, initialPosition, judgePosition, pieceCells, playSetup, startGame } from '@kit/core/play';

const ROUNDS = Number(process.argv[2] ?? 15);
const ASK = { mistake: true };
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const discovery = await discoverPlugins({ cwd: repoRoot });
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const ms = (value) => `${value.toFixed(1).padStart(6)} ms`;

async function loaded(id) {
  const entry = discovery.plugins.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`the ${id} plugin is not built (pnpm build)`);
  return { plugin: pluginFromModule(await import(entry.moduleUrl), entry.source), moduleUrl: entry.moduleUrl };
}

/** Pentomino 6x10: the first solution's pieces as moves; one laid, then the others laid and lifted. */
async function pentominoGame() {
  const { plugin, moduleUrl } = await loaded('pentomino');
  const instance = plugin.parse(parseOptions(plugin.options, {}), undefined);
  const { solutions } = await solveAll(plugin, instance, { limit: 1 });
  const cells = solutions[0].rows.join('');
  const { setup } = startGame(plugin, instance);
  const width = setup.width;
  const places = setup.tray.map((piece, index) => {
    const own = [...cells].flatMap((char, cell) => (char === piece.name ? [cell] : []));
    const top = Math.min(...own.map((cell) => Math.floor(cell / width)));
    const left = Math.min(...own.map((cell) => cell % width));
    const shape = JSON.stringify(own.map((cell) => [Math.floor(cell / width) - top, (cell % width) - left]));
    return { type: 'place', piece: index, orientation: piece.orientations.findIndex((o) => JSON.stringify(o) === shape), cell: top * width + left };
  });
  const [first, ...others] = places;
  const moves = [first];
  for (let k = 0; k < 20; k++) {
    const other = others[k % others.length];
    moves.push(other, { type: 'lift', cell: pieceCells(setup, other.piece, other.orientation, other.cell)[0] });
  }
  return { name: 'pentomino 6x10', plugin, moduleUrl, instance, moves };
}

/** Sudoku (Wikipedia's): a right digit, then 40 digits tried on another empty cell, the last clearing it. */
async function sudokuGame() {
  const { plugin, moduleUrl } = await loaded('sudoku');
  const sample = plugin.samples.find((candidate) => candidate.name === 'wikipedia');
  const instance = plugin.parse(parseOptions(plugin.options, {}), { name: 'wikipedia', text: sample.input });
  const { setup } = startGame(plugin, instance);
  const { solutions } = await solveAll(plugin, instance, { limit: 1 });
  const solved = plugin.play.fromSolution(instance, setup, initialPosition(setup), solutions[0]).marks;
  const fixed = new Set(setup.fixed);
  const [c, d] = [...solved.keys()].filter((cell) => !fixed.has(cell));
  const digits = setup.marks.slice(1).map((mark) => mark.value);
  const moves = [{ type: 'mark', cell: c, value: solved[c] }];
  // Every digit in turn on the second cell (none the same twice running), then the cell cleared.
  for (let k = 0; k < 39; k++) moves.push({ type: 'mark', cell: d, value: digits[k % digits.length] });
  moves.push({ type: 'mark', cell: d, value: setup.marks[0].value });
  return { name: 'sudoku 9x9', plugin, moduleUrl, instance, moves };
}

/**
 * One game judged move by move through a fresh referee worker: the round trip of each move, and
 * what it said. The game is played once first (seed 1) so the worker's code is warm; the timed
 * game is another (seed 2), opened and judged at its start before its moves.
 */
async function throughWorker(game) {
  const client = new RefereeClient({ moduleUrl: game.moduleUrl, pluginId: game.plugin.id, createWorker: createRefereeWorker });
  const judge = (seed, k) => client.judge({ instance: game.instance, seed, moves: game.moves.slice(0, k), ask: ASK });
  for (let k = 0; k <= game.moves.length; k++) await judge(1, k);
  await judge(2, 0);
  const times = [];
  const reports = [];
  for (let k = 1; k <= game.moves.length; k++) {
    const started = performance.now();
    reports.push(await judge(2, k));
    times.push(performance.now() - started);
  }
  client.close();
  return { times, reports };
}

/** The old way: a judgement from scratch in this thread (setup from the seed, replay, compile). */
async function fromScratch(game, k) {
  const started = performance.now();
  const report = await judgePosition(game.plugin, game.instance, playSetup(game.plugin, game.instance, 1), game.moves.slice(0, k), ASK);
  return { ms: performance.now() - started, report };
}

const said = (report) => `${report.capped ? `${report.remaining}+` : report.remaining} left`;

for (const game of [await pentominoGame(), await sudokuGame()]) {
  const last = game.moves.length;
  const first = [];
  const later = [];
  const oldFirst = [];
  const oldLater = [];
  let reports;
  await fromScratch(game, last);
  for (let round = 0; round < ROUNDS; round++) {
    const run = await throughWorker(game);
    reports = run.reports;
    first.push(run.times[0]);
    later.push(run.times[last - 1]);
    oldFirst.push((await fromScratch(game, 1)).ms);
    oldLater.push((await fromScratch(game, last)).ms);
  }
  if (said(reports[0]) !== said(reports[last - 1])) throw new Error(`move 1 and move ${last} should judge one position alike`);
  const ratio = median(later) / median(first);
  console.log(
    `${game.name} (${said(reports[0])}): through the referee worker, move 1 ${ms(median(first))}, move ${last} ${ms(median(later))} (the same position ${last - 1} moves later), ` +
      `ratio ${ratio.toFixed(2)} (aim <= 1: ${ratio <= 1.1 ? 'met' : 'not met'}); from scratch in this thread, move 1 ${ms(median(oldFirst))}, move ${last} ${ms(median(oldLater))}, ` +
      `ratio ${(median(oldLater) / median(oldFirst)).toFixed(2)}; medians of ${ROUNDS} games`,
  );
}
