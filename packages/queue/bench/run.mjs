// The queue's benchmark: one search of about two minutes of CPU (every 8x8 packing of the 12
// pentominoes and the L tetromino, symmetric copies included: 484864 packings, 1.25G tries), timed as whole processes in the same
// run: locally with 2 threads, and through a redis-server of its own with 1 and then 2 `kit worker`s
// of 1 thread. Prints wall and CPU seconds and the ratios queue/local (on a shared machine the CPU
// figures are the steadier ones), and the run's speed-up cap: how many worker threads its jobs can
// keep busy, from the work (tries) of each job, since a run ends no sooner than its largest job.
// With --tls, the two-worker run is also made through a TLS redis-server (rediss://, a throwaway
// CA and certificate made with openssl), to weigh TLS against plain TCP.
// Usage: node bench/run.mjs [--with-one-thread] [--tls]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withPiece } from './pieces.mjs';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const cli = join(repoRoot, 'apps', 'cli', 'dist', 'bin.cjs');
const dir = mkdtempSync(join(tmpdir(), 'queue-bench-'));
const PIECES = withPiece(['J.', 'J.', 'JJ']);
writeFileSync(join(dir, 'board.txt'), '........\n'.repeat(8));
writeFileSync(join(dir, 'pieces.txt'), PIECES);
const SEARCH = ['run', 'pentomino', join(dir, 'board.txt'), '--piece-file', join(dir, 'pieces.txt'), '--all', '--count', '--json'];
let expected;

const children = new Set();
const cleanup = () => {
  for (const child of children) {
    // A timed run is bash and its kit: kill the whole process group.
    try {
      process.kill(child.spawnargs[0] === 'bash' ? -child.pid : child.pid, 'SIGKILL');
    } catch {}
  }
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

/** CPU seconds a live process (all its threads) has used so far, from /proc. */
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Runs kit to its end under bash's `time`: stdout, wall and CPU seconds. */
async function timedKit(args) {
  const command = `TIMEFORMAT='%R %U %S'; time ${process.execPath} ${cli} ${args.map((a) => `'${a}'`).join(' ')}`;
  const child = spawn('bash', ['-c', command], { cwd: repoRoot, detached: true });
  children.add(child);
  const run = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk) => (run.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (run.stderr += chunk));
  run.status = await new Promise((resolve) => child.once('close', resolve));
  children.delete(child);
  if (run.status !== 0) throw new Error(`kit ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  const [real, user, sys] = run.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  const done = JSON.parse(run.stdout.trim().split('\n').at(-1));
  run.runId = /run (run-[0-9a-f]+) submitted/.exec(run.stderr)?.[1];
  // Every way of running it must give the same count and tries.
  expected ??= { solutions: done.solutions, tries: done.tries };
  if (done.solutions !== expected.solutions || done.tries !== expected.tries) throw new Error(`kit gave ${run.stdout}, expected ${JSON.stringify(expected)}`);
  return { wall: real, cpu: user + sys, done, runId: run.runId };
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function background(command, args, ready) {
  const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  return new Promise((resolve, reject) => {
    let log = '';
    const look = (chunk) => {
      log += chunk;
      if (log.includes(ready)) resolve(child);
    };
    child.stdout.setEncoding('utf8').on('data', look);
    child.stderr.setEncoding('utf8').on('data', look);
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${log}`)));
  });
}

async function stop(child) {
  if (child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGINT');
  });
  children.delete(child);
}

/** The search through the queue with `count` workers of one thread: wall, and CPU of workers + submitter. */
async function queued(url, count) {
  const workers = [];
  for (let i = 0; i < count; i++)
    workers.push(await background(process.execPath, [cli, 'worker', '--queue', url, '--threads', '1', '--job-timeout', '1d'], 'Ctrl-C stops'));
  const before = workers.reduce((sum, worker) => sum + cpuOf(worker.pid), 0);
  const run = await timedKit([...SEARCH, '--queue', url]);
  const workerCpu = workers.reduce((sum, worker) => sum + cpuOf(worker.pid), 0) - before;
  for (const worker of workers) await stop(worker);
  return { wall: run.wall, cpu: run.cpu + workerCpu, done: run.done, runId: run.runId };
}

/**
 * The speed-up cap of a finished run: its total work over its largest job's, work counted in tries
 * (each task's summary). With more worker threads than this, some wait for the largest job.
 */
