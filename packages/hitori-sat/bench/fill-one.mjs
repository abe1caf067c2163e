// One designer fill in a process of its own, so its peak memory (maxRSS) is its own: reads
// {width, height, labels, construct} from the JSON file given, fills, runs the uniqueness check of
// the design as `kit run hitori-sat --fill` does, and prints {fillMs, totalMs, maxRssMb, ok}.
import { readFileSync } from 'node:fs';
import { searchHitori } from '../dist/encode.js';
import { fillPattern } from '../dist/fill.js';
import { CdclSolver } from '../dist/sat/cdcl.js';

const { width, height, labels, construct } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const start = performance.now();
const filled = fillPattern({ width, height, labels }, () => new CdclSolver(), { construct });
const fillMs = performance.now() - start;
if (filled.ok) searchHitori({ width, height, numbers: filled.numbers }, new CdclSolver(), { maxSolutions: 2 });
const totalMs = performance.now() - start;
console.log(JSON.stringify({ ok: filled.ok, fillMs, totalMs, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
