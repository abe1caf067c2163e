import { Grid } from '@kit/grid';
import { neighbours, type Hitori } from './model.js';

/** Every rule checked directly, for tests and for the generator: undefined when valid, else why not. */
export function checkShading(puzzle: Hitori, shaded: ArrayLike<number>): string | undefined {
  const { width, height, numbers } = puzzle;
  for (let cell = 0; cell < width * height; cell++) {
    if (!shaded[cell]) continue;
    if (numbers[cell] === 0) return `blank cell ${cell} is shaded`;
    for (const next of neighbours(width, height, cell)) if (shaded[next]) return `shaded cells ${cell} and ${next} touch`;
  }
  for (let y = 0; y < height; y++) {
    const seen = new Set<number>();
    for (let x = 0; x < width; x++) {
      const cell = y * width + x;
      if (shaded[cell] || numbers[cell] === 0) continue;
      if (seen.has(numbers[cell]!)) return `row ${y + 1} repeats ${numbers[cell]}`;
      seen.add(numbers[cell]!);
    }
  }
  for (let x = 0; x < width; x++) {
    const seen = new Set<number>();
    for (let y = 0; y < height; y++) {
      const cell = y * width + x;
      if (shaded[cell] || numbers[cell] === 0) continue;
      if (seen.has(numbers[cell]!)) return `column ${x + 1} repeats ${numbers[cell]}`;
      seen.add(numbers[cell]!);
    }
  }
  // Counted with @kit/grid rather than `unshadedRegions`, so this checker stays independent of the
  // code the solver uses for its cuts.
  const board = new Grid(
    height,
    width,
    Array.from(shaded, (v) => v === 1),
  );
  if (board.components((isShaded) => !isShaded).length !== 1) return 'unshaded cells are not connected';
  return undefined;
}
