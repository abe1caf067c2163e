// Suggest's search in the chain builder: every reachable placement sequence of the three pairs shown
// (22^3 = 10648 at most) on the fast simulator. Over 20 seeded games, each played 0..30 drops deep by
// seeded random legal drops, prints the median and worst time of one Suggest (target: well under 100 ms).
// Usage: node bench/suggest.mjs [games]
import { seededRandom } from '@kit/core';
import { gameStatus, playMove, startGame } from '@kit/core/host';
import { fastEngine, plugin } from '../dist/index.js';
import { parseInstance } from '../dist/plugin.js';

const games = Number(process.argv[2] ?? 20);
const instance = parseInstance({}, { name: 'empty.txt', text: '......\n' });
const times = [];
let sequences = 0;
for (let seed = 1; seed <= games; seed++) {
  let game = startGame(plugin, instance, { seed });
  const next = seededRandom(seed * 7919);
  const depth = Math.floor(next() * 31);
  for (let i = 0; i < depth; i++) {
    const legal = gameStatus(plugin, instance, game).legalDrops;
    if (legal.length === 0) break;
    game = playMove(plugin, instance, game, { type: 'drop', ...legal[Math.floor(next() * legal.length)] });
  }
  plugin.play.deduce(instance, game.setup, game.position); // warm
  const started = performance.now();
  const hint = plugin.play.deduce(instance, game.setup, game.position);
  times.push(performance.now() - started);
  if (hint) sequences++;
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`suggest (${fastEngine()}): ${games} positions, ${sequences} with a suggestion; median ${median.toFixed(1)} ms, worst ${times[times.length - 1].toFixed(1)} ms (target < 100 ms)`);
