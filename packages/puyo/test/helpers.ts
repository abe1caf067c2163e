import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { InputError } from '@kit/core';
import { parseField, simulate } from '../src/index.js';

export const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
export const readFixture = (name: string) => readFileSync(fixture(name), 'utf8');

/** Simulates a field given as lines, top to bottom (the last line is row 1). */
export function run(...lines: string[]) {
  return simulate(parseField(lines.join('\n')));
}

/** The message of the InputError that `fn` throws (fails the test if it throws anything else). */
export function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error('no error');
}
