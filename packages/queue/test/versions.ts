// The versions of the plugins the queue tests run, as their packages say: queues are named
// plugin@version, so the tests follow a release instead of naming one.
import { readFileSync } from 'node:fs';

const versionOf = (dir: string): string =>
  (JSON.parse(readFileSync(new URL(`../../${dir}/package.json`, import.meta.url), 'utf8')) as { version: string }).version;

export const PENTOMINO_VERSION = versionOf('pentomino');
export const HITORI_VERSION = versionOf('hitori-sat');
/** For a regular expression: `0\.2\.0`. */
export const PENTOMINO_VERSION_RE = PENTOMINO_VERSION.replaceAll('.', '\\.');
