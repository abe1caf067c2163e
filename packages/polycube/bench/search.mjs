#!/usr/bin/env node
// The search in process, for the benchmark: the package is imported first, then the clock runs over
// prepare (placements, symmetries, plan) and the whole search on this thread, like the reference's
// own `secs`; also the process's CPU time over the same span.
// `node bench/search.mjs CASE [--kernel wasm|wide]` prints one JSON line.
import { prepare, runAll } from '../dist/index.js';
import { printTimedSearch } from '@kit/tooling/bench';
import { CASES, puzzleOf } from './cases.mjs';

const [name, flag, kernel] = process.argv.slice(2);
const testCase = CASES.find((c) => c.name === name);
if (!testCase) throw new Error(`unknown case ${name}`);
const { target, pieces } = puzzleOf(testCase);
printTimedSearch(
  () => prepare(target, pieces, flag === '--kernel' ? { kernel } : {}),
  (prepared) => runAll(prepared),
);
