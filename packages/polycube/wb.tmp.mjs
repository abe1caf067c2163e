import { prepare, runAll, namedSet, boxTarget } from './dist/index.js';
const [box, setName, kernel] = process.argv.slice(2);
const set = namedSet(setName);
const target = boxTarget(box);
const p = prepare(target, set.pieces ?? set, { kernel });
const t = performance.now();
const r = runAll(p, {});
console.log(kernel, box, r.solutions, r.tries, (performance.now() - t).toFixed(0) + ' ms');
