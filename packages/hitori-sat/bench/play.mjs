// `pnpm bench`, play mode: how long the referee takes to count the completions after a move on a
// 15x15 Hitori (and to find the mistake after a wrong one), in this thread and through a worker
// thread as the page's Play tab asks it, against solving the puzzle from scratch with its
// uniqueness proof in the same run (the ratio). The target is 100 ms a move. CPU time is printed
// beside wall time: on a shared machine the wall clock also counts other processes' turns.
import { pathToFileURL } from 'node:url';
import { parseOptions } from '@kit/core/host';
import { RefereeClient, judgeGame, playMove, playedMoves, startGame } from '@kit/core/play';
import { createRefereeWorker } from '@kit/core/node';
import { searchHitori } from '../dist/encode.js';
import { generateHitori } from '../dist/generate.js';
import plugin from '../dist/plugin.js';
import { CdclSolver } from '../dist/sat/cdcl.js';

const TARGET_MS = 100;
const SEEDS = process.argv.includes('--quick') ? [1] : [1, 2, 3];
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

for (const seed of SEEDS) {
  const { puzzle, shaded } = generateHitori(15, 15, seed, () => new CdclSolver());
  const text = `${Array.from({ length: 15 }, (_, y) => puzzle.numbers.slice(y * 15, y * 15 + 15).join(' ')).join('\n')}\n`;
  const instance = plugin.parse(parseOptions(plugin.options, {}), { name: `15x15-${seed}.txt`, text });
  // The moves a player makes: the solution's shaded cells in reading order, a circle beside each.
  const moves = [];
  for (let cell = 0; cell < 225 && moves.length < 40; cell++) {
    if (shaded[cell]) moves.push({ type: 'mark', cell, value: '#' }, { type: 'mark', cell: cell % 15 < 14 ? cell + 1 : cell - 1, value: 'o' });
  }
  const solveTimes = [];
  for (let k = 0; k < 5; k++) {
    await timed(() => searchHitori(puzzle, new CdclSolver(), { maxSolutions: 2 }));
    solveTimes.push(lastCpu);
  }
  const here = [];
  const hereCpu = [];
  const there = [];
  const inWorker = [];
  const referee = new RefereeClient({
    moduleUrl: pathToFileURL(new URL('../dist/plugin.js', import.meta.url).pathname).href,
    pluginId: 'hitori-sat',
    createWorker: createRefereeWorker,
  });
  let game = startGame(plugin, instance);
  await referee.judge({ instance, seed: game.seed, moves: [], ask: { mistake: true } });
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
  // A wrong shade: the count drops to 0 and the mistake search runs.
  const wrongCell = [...shaded].findIndex((s, cell) => !s && cell > 30 && ![cell - 1, cell + 1, cell - 15, cell + 15].some((n) => shaded[n]));
  const wrong = playMove(plugin, instance, game, { type: 'mark', cell: wrongCell, value: '#' });
  const [, mistake] = await timed(() => judgeGame(plugin, instance, wrong, { mistake: true }));
  if (mistake.remaining !== 0 || mistake.mistake !== playedMoves(wrong.history).length) throw new Error('the wrong shade was not named');
  referee.close();
  const mistakeCpu = lastCpu;
  console.log(
    `hitori 15x15 seed ${seed}, ${moves.length} moves: remaining after a move ${ms(median(hereCpu))} CPU median (max ${ms(Math.max(...hereCpu))}), ` +
      `${ms(median(here))} wall here; through a worker ${ms(median(there))} median round trip (${ms(median(inWorker))} inside, max ${ms(Math.max(...inWorker))}); ` +
      `a mistake found in ${ms(mistakeCpu)} CPU (${mistake.searches} searches); solving from scratch ${ms(median(solveTimes))} CPU, ` +
      `ratio ${(median(hereCpu) / median(solveTimes)).toFixed(2)}; target ${TARGET_MS} ms: ${median(hereCpu) <= TARGET_MS ? 'met' : 'missed'}`,
  );
}
