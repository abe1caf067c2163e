// `kit list` is what shells, editors and scripts call most; its two flags are read with Node's own
// parser, so it runs without loading commander (a fifth of its start-up). Anything else (--help, a
// flag it does not know, a stray argument) goes to the full program, which answers as it always has.
import { parseArgs } from 'node:util';
import { printList } from './commands/list.js';
import { discover } from './discovery.js';

/**
 * Runs `kit list ARGS` when the arguments are plain ones; false when the full program must. A
 * failure (a broken kit.config.json) rejects before anything is printed: main reports it.
 */
export async function listQuickly(args: string[]): Promise<boolean> {
  let values: { json?: boolean; plugin?: string[] };
  try {
    ({ values } = parseArgs({
      args,
      options: { json: { type: 'boolean' }, plugin: { type: 'string', multiple: true } },
      strict: true,
      allowPositionals: false,
    }));
  } catch {
    return false;
  }
  printList((await discover(values.plugin ?? [])).plugins, values.json === true);
  return true;
}
