/**
 * Sorts in place, short lists (a piece's cells) by insertion: on Node 20, Array.prototype.sort
 * allocates about 1.5 KB per call however short the array, and a solve sorts a few hundred short
 * lists before its search starts. Stable, like Array.prototype.sort.
 */
export function sortShort<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  if (items.length > 16) return items.sort(compare);
  for (let i = 1; i < items.length; i++) {
    const item = items[i]!;
    let j = i - 1;
    for (; j >= 0 && compare(items[j]!, item) > 0; j--) items[j + 1] = items[j]!;
    items[j + 1] = item;
  }
  return items;
}
