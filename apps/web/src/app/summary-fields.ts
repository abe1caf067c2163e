// A run's summary fields in words a person reads: `allClear: false` becomes "all clear: no",
// `elapsedMs: 612` "time: 0.6 s", a link a link. Fields holding lists or tables are left to the
// plugin's own summary text (and `--json`). No DOM here: it is tested in Node.
import type { JsonValue, SummaryFieldSpec } from '@kit/core';

export interface ShownField {
  key: string;
  label: string;
  text: string;
  /** The value as JSON would write it (`2339`, `false`), for tools and tests. */
  raw: string;
  /** Set when the value is a web link. */
  href?: string;
}

/** `allClear` -> `all clear`, `max-solutions` -> `max solutions`; a trailing unit suffix (`Ms`) is dropped. */
export function fieldLabel(key: string): string {
  if (key === 'elapsedMs') return 'time';
  return key
    .replace(/Ms$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .trim();
}

const WEB_LINK = /^https?:\/\/[^\s"<>]+$/;

/** Seconds with a tenth (`0.6 s`); below 0.1 s, hundredths, so a quick run does not read as 0. */
export function secondsText(ms: number): string {
  const seconds = ms / 1000;
  return `${seconds.toFixed(seconds > 0 && seconds < 0.1 ? 2 : 1)} s`;
}

/** One field as words, or undefined when it does not fit on a line (a list, a table). */
export function shownField(key: string, value: JsonValue | undefined, label = fieldLabel(key)): ShownField | undefined {
  if (value === undefined || (value !== null && typeof value === 'object')) return undefined;
  const field = { key, label, raw: String(value) };
  if (value === null) return { ...field, text: 'none' };
  if (typeof value === 'boolean') return { ...field, text: value ? 'yes' : 'no' };
  if (typeof value === 'number') return { ...field, text: /Ms$/.test(key) ? secondsText(value) : value.toLocaleString('en') };
  if (WEB_LINK.test(value)) return { ...field, text: value, href: value };
  return { ...field, text: value };
}

/** The fields a person sees: the plugin's internal ones left out, its labels used. */
export function shownFields(summary: Readonly<Record<string, JsonValue | undefined>>, specs: Readonly<Record<string, SummaryFieldSpec>> = {}): ShownField[] {
  return Object.entries(summary).flatMap(([key, value]) => {
    const spec = Object.hasOwn(specs, key) ? specs[key] : undefined;
    if (spec?.internal) return [];
    return shownField(key, value, spec?.label ?? fieldLabel(key)) ?? [];
  });
}
