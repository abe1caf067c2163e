import type { Summary } from './events.js';

/** Default merge of split-search summaries: numbers are summed, anything else is taken from the first. */
export function mergeSummaries(summaries: readonly Summary[]): Summary {
  const merged: Summary = { solutions: 0 };
  for (const summary of summaries) {
    for (const [key, value] of Object.entries(summary)) {
      const current = merged[key];
      if (typeof value === 'number' && (typeof current === 'number' || current === undefined)) {
        merged[key] = (current ?? 0) + value;
      } else if (!(key in merged) || key === 'solutions') {
        merged[key] = value;
      }
    }
  }
  return merged;
}
