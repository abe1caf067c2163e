import { isDeepStrictEqual } from 'node:util';
import type { JsonValue } from './events.js';
import { v8 } from './lazy-builtins.js';

/**
 * An instance as JSON, for a search that leaves the machine (a shard's file, a queued job). Plain
 * data stays readable; an instance that JSON would change (a Map, a typed array) travels as V8's
 * structured-clone bytes, which is what worker threads already accept.
 */
export function encodeInstance(instance: unknown): JsonValue {
  const text = JSON.stringify(instance);
  if (text !== undefined && isDeepStrictEqual(JSON.parse(text), instance)) return JSON.parse(text) as JsonValue;
  return { $v8: v8().serialize(instance).toString('base64') };
}

export function decodeInstance(value: JsonValue): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && typeof value['$v8'] === 'string' && Object.keys(value).length === 1) {
    return v8().deserialize(Buffer.from(value['$v8'], 'base64'));
  }
  return value;
}
