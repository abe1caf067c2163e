// `pnpm bench`, play mode: how long the referee takes to count the completions (up to 1000) after
// a move on 6x10, with 1, 2 and 3 pieces laid (from the CLI's solutions, so some remain, and at
// random), in this thread and through a worker thread as the page's Play tab asks it; against
// `pack --all` of the same board left (the laid cells as holes, every completion, no cap) in the
// same run (the ratio). The target is 100 ms a move. CPU time is printed beside wall time: on a
// shared machine the wall clock also counts other processes' turns.
import { pathToFileURL } from 'node:url';
import { applyMove, piecesLeft, RefereeClient, judgeGame, playMove, playedMoves, startGame } from '@kit/core/play';
import { parseOptions } from '@kit/core/host';
import { createRefereeWorker } from '@kit/core/node';
import { pack } from '../dist/index.js';
import plugin from '../dist/plugin.js';

const TARGET_MS = 100;
const LAYOUTS = process.argv.includes('--quick') ? 6 : 20;
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const ms = (value) => `${value.toFixed(1)} ms`;
let lastCpu = 0;
async function timed(fn) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await fn();
  const used = process.cpuUsage(cpu);
  lastCpu = (used.user + used.system) / 1000;
  return [performance.now() - start, result];
}
let state = 12345;
const random = () => {
  state = (Math.imul(state, 1103515245) + 12345) >>> 0;
  return state / 4294967296;
};

const instance = plugin.parse(parseOptions(plugin.options, {}), { name: '6x10.txt', text: '..........\n'.repeat(6) });
const solutions = [];
pack({ board: Array.from({ length: 6 }, () => '..........'), limit: LAYOUTS, onSolution: (rows) => solutions.push(rows) });

/** Pieces of a solution as moves, in the order of their first cell. */
function movesOf(setup, rows) {
  const cells = rows.join('');
  return setup.tray
    .map((piece, index) => {
      const own = [...cells].flatMap((char, cell) => (char === piece.name ? [cell] : []));
      const top = Math.min(...own.map((cell) => Math.floor(cell / 10)));
      const left = Math.min(...own.map((cell) => cell % 10));
      const shape = JSON.stringify(own.map((cell) => [Math.floor(cell / 10) - top, (cell % 10) - left]));
      return { type: 'place', piece: index, orientation: piece.orientations.findIndex((o) => JSON.stringify(o) === shape), cell: top * 10 + left };
    })
    .sort((a, b) => a.cell - b.cell);
}

function randomLayout(game) {
  const moves = [];
  while (moves.length < 3) {
    const piece = Math.floor(random() * 12);
    const move = { type: 'place', piece, orientation: Math.floor(random() * game.setup.tray[piece].orientations.length), cell: Math.floor(random() * 60) };
    try {
      applyMove(game.setup, game.position, move);
      game = playMove(plugin, instance, game, move);
      moves.push(move);
    } catch {}
  }
  return moves;
}

const referee = new RefereeClient({
  moduleUrl: pathToFileURL(new URL('../dist/plugin.js', import.meta.url).pathname).href,
  pluginId: 'pentomino',
  createWorker: createRefereeWorker,
});
const start = startGame(plugin, instance);
await referee.judge({ instance, seed: 1, moves: [], ask: {} });
const rows = { solution: { 1: [], 2: [], 3: [] }, random: { 1: [], 2: [], 3: [] } };
const trips = [];
const inside = [];
const packCpu = [];
const counts = { solution: [], random: [] };
for (let layout = 0; layout < LAYOUTS; layout++) {
  for (const kind of ['solution', 'random']) {
    const moves = kind === 'solution' ? movesOf(start.setup, solutions[layout]).slice(0, 3) : randomLayout(start);
    let game = start;
    for (let k = 0; k < 3; k++) {
      game = playMove(plugin, instance, game, moves[k]);
      const [, report] = await timed(() => judgeGame(plugin, instance, game, { mistake: true }));
      rows[kind][k + 1].push(lastCpu);
      if (k < 2) continue;
      counts[kind].push(report.capped ? 1001 : report.remaining);
      const [trip, remote] = await timed(() => referee.judge({ instance, seed: 1, moves: playedMoves(game.history), ask: { mistake: true } }));
      trips.push(trip);
      inside.push(remote.elapsedMs);
      // The reference: every completion of the same board left, by the library's pack().
      const left = piecesLeft(game.setup, game.position);
      const free = Array.from({ length: 60 }, () => '.');
      for (const placed of game.position.placed) for (const cell of placed.cells) free[cell] = '#';
      await timed(() =>
        pack({
          board: Array.from({ length: 6 }, (_, r) => free.slice(r * 10, r * 10 + 10).join('')),
          pieces: game.setup.tray.map((p, i) => p.name.repeat(left[i])).join(''),
          all: true,
        }),
      );
      packCpu.push(lastCpu);
    }
  }
}
referee.close();
for (const kind of ['solution', 'random']) {
  const line = [1, 2, 3].map((n) => `${n} laid ${ms(median(rows[kind][n]))} (max ${ms(Math.max(...rows[kind][n]))})`).join(', ');
  console.log(
    `pentomino 6x10, pieces from ${kind === 'solution' ? "the CLI's solutions" : 'random layouts'}: remaining after a move, CPU median: ${line}; completions with 3 laid: median ${median(counts[kind])}, max ${Math.max(...counts[kind])}`,
  );
}
const three = [...rows.solution[3], ...rows.random[3]];
console.log(
  `pentomino 6x10 with 3 laid: ${ms(median(three))} CPU median here, through a worker ${ms(median(trips))} median round trip (${ms(median(inside))} inside, max ${ms(Math.max(...inside))}); ` +
    `pack --all of the board left ${ms(median(packCpu))} CPU, ratio ${(median(three) / median(packCpu)).toFixed(2)}; target ${TARGET_MS} ms: ${median(three) <= TARGET_MS ? 'met' : 'missed'}`,
);
