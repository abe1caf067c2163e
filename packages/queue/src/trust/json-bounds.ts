import { LIMITS } from './limits.js';

/** A record read from elsewhere that is not what we write: one line, naming where it came from. */
export class BadRecord extends Error {
  /** `BadRecord`, for code that tells errors apart by name. */
  override readonly name = 'BadRecord';
}

// C0 and C1 controls, DEL, and the Unicode line breaks: a string holding one could drive a terminal.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** How big a JSON value read from elsewhere may be, for {@link checkJson}. */
export interface JsonBounds {
  /** The deepest nesting of arrays and objects. */
  depth: number;
  /** The most values in all (every array, object, string, number, ... counted once). */
  nodes: number;
  /** The longest string or key, in characters. */
  string: number;
}

/**
 * Checks a JSON value from elsewhere without recursion (a value nested 100,000 deep must not
 * overflow the stack): plain JSON types only, bounded depth, node count and string length, finite
 * numbers within the safe integer range (sums of them stay exact), no control characters in any
 * string or key (they would reach a terminal).
 */
export function checkJson(value: unknown, bounds: JsonBounds, what: string): void {
  const stack: [unknown, number][] = [[value, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (++nodes > bounds.nodes) throw new BadRecord(`${what} has more than ${bounds.nodes} values`);
    if (item === null || typeof item === 'boolean') continue;
    if (typeof item === 'number') {
      if (!Number.isFinite(item) || Math.abs(item) > Number.MAX_SAFE_INTEGER) throw new BadRecord(`${what} holds the number ${item}, out of range`);
      continue;
    }
    if (typeof item === 'string') {
      checkString(item, bounds.string, what);
      continue;
    }
    if (typeof item !== 'object') throw new BadRecord(`${what} holds a ${typeof item}`);
    if (depth >= bounds.depth) throw new BadRecord(`${what} is nested more than ${bounds.depth} deep`);
    if (Array.isArray(item)) {
      if (item.length > bounds.nodes) throw new BadRecord(`${what} has more than ${bounds.nodes} values`);
      for (const child of item) stack.push([child, depth + 1]);
      continue;
    }
    for (const [key, child] of Object.entries(item)) {
      checkString(key, 256, what);
      stack.push([child, depth + 1]);
    }
  }
}

function checkString(text: string, max: number, what: string): void {
  if (text.length > max) throw new BadRecord(`${what} holds a string of ${text.length} characters (at most ${max})`);
  if (CONTROL.test(text)) throw new BadRecord(`${what} holds a control character`);
}

/** The bounds on a task's or a run's summary. */
export const SUMMARY_BOUNDS: JsonBounds = { depth: LIMITS.depth, nodes: LIMITS.summaryNodes, string: LIMITS.string };
/** The bounds on one solution a worker reports. */
export const SOLUTION_BOUNDS: JsonBounds = { depth: LIMITS.depth, nodes: LIMITS.solutionNodes, string: LIMITS.string };

/**
 * A task's (or a run's) summary from elsewhere: a plain object whose `solutions`, when present, is a
 * count (a non-negative safe integer) and whose other values are bounded JSON.
 */
export function checkSummary(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new BadRecord(`${what} is not a summary`);
  checkJson(value, SUMMARY_BOUNDS, what);
  const solutions = (value as Record<string, unknown>)['solutions'];
  if (solutions !== undefined && !(typeof solutions === 'number' && Number.isSafeInteger(solutions) && solutions >= 0)) {
    throw new BadRecord(`${what} counts ${JSON.stringify(solutions)} solutions`);
  }
  return value as Record<string, unknown>;
}

/** An integer field in [min, max]. */
export function boundedInt(value: unknown, min: number, max: number, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new BadRecord(`${what} is ${describe(value)}, not an integer from ${min} to ${max}`);
  }
  return value;
}

/** A string field matching `pattern`. */
export function matching(value: unknown, pattern: RegExp, what: string): string {
  if (typeof value !== 'string' || value.length > 256 || !pattern.test(value)) throw new BadRecord(`${what} is ${describe(value)}`);
  return value;
}

/** Whether a value is an object that is neither null nor an array (what a JSON record must be). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A short, printable description of a value found where something else was expected. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value).replace(CONTROL_GLOBAL, '?');
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  return Array.isArray(value) ? 'a list' : `a ${typeof value}`;
}
const CONTROL_GLOBAL = new RegExp(CONTROL.source, 'g');
