import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseField, simulate } from '../src/index.js';

export const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
export const readFixture = (name: string) => readFileSync(fixture(name), 'utf8');

/** Simulates a field given as lines, top to bottom (the last line is row 1). */
export function run(...lines: string[]) {
  return simulate(parseField(lines.join('\n')));
}
