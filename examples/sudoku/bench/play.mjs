// `pnpm bench`, play mode: how long the referee takes to count the completions after a move on a
// 9x9 Sudoku (and to find the mistake after a wrong digit), in this thread and through a worker
// thread as the page's Play tab asks it, against solving the puzzle from scratch in the same run
// (the ratio). The target is 100 ms a move. CPU time is printed beside wall time: on a shared
// machine the wall clock also counts other processes' turns.
import { pathToFileURL } from 'node:url';
import { parseOptions } from '@kit/core/host';
import { RefereeClient, judgeGame, playMove, playedMoves, startGame } from '@kit/core/play';
import { createRefereeWorker } from '@kit/core/node';
import plugin from '../dist/plugin.js';
import { parseSudoku, solveGrid } from '../dist/index.js';

const TARGET_MS = 100;
const PUZZLES = {
  inkala: [
    '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
    '812753649943682175675491283154237896369845721287169534521974368438526917796318452',
  ],
  wikipedia: [
    '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79',
    '534678912672195348198342567859761423426853791713924856961537284287419635345286179',
  ],
};
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

for (const [name, [puzzle, solution]] of Object.entries(PUZZLES)) {
  const instance = plugin.parse(parseOptions(plugin.options, {}), { name: `${name}.txt`, text: puzzle });
  const solveCpu = [];
  for (let k = 0; k < 5; k++) {
    await timed(() => solveGrid(parseSudoku(puzzle), { limit: 2, wantSolutions: false, solution: () => {}, cancelled: () => false }));
    solveCpu.push(lastCpu);
  }
  // The moves a player makes: the solution's digits, in reading order.
  const moves = [...puzzle].flatMap((char, cell) => (char === '.' ? [{ type: 'mark', cell, value: solution[cell] }] : [])).slice(0, 40);
  const referee = new RefereeClient({
    moduleUrl: pathToFileURL(new URL('../dist/plugin.js', import.meta.url).pathname).href,
    pluginId: 'sudoku',
    createWorker: createRefereeWorker,
  });
  let game = startGame(plugin, instance);
  await referee.judge({ instance, seed: game.seed, moves: [], ask: { mistake: true } });
  const hereCpu = [];
  const here = [];
  const there = [];
  const inWorker = [];
  for (const move of moves) {
    game = playMove(plugin, instance, game, move);
    const [local, report] = await timed(() => judgeGame(plugin, instance, game, { mistake: true }));
    if (report.remaining !== 1) throw new Error(`expected 1 solution left, got ${report.remaining}`);
    here.push(local);
    hereCpu.push(lastCpu);
    const [roundTrip, remote] = await timed(() => referee.judge({ instance, seed: game.seed, moves: playedMoves(game.history), ask: { mistake: true } }));
    there.push(roundTrip);
    inWorker.push(remote.elapsedMs);
  }
  // A wrong digit that breaks no rule at once: the count drops to 0 and the mistake search runs.
  const open = [...puzzle].flatMap((char, cell) => (char === '.' && !moves.some((m) => m.cell === cell) ? [cell] : []));
  const [cell, digit] = open.flatMap((at) => [...'123456789'].filter((d) => d !== solution[at] && !gameStatusBreaks(game, at, d)).map((d) => [at, d]))[0];
  const wrong = playMove(plugin, instance, game, { type: 'mark', cell, value: digit });
  const [, mistake] = await timed(() => judgeGame(plugin, instance, wrong, { mistake: true }));
  const mistakeCpu = lastCpu;
  if (mistake.remaining !== 0 || mistake.mistake !== playedMoves(wrong.history).length) throw new Error('the wrong digit was not named');
  referee.close();
  console.log(
    `sudoku ${name}, ${moves.length} moves: remaining after a move ${ms(median(hereCpu))} CPU median (max ${ms(Math.max(...hereCpu))}), ` +
      `${ms(median(here))} wall here; through a worker ${ms(median(there))} median round trip (${ms(median(inWorker))} inside, max ${ms(Math.max(...inWorker))}); ` +
      `a mistake found in ${ms(mistakeCpu)} CPU (${mistake.searches} searches); solving from scratch ${ms(median(solveCpu))} CPU, ` +
      `ratio ${(median(hereCpu) / median(solveCpu)).toFixed(2)}; target ${TARGET_MS} ms: ${median(hereCpu) <= TARGET_MS ? 'met' : 'missed'}`,
  );

  function gameStatusBreaks(at, cell, digit) {
    const probe = playMove(plugin, instance, at, { type: 'mark', cell, value: digit });
    return plugin.play.check(instance, probe.setup, probe.position).length > 0;
  }
}
