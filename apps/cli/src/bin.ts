#!/usr/bin/env node
// Nothing is imported statically: `kit run` starts its solver workers first of all, because a
// worker thread's boot (about 50 ms of Node's own start-up) is the longest step of a short run and
// overlaps everything this thread loads afterwards.
// No top-level await: the CommonJS build of this file (dist/bin.bundle.cjs) cannot have one.

// Node 22.1+ keeps V8's compiled code of every module in a cache on disk (under the OS temp
// directory): dist/bin.cjs, which the build writes, turns it on before this file's bundle is compiled.

async function start(args: string[]): Promise<void> {
  // `kit list`, what shells and scripts call most, takes its own short way when its flags are plain
  // (list-quickly.ts); anything else, and any error, goes through main.
  const quickList = args[0] === 'list' ? import('./list-quickly.js') : undefined;
  // The CLI loads meanwhile: reading its modules overlaps the worker's start.
  const loading = quickList ? undefined : import('./main.js');
  loading?.catch(() => {}); // awaited below; this only keeps an early failure from counting as unhandled
  const prestarted = args[0] === 'run';
  const pool = prestarted ? await (await import('./prestart.js')).prestartWorkers(args.slice(1)) : undefined;

  // `kit run ... | head` closes stdout early: that is not an error worth a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });

  // Ctrl-C before a command has its own handler (during discovery, say) still exits 130, not by signal.
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      if (process.listenerCount(signal) === 1) process.exit(code);
    });
  }

  const listed = quickList ? await (await quickList).listQuickly(args.slice(1)).catch(() => false) : false;
  if (!listed) {
    const { main } = await (loading ?? import('./main.js'));
    process.exitCode = await main(args, { ...(pool ? { pool } : {}), prestarted });
    const { mayExitAtOnce } = await import('./exit-early.js');
    if (mayExitAtOnce(args[0], [process.stdout, process.stderr])) process.exit();
  }
}

// Node ends once nothing is left to wait for ('beforeExit'), even with start() unfinished (a promise
// that never settles, in a plugin say): that is no success. 13 is Node's own code for such a
// top-level await. An explicit exit (EPIPE, a signal) is not this case.
let finished = false;
void start(process.argv.slice(2)).finally(() => (finished = true));
process.on('beforeExit', () => {
  if (finished) return;
  process.stderr.write('kit: stopped unfinished: a step it waited for never completed\n');
  process.exit(13);
});
