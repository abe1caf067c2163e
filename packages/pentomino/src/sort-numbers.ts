/**
 * Sorts a short list of numbers (a piece's cells) ascending, in place, by insertion: on Node 20,
 * Array.prototype.sort allocates about 1.5 KB per call however short the array, and preparing a
 * search sorts a few hundred of them before the search starts.
 */
export function sortNumbers(values: number[]): number[] {
  if (values.length > 16) return values.sort((a, b) => a - b);
  for (let i = 1; i < values.length; i++) {
    const value = values[i]!;
    let j = i - 1;
    for (; j >= 0 && values[j]! > value; j--) values[j + 1] = values[j]!;
    values[j + 1] = value;
  }
  return values;
}
