// The eager alternative to lazy cuts, kept for the benchmark only: connectivity as bounded
// reachability from a root. The root is the first unshaded cell in reading order, which is cell 0
// or (when cell 0 is shaded) cell 1, since shaded cells never touch. R(c, k) = "c is reached within
// k steps"; every unshaded cell must be reached within (cells - 1) steps.
import { encodeRules, readShading } from '../dist/encode.js';
import { neighbours } from '../dist/model.js';

export function searchEager(puzzle, sat, maxSolutions) {
  const encoding = encodeRules(puzzle, sat);
  const { width, height } = puzzle;
  const size = width * height;
  const shade = encoding.shadeVar;
  // unshaded(c) as a literal, or true (0) for a blank cell
  const unshaded = (c) => (shade[c] ? -shade[c] : 0);
  const steps = size - 1;
  let layer = new Int32Array(size);
  for (const c of size > 1 ? [0, 1] : [0]) {
    const r = sat.newVar();
    layer[c] = r;
    if (unshaded(c)) sat.addClause([-r, unshaded(c)]);
    if (c === 1 && shade[0]) sat.addClause([-r, shade[0]]);
  }
  for (let k = 1; k <= steps; k++) {
    const next = new Int32Array(size);
    for (let c = 0; c < size; c++) {
      const r = sat.newVar();
      next[c] = r;
      if (unshaded(c)) sat.addClause([-r, unshaded(c)]);
      const from = [layer[c], ...neighbours(width, height, c).map((n) => layer[n])].filter((v) => v);
      sat.addClause([-r, ...from]);
    }
    layer = next;
  }
  // Cell 0 and cell 1 cannot both be roots (cell 1 roots only when cell 0 is shaded).
  for (let c = 0; c < size; c++) sat.addClause(unshaded(c) ? [-unshaded(c), layer[c]] : [layer[c]]);
  const solutions = [];
  while (solutions.length < maxSolutions && sat.solve()) {
    const shaded = readShading(encoding, sat);
    solutions.push(shaded);
    const block = [];
    shade.forEach((v, c) => {
      if (v) block.push(shaded[c] ? -v : v);
    });
    sat.addClause(block);
  }
  return { solutions, vars: sat.numVars, clauses: sat.clauses.length };
}
