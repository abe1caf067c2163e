/**
 * The seed's Sugar CSP for filling a designer's pattern (labels: 0 free, -1 blank, equal non-zero
 * labels in a line share a number): one integer variable `a_XX_YY` per cell, `=` for each equal pair
 * in a line, and `alldifferent` over each line's cells that are not a later copy of an earlier one.
 * Unlike the seed's script it also handles rectangles (numbers 1..max(width, height)) and blanks.
 */
export function formatSugar(width: number, height: number, labels: readonly number[]): string {
  const n = Math.max(width, height);
  const name = (x: number, y: number) => `a_${String(x).padStart(2, '0')}_${String(y).padStart(2, '0')}`;
  const out: string[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (labels[y * width + x]! >= 0) out.push(`( int ${name(x, y)} 1 ${n} )`);
  }
  const line = (cells: [number, number][]) => {
    const copy = new Array<boolean>(cells.length).fill(false);
    for (let i = 0; i < cells.length; i++) {
      const [xi, yi] = cells[i]!;
      const a = labels[yi * width + xi]!;
      if (a <= 0) continue;
      for (let u = i + 1; u < cells.length; u++) {
        const [xu, yu] = cells[u]!;
        if (labels[yu * width + xu] === a) {
          out.push(`( = ${name(xi, yi)} ${name(xu, yu)} )`);
          copy[u] = true;
        }
      }
    }
    const members = cells.filter(([x, y], i) => !copy[i] && labels[y * width + x]! >= 0).map(([x, y]) => name(x, y));
    if (members.length > 1) out.push(`( alldifferent ${members.join(' ')} )`);
  };
  for (let y = 0; y < height; y++) line(Array.from({ length: width }, (_, x) => [x, y] as [number, number]));
  for (let x = 0; x < width; x++) line(Array.from({ length: height }, (_, y) => [x, y] as [number, number]));
  return `${out.join('\n')}\n`;
}
