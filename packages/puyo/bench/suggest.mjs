// Suggest's search in the chain builder: every reachable placement sequence of the three pairs shown
// (22^3 = 10648 at most) on the fast simulator. Over 20 seeded games, each played 0..30 drops deep by
// seeded random legal drops, prints the median and worst time of one Suggest, best of 5 runs each
// (target: well under 100 ms).
// Usage: node bench/suggest.mjs [games]
import { seededRandom } from '@kit/core';
import { gameStatus, playMove, startGame } from '@kit/core/play';
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
  // Best of 5 (after a warm-up): the machine's other work only ever adds time.
  plugin.play.deduce(instance, game.setup, game.position);
  let fastest = Infinity;
  let hint;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    hint = plugin.play.deduce(instance, game.setup, game.position);
    fastest = Math.min(fastest, performance.now() - started);
  }
  times.push(fastest);
  if (hint) sequences++;
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(
  `suggest (${fastEngine()}): ${games} positions, ${sequences} with a suggestion; median ${median.toFixed(1)} ms, worst ${times[times.length - 1].toFixed(1)} ms (target < 100 ms)`,
);

// The widest window: an empty field, every placement open to all three pairs.
const open = startGame(plugin, instance, { seed: 1 });
plugin.play.deduce(instance, open.setup, open.position);
let fastest = Infinity;
for (let run = 0; run < 5; run++) {
  const started = performance.now();
  plugin.play.deduce(instance, open.setup, open.position);
  fastest = Math.min(fastest, performance.now() - started);
}
console.log(`suggest on the empty field (22^3 sequences but for one-colour pairs): ${fastest.toFixed(1)} ms`);
