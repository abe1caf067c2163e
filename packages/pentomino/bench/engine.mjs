#!/usr/bin/env node
// A whole process that runs the engine through the package API on one thread, for the benchmark:
// `node bench/engine.mjs [--size N] [--all]` prints one JSON line {solutions, tries, board}.
import { boardName, boardFromRows, pack, seedBoard } from '../dist/index.js';

const args = process.argv.slice(2);
const sizeAt = args.indexOf('--size');
const size = sizeAt >= 0 ? Number(args[sizeAt + 1]) : 6;
const board = seedBoard(size);
const result = pack({ board, all: args.includes('--all') });
console.log(JSON.stringify({ ...result, board: boardName(boardFromRows(board)) }));
