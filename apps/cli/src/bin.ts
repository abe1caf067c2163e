#!/usr/bin/env node
import { main } from './main.js';

// `kit run ... | head` closes stdout early: that is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

// Ctrl-C before a command has its own handler (during discovery, say) still exits 130, not by signal.
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  process.on(signal, () => {
    if (process.listenerCount(signal) === 1) process.exit(code);
  });
}

process.exitCode = await main(process.argv.slice(2));