async function speedupCap(url, runId) {
  const { Runs, parseQueueUrl, tasksOfBlock } = await import(join(repoRoot, 'packages', 'queue', 'dist', 'index.js'));
  const runs = await Runs.open(parseQueueUrl(url), { signer: undefined });
  try {
    const outcome = await runs.wait(runId);
    const perBlock = Array.from({ length: outcome.blocks }, (_, block) =>
      tasksOfBlock(block, outcome.blocks, outcome.taskSummaries.length, outcome.dealing).reduce((sum, task) => sum + outcome.taskSummaries[task].tries, 0),
    );
    const total = perBlock.reduce((sum, tries) => sum + tries, 0);
    const largestTask = Math.max(...outcome.taskSummaries.map((summary) => summary.tries));
    return { tasks: outcome.taskSummaries.length, blocks: outcome.blocks, cap: total / Math.max(...perBlock), taskCap: total / largestTask };
  } finally {
    await runs.close();
  }
}

const port = await freePort();
const redis = await background(
  'redis-server',
  ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
  'Ready to accept connections',
);
const url = `redis://127.0.0.1:${port}`;

/** A redis-server on TLS only, its certificate signed by a CA every kit process here trusts. */
async function tlsRedis() {
  const openssl = (...args) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=bench CA');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=DNS:localhost\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '1',
    '-extfile',
    'server.ext',
  );
  const tlsPort = await freePort();
  const server = await background(
    'redis-server',
    [
      '--port',
      '0',
      '--tls-port',
      String(tlsPort),
      '--tls-cert-file',
      join(dir, 'server.pem'),
      '--tls-key-file',
      join(dir, 'server.key'),
      '--tls-ca-cert-file',
      join(dir, 'ca.pem'),
      '--tls-auth-clients',
      'no',
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ],
    'Ready to accept connections',
  );
  return { server, url: `rediss://localhost:${tlsPort}` };
}
const tls = process.argv.includes('--tls') ? await tlsRedis() : undefined;
// Every kit process of this run trusts the throwaway CA (the plain runs load it too, so they pay alike).
if (tls) process.env.NODE_EXTRA_CA_CERTS = join(dir, 'ca.pem');

console.log('search: kit run pentomino 8x8 --piece-file (12 pentominoes + L tetromino) --all --count');
console.log('the machine may be shared: compare the ratios, measured in this same run; CPU seconds are the steadier figure\n');
const rows = [];
const row = (name, result) => {
  rows.push({ name, ...result });
  const rate = result.done.tries / result.wall;
  console.log(
    `${name.padEnd(28)} wall ${result.wall.toFixed(1).padStart(6)} s  cpu ${result.cpu.toFixed(1).padStart(6)} s  ${(rate / 1e6).toFixed(2)}M tries/s`,
  );
};
if (process.argv.includes('--with-one-thread')) row('local, 1 thread', await timedKit([...SEARCH, '--threads', '1']));
const local = await timedKit([...SEARCH, '--threads', '2']);
row('local, 2 threads', local);
const one = await queued(url, 1);
row('queue, 1 worker x 1 thread', one);
const two = await queued(url, 2);
row('queue, 2 workers x 1 thread', two);
const overTls = tls ? await queued(tls.url, 2) : undefined;
if (overTls) row('queue over TLS, 2 workers', overTls);
const cap = await speedupCap(url, two.runId);
await stop(redis);
if (tls) await stop(tls.server);
console.log(`\ncount ${expected.solutions} packings, ${expected.tries} tries, the same in every run`);

console.log(
  `\nqueue overhead (2 workers vs local 2 threads): wall ${((two.wall / local.wall - 1) * 100).toFixed(1)}%, cpu ${((two.cpu / local.cpu - 1) * 100).toFixed(1)}%  (target: within 10%)`,
);
console.log(
  `rate: 1 worker ${(one.done.tries / one.wall / 1e6).toFixed(2)}M tries/s, 2 workers ${(two.done.tries / two.wall / 1e6).toFixed(2)}M tries/s (x${(one.wall / two.wall).toFixed(2)})`,
);
if (overTls)
  console.log(
    `TLS (rediss://) against plain TCP, 2 workers each: wall ${((overTls.wall / two.wall - 1) * 100).toFixed(1)}%, cpu ${((overTls.cpu / two.cpu - 1) * 100).toFixed(1)}%`,
  );
console.log(
  `speed-up cap: ${cap.cap.toFixed(0)} worker threads (${cap.tasks} tasks in ${cap.blocks} jobs; the largest job holds 1/${cap.cap.toFixed(0)} of the tries, the largest task 1/${cap.taskCap.toFixed(0)})`,
);
