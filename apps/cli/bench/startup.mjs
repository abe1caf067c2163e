#!/usr/bin/env node
// Start-up of the `kit` command: whole processes, against `node -e 0` measured in the same run and
// interleaved with it (these machines are noisy), medians of BENCH_ROUNDS runs (default 15).
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const cli = join(repoRoot, 'apps', 'cli', 'dist', 'bin.cjs');
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);

const commands = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'kit list', args: [cli, 'list'], target: 1.4 },
  { name: 'kit run pentomino --size 3 --count --threads 1', args: [cli, 'run', 'pentomino', '--size', '3', '--count', '--threads', '1'], target: 1.8 },
];

const times = commands.map(() => []);
for (let round = 0; round < rounds; round++) {
  commands.forEach((command, i) => {
    const started = process.hrtime.bigint();
    const result = spawnSync(process.execPath, command.args, { cwd: repoRoot, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command.name} failed (${result.status}): ${result.stderr}`);
    times[i].push(Number(process.hrtime.bigint() - started) / 1e6);
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const base = median(times[0]);
console.log(`kit start-up, median of ${rounds} interleaved runs (ms), ratio to node -e 0 in the same run`);
commands.forEach((command, i) => {
  const ms = median(times[i]);
  const ratio = ms / base;
  const verdict = command.target === undefined ? '' : `  target <= ${command.target}x: ${ratio <= command.target ? 'met' : 'not met'}`;
  console.log(`  ${command.name.padEnd(48)} ${ms.toFixed(0).padStart(5)} ms  ${ratio.toFixed(2)}x${verdict}`);
});
