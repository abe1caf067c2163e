// A chain-puzzle enumerator for the generator's tests that shares no code with the plugin: its own
// field (columns of letters), gravity, pops, garbage, chain count, movement rules and game over,
// written from the README's rules, tried over every placement sequence. Slow and plain on purpose.
const COLOURS = 'RGBYP';
const DIRECTIONS = ['up', 'right', 'down', 'left'] as const;
const CHILD_DX = [0, 1, 0, -1];

/** cells[x][row - 1], rows 1..14, '.' empty. */
type Field = string[][];

export type OwnGoal = { kind: 'chains'; n: number; exact: boolean } | { kind: 'clear' };

/** Reads the rows as the field file has them (top line first; the last line is row 1). */
export function ownField(lines: readonly string[]): Field {
  const field: Field = Array.from({ length: 6 }, () => Array<string>(14).fill('.'));
  lines.forEach((line, i) => {
    const row = lines.length - i;
    for (let x = 0; x < 6; x++) field[x]![row - 1] = line[x] ?? '.';
  });
  return field;
}

const copy = (field: Field): Field => field.map((column) => column.slice());
const height = (field: Field, x: number) => {
  let h = 0;
  for (let row = 1; row <= 13; row++) if (field[x]![row - 1] !== '.') h = row;
  return h;
};

/** Rows 1..13 fall; row 14 stays where it is. */
function fall(field: Field): void {
  for (const column of field) {
    const kept = column.slice(0, 13).filter((cell) => cell !== '.');
    for (let i = 0; i < 13; i++) column[i] = kept[i] ?? '.';
  }
}

/** One pop step: groups of 4+ of a colour in rows 1..12, and garbage beside them; false when none. */
function pop(field: Field): boolean {
  const seen = new Set<string>();
  const gone: [number, number][] = [];
  for (let x = 0; x < 6; x++) {
    for (let y = 0; y < 12; y++) {
      const colour = field[x]![y]!;
      if (!COLOURS.includes(colour) || seen.has(`${x},${y}`)) continue;
      const group: [number, number][] = [];
      const todo: [number, number][] = [[x, y]];
      seen.add(`${x},${y}`);
      while (todo.length > 0) {
        const [cx, cy] = todo.pop()!;
        group.push([cx, cy]);
        for (const [nx, ny] of [
          [cx + 1, cy],
          [cx - 1, cy],
          [cx, cy + 1],
          [cx, cy - 1],
        ] as [number, number][]) {
          if (nx < 0 || nx > 5 || ny < 0 || ny > 11 || seen.has(`${nx},${ny}`) || field[nx]![ny] !== colour) continue;
          seen.add(`${nx},${ny}`);
          todo.push([nx, ny]);
        }
      }
      if (group.length >= 4) gone.push(...group);
    }
  }
  if (gone.length === 0) return false;
  const garbage: [number, number][] = [];
  for (const [x, y] of gone) {
    for (const [nx, ny] of [
      [x + 1, y],
      [x - 1, y],
      [x, y + 1],
      [x, y - 1],
    ] as [number, number][]) {
      if (nx >= 0 && nx <= 5 && ny >= 0 && ny <= 11 && field[nx]![ny] === 'O') garbage.push([nx, ny]);
    }
  }
  for (const [x, y] of [...gone, ...garbage]) field[x]![y] = '.';
  return true;
}

/** Falls and pops until nothing pops; the chain's length. */
function chain(field: Field): number {
  let chains = 0;
  for (fall(field); pop(field); fall(field)) chains++;
  return chains;
}

/** The movement rules: the README's "Movement rules modelled", from the heights after the chain. */
function reachable(field: Field, x: number): boolean {
  const h = [0, 1, 2, 3, 4, 5].map((c) => height(field, c));
  const path = (to: number) => (to <= 2 ? [0, 1, 2].filter((c) => c >= to) : [2, 3, 4, 5].filter((c) => c <= to));
  const blockedAt = (to: number, limit: number) => path(to).some((c) => h[c]! >= limit);
  if (blockedAt(x, 13)) return false;
  if (!blockedAt(x, 12)) return true;
  const climb = (h[1]! >= 12 && h[3]! >= 12) || [0, 1, 2, 3, 4, 5].some((c) => !blockedAt(c, 12) && h[c]! >= 11);
  return climb;
}

/** Every answer, as `PAIR COLUMNdirection` moves joined by `, `, in no particular order. */
export function ownAnswers(lines: readonly string[], pairs: readonly string[], goal: OwnGoal): string[] {
  const answers: string[] = [];
  const start = ownField(lines);
  chain(start);
  const over = (field: Field) => field[2]![11] !== '.';
  const met = (field: Field, chains: number) =>
    goal.kind === 'clear' ? field.every((column) => column.slice(0, 13).every((cell) => cell === '.')) : goal.exact ? chains === goal.n : chains >= goal.n;
  const visit = (field: Field, level: number, moves: string[]) => {
    const [axis, child] = [pairs[level]![0]!, pairs[level]![1]!];
    // A pair of one colour turned half way is the same pair: up and right only.
    const rotations = axis === child ? [0, 1] : [0, 1, 2, 3];
    for (const rotation of rotations) {
      for (let x = 0; x < 6; x++) {
        const cx = x + CHILD_DX[rotation]!;
        if (cx < 0 || cx > 5 || !reachable(field, x) || !reachable(field, cx)) continue;
        const h = height(field, x);
        if (rotation === 2 && h >= 12) continue;
        const next = copy(field);
        if (cx === x) {
          const [lower, upper] = rotation === 2 ? [child, axis] : [axis, child];
          next[x]![h] = lower;
          if (h + 2 <= 13) next[x]![h + 1] = upper; // the puyo that would be in row 14 vanishes
        } else {
          next[x]![h] = axis;
          next[cx]![height(field, cx)] = child;
        }
        const chains = chain(next);
        const notation = [...moves, `${axis}${child} ${x + 1}${DIRECTIONS[rotation]}`];
        if (met(next, chains)) answers.push(notation.join(', '));
        else if (level + 1 < pairs.length && !over(next)) visit(next, level + 1, notation);
      }
    }
  };
  if (pairs.length > 0 && !over(start)) visit(start, 0, []);
  return answers;
}
