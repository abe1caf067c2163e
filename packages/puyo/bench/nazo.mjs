// Chain-puzzle solve times for 2..5 pairs: the kit's search (bitboard simulator) against the same
// search written on the plain flood-fill simulator, in the same process. Both do the same work (full
// sequences, reachable placements only, no move after game over, the same pruning), checked by equal
// answer and placement counts. The plain search on 5 pairs would take minutes: it runs a time-boxed
// share of the first pair's subtrees and its rate (placements per CPU second) is compared.
// Usage: node bench/nazo.mjs [plainBudgetSeconds] (run.mjs runs it after the simulator bench).
import { pathToFileURL } from 'node:url';
import { decodeNazoLink, gridFromField, parsePairs, solveNazo, parseGoal } from '../dist/index.js';
// Internal modules (not the package's public entry), for the plain search written here.
import { runChain } from '../dist/chain.js';
import { cellIndex } from '../dist/field.js';
import { placementReachable, reachableColumns } from '../dist/reach.js';

const LINK = 'https://puyop.com/s/x00900z00A40j1gr29h1hi9i_c1c1__u02';
const PAIRS = 'RG,RG,BY,GB,YR';
const GOAL = 'chains=5'; // rarely met: the searches visit nearly every reachable sequence

const CODES = '.RGBYP';
const PLACEMENTS = [];
for (let rotation = 0; rotation < 4; rotation++) {
  for (let x = 0; x < 6; x++) {
    const childX = rotation === 1 ? x + 1 : rotation === 3 ? x - 1 : x;
    if (childX >= 0 && childX < 6) PLACEMENTS.push({ x, rotation, childX });
  }
}
const SAME = PLACEMENTS.filter((p) => p.rotation < 2);

/** The kit's search, written on plain grids and the flood-fill simulator (chains goals only). */
function plainSolve(field, pairs, goal, deadline = Infinity) {
  let tries = 0;
  let answers = 0;
  let complete = true;
  const heights = new Int32Array(6);
  const remaining = pairs.map((_, level) => {
    const counts = new Int32Array(6);
    for (const pair of pairs.slice(level)) {
      counts[CODES.indexOf(pair.axis)]++;
      counts[CODES.indexOf(pair.child)]++;
    }
    return counts;
  });
  const heightOf = (grid, x) => {
    let h = 0;
    while (h < 13 && grid[cellIndex(x, h + 1)] !== 0) h++;
    return h;
  };
  const hopeless = (grid, level) => {
    const counts = new Int32Array(6);
    for (let x = 0; x < 6; x++) for (let row = 1; row <= 13; row++) counts[grid[cellIndex(x, row)]]++;
    let possible = 0;
    for (let code = 1; code <= 5; code++) possible += Math.floor((counts[code] + remaining[level][code]) / 4);
    return possible < goal.main.n;
  };
  const visit = (grid, level) => {
    for (let x = 0; x < 6; x++) heights[x] = heightOf(grid, x);
    const h = Int32Array.from(heights);
    const open = reachableColumns(h);
    const pair = pairs[level];
    for (const p of pair.axis === pair.child ? SAME : PLACEMENTS) {
      if (level === 0 && performance.now() > deadline) {
        complete = false;
        return;
      }
      if (!placementReachable(open, h, p.x, p.childX, p.rotation)) continue;
      const next = grid.slice();
      const axis = CODES.indexOf(pair.axis);
      const child = CODES.indexOf(pair.child);
      if (p.x === p.childX) {
        const [lower, upper] = p.rotation === 2 ? [child, axis] : [axis, child];
        next[cellIndex(p.x, h[p.x] + 1)] = lower;
        if (h[p.x] + 2 <= 13) next[cellIndex(p.x, h[p.x] + 2)] = upper;
      } else {
        next[cellIndex(p.x, h[p.x] + 1)] = axis;
        next[cellIndex(p.childX, h[p.childX] + 1)] = child;
      }
      tries++;
      const chains = runChain(next).chains;
      if (goal.main.exact ? chains === goal.main.n : chains >= goal.main.n) answers++;
      else if (level + 1 < pairs.length && next[cellIndex(2, 12)] === 0 && !hopeless(next, level + 1)) visit(next, level + 1);
    }
  };
  const start = gridFromField(field);
  runChain(start);
  visit(start, 0);
  return { answers, tries, complete };
}

function cpuMs(run) {
  const started = process.cpuUsage();
  const wall = performance.now();
  const result = run();
  const used = process.cpuUsage(started);
  return { result, cpu: (used.user + used.system) / 1000, wall: performance.now() - wall };
}

export function nazoBench(budgetSeconds = 20) {
  const budgetMs = budgetSeconds * 1000;
  const { field } = decodeNazoLink(LINK);
  const goal = parseGoal(GOAL);
  const allPairs = parsePairs(PAIRS);
  const hooks = { wantMoves: false, shouldStop: () => false, onSolution: () => {} };
  solveNazo({ field, pairs: allPairs.slice(0, 3), goal }, hooks); // warm up the JIT
  plainSolve(field, allPairs.slice(0, 2), goal);

  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  const lines = [];
  const say = (line) => {
    console.log(line);
    lines.push(line);
  };
  say(`nazo: ${LINK.replace(/_.*/, '')} with pairs ${PAIRS} (first 2..5), goal ${GOAL}; CPU ms, one thread`);
  for (let n = 2; n <= 5; n++) {
    const pairs = allPairs.slice(0, n);
    const fast = cpuMs(() => solveNazo({ field, pairs, goal }, hooks));
    const plain = cpuMs(() => plainSolve(field, pairs, goal, performance.now() + budgetMs));
    const fastRate = (fast.result.tries / fast.cpu) * 1000;
    const plainRate = (plain.result.tries / plain.cpu) * 1000;
    if (plain.result.complete && (plain.result.tries !== fast.result.tries || plain.result.answers !== fast.result.solutions)) {
      throw new Error(
        `searches disagree on ${n} pairs: fast ${fast.result.solutions}/${fast.result.tries}, plain ${plain.result.answers}/${plain.result.tries}`,
      );
    }
    const plainText = plain.result.complete
      ? `plain ${fmt(plain.cpu)} ms`
      : `plain ${fmt(plain.result.tries)} placements in ${fmt(plain.cpu)} ms (time-boxed; whole search ~${fmt((fast.result.tries / plainRate) * 1000)} ms at that rate)`;
    say(
      `${n} pairs: ${fmt(fast.result.tries)} placements, ${fast.result.solutions} answers; fast ${fmt(fast.cpu)} ms (${fmt(fastRate)}/s), ${plainText}; ratio ${(fastRate / plainRate).toFixed(1)}x`,
    );
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) nazoBench(Number(process.argv[2] ?? 20));
