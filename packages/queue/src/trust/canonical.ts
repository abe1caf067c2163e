/**
 * The bytes a signature covers: JSON with object keys sorted at every level and no spaces, so the
 * same value gives the same bytes on every machine, whatever order its producer wrote its keys in.
 * A value that JSON cannot carry exactly (undefined, a function, NaN, Infinity) is refused.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  write(value, out, 0);
  return out.join('');
}

// Deeper than any record we sign: past this the value was not made by us.
const MAX_DEPTH = 64;

function write(value: unknown, out: string[], depth: number): void {
  if (depth > MAX_DEPTH) throw new TypeError('value nested too deeply to sign');
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    out.push(JSON.stringify(value));
    return;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${value} cannot be signed`);
    out.push(JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    out.push('[');
    value.forEach((item, i) => {
      if (i > 0) out.push(',');
      write(item, out, depth + 1);
    });
    out.push(']');
    return;
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value).sort();
    out.push('{');
    let first = true;
    for (const key of keys) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) continue;
      if (!first) out.push(',');
      first = false;
      out.push(JSON.stringify(key), ':');
      write(item, out, depth + 1);
    }
    out.push('}');
    return;
  }
  throw new TypeError(`a ${typeof value} cannot be signed`);
}
