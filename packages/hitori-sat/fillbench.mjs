import { generateHitori, fillPattern, repeatedGroups, CdclSolver, searchHitori } from './dist/index.js';
for (const n of [10, 15, 25, 40]) {
  const g = generateHitori(n, n, 11, () => new CdclSolver());
  const labels = new Array(n * n).fill(0);
  for (const group of repeatedGroups(g.puzzle)) for (const c of group) labels[c] = g.puzzle.numbers[c];
  const times = [];
  let r;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    r = fillPattern({ width: n, height: n, labels }, () => new CdclSolver());
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const s = searchHitori({ width: n, height: n, numbers: r.numbers }, new CdclSolver(), { maxSolutions: 2 });
  console.log(n, 'fill median', times[1].toFixed(1), r.ok, 'hitori sols', s.solutions.length);
}
