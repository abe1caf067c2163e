import type { Command } from 'commander';
import { safeLine } from '@kit/core/messages';
import { errorPrefix } from './error-prefix.js';

/**
 * Every commander command throws instead of exiting, and reports its own errors (unknown flag,
 * missing argument) as one `kit: ...` line on stderr.
 */
export function configureCommand<C extends Command>(command: C): C {
  command.exitOverride();
  command.configureOutput({
    writeOut: (text) => process.stdout.write(text),
    writeErr: (text) => process.stderr.write(text),
    outputError: (text, write) => write(`${errorPrefix()}${oneLine(text.replace(/^error: /, ''))}\n`),
  });
  return command;
}

/** A message as one line a terminal cannot be tricked by (see @kit/core's safeLine). */
export function oneLine(text: string): string {
  return safeLine(text);
}
