#!/usr/bin/env node
// The pentomino benchmark: whole processes, timed in one run side by side with the native reference
// solver (../shared/bench/polyref.c next to the repository, built here with cc -O2 -march=native).
// Machines are noisy: each command runs several times, interleaved, and the best time counts.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(packageDir, '..', '..');
const referenceSource = resolve(repoRoot, '..', 'shared', 'bench', 'polyref.c');
const cli = join(repoRoot, 'apps', 'cli', 'dist', 'bin.js');
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);

function buildReference() {
  if (!existsSync(referenceSource)) {
    console.log(`reference skipped: ${referenceSource} not found`);
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'kit-pentomino-bench-'));
  const binary = join(dir, 'polyref');
  try {
    execFileSync('cc', ['-O2', '-march=native', '-o', binary, referenceSource], { stdio: 'pipe' });
  } catch (error) {
    console.log(`reference skipped: cc failed (${String(error.stderr ?? error.message).trim().split('\n')[0]})`);
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return { binary, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function triesOf(output) {
  const json = output.trim().split('\n').filter((line) => line.startsWith('{')).pop();
  if (json) return JSON.parse(json);
  const match = /solutions=(\d+) tries=(\d+)/.exec(output);
  return match ? { solutions: Number(match[1]), tries: Number(match[2]) } : {};
}

function timeOnce(command, args) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd: repoRoot, encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return { seconds, ...triesOf(result.stdout) };
}

const reference = buildReference();
const groups = [
  {
    title: '6x10, all distinct solutions',
    reference: ['-b', '6x10', '-m', 'xfirst'],
    kit: [
      ['kit --threads 2', ['--size', '6', '--threads', '2']],
      ['kit --threads 1', ['--size', '6', '--threads', '1']],
    ],
    engine: ['--size', '6'],
  },
  {
    title: '6x10 --all, every placement',
    reference: ['-b', '6x10', '-m', 'raw'],
    kit: [
      ['kit --all --threads 2', ['--size', '6', '--all', '--threads', '2']],
      ['kit --all --threads 1', ['--size', '6', '--all', '--threads', '1']],
    ],
    engine: ['--size', '6', '--all'],
  },
];

const hasCli = existsSync(cli);
if (!hasCli) console.log(`kit CLI not built (${cli}): timing the engine script only`);
console.log(`best of ${rounds} rounds, whole processes, interleaved\n`);
try {
  for (const group of groups) {
    const commands = [];
    if (reference) commands.push({ name: 'polyref (C, reference)', command: reference.binary, args: group.reference });
    if (hasCli) {
      for (const [name, args] of group.kit) commands.push({ name, command: process.execPath, args: [cli, 'run', 'pentomino', '--count', '--json', ...args] });
    }
    commands.push({ name: 'engine script, 1 thread', command: process.execPath, args: [join(packageDir, 'bench', 'engine.mjs'), ...group.engine] });
    const best = new Map();
    for (let round = 0; round < rounds; round++) {
      for (const entry of commands) {
        const run = timeOnce(entry.command, entry.args);
        const previous = best.get(entry.name);
        if (!previous || run.seconds < previous.seconds) best.set(entry.name, run);
      }
    }
    console.log(group.title);
    const ref = reference ? best.get('polyref (C, reference)') : undefined;
    for (const entry of commands) {
      const run = best.get(entry.name);
      const ratio = ref && entry.command !== reference?.binary ? `  ${(run.seconds / ref.seconds).toFixed(2)}x reference` : '';
      console.log(`  ${entry.name.padEnd(26)} ${run.seconds.toFixed(3)} s  ${String(run.solutions).padStart(5)} solutions  ${String(run.tries).padStart(9)} tries${ratio}`);
    }
    console.log('');
  }
} finally {
  reference?.cleanup();
}
