#!/usr/bin/env node
// The search in process, for the benchmark: the package is imported first, then the clock runs over
// prepare (placements, symmetry plan) and the whole search on this thread, like polyref's own `secs`;
// also the process's CPU time over the same span (steadier on a loaded machine).
// `node bench/search.mjs [--size N] [--all] [--kernel js|wasm]` prints one JSON line.
import { boardFromRows, pentominoSet, seedBoard } from '../dist/index.js';
import { prepare, runAll } from '../dist/engine.js';
import { printTimedSearch } from '@kit/tooling/bench';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const size = Number(option('--size', '6'));
const kernel = option('--kernel', undefined);
printTimedSearch(
  () => prepare(boardFromRows(seedBoard(size)), pentominoSet(), { all: args.includes('--all'), ...(kernel ? { kernel } : {}) }),
  (prepared) => runAll(prepared),
);
