import type { TemplateVars } from './vars.js';

/** src/play.ts: how a person plays the puzzle in the web page's Play tab. */
export function playSource(_vars: TemplateVars): string {
  return `// Play: a click puts a queen on a cell or takes it off (the given queens stay); two queens that
// attack each other show at once; the puzzle is solved with N queens and no attack. The referee is
// the plugin's own solver: toInstance turns the queens on the board into given queens, so its
// solutions are exactly the ways to finish, and fromSolution turns one back into a position (hints).
import type { Cell } from '@kit/core';
import type { MarksPosition, PlayPosition, PlaySpec, PlayViolation } from '@kit/core/play';
import type { Instance, Placement } from './plugin.js';

const EMPTY = '.';
const QUEEN = 'Q';

function marksOf(position: PlayPosition): readonly string[] {
  if (position.kind !== 'marks') throw new Error(\`a queens position holds marks, not \${position.kind}\`);
  return position.marks;
}

/** The queens on the board, as [row, column], in reading order. */
function queensOf(size: number, marks: readonly string[]): Array<[number, number]> {
  return marks.flatMap((mark, cell) => (mark === QUEEN ? [[Math.floor(cell / size), cell % size] as [number, number]] : []));
}

const place = (row: number, column: number) => \`row \${row + 1}, column \${column + 1}\`;

/** Each pair of queens on one row, column or diagonal. */
function attacks(size: number, marks: readonly string[]): PlayViolation[] {
  const queens = queensOf(size, marks);
  const found: PlayViolation[] = [];
  for (let i = 0; i < queens.length; i++) {
    for (let j = i + 1; j < queens.length; j++) {
      const [r1, c1] = queens[i]!;
      const [r2, c2] = queens[j]!;
      if (r1 !== r2 && c1 !== c2 && Math.abs(r1 - r2) !== Math.abs(c1 - c2)) continue;
      const a = r1 * size + c1;
      const b = r2 * size + c2;
      found.push({ message: \`the queens at \${place(r1, c1)} and \${place(r2, c2)} attack each other\`, cells: [a, b], lines: [[a, b]] });
    }
  }
  return found;
}

export const play: PlaySpec<Instance, Placement> = {
  setup(instance) {
    const start = new Array<string>(instance.size * instance.size).fill(EMPTY);
    for (const [row, column] of instance.given) start[row * instance.size + column] = QUEEN;
    return {
      kind: 'marks',
      width: instance.size,
      height: instance.size,
      marks: [
        { value: EMPTY, label: 'empty', key: '.' },
        { value: QUEEN, label: 'queen', key: 'q' },
      ],
      click: 'cycle',
      fixed: instance.given.map(([row, column]) => row * instance.size + column),
      start,
    };
  },
  view(instance, _setup, position) {
    const { size } = instance;
    const cells: Cell[] = marksOf(position).map((mark, cell) => {
      const shade = (Math.floor(cell / size) + (cell % size)) % 2 === 0 ? 'light' : 'dark';
      return mark === QUEEN ? { fill: 'queen', label: 'Q' } : { fill: shade };
    });
    return { frame: { width: size, height: size, cells } };
  },
  check: (instance, _setup, position) => attacks(instance.size, marksOf(position)),
  complete: (instance, _setup, position) => queensOf(instance.size, marksOf(position)).length === instance.size,
  toInstance: (instance, _setup, position) => ({ size: instance.size, given: queensOf(instance.size, marksOf(position)) }),
  fromSolution(instance, _setup, position, placement): MarksPosition {
    const marks = new Array<string>(instance.size * instance.size).fill(EMPTY);
    placement.queens.forEach((column, row) => {
      if (column >= 0) marks[row * instance.size + column] = QUEEN;
    });
    return { kind: 'marks', marks, notes: position.kind === 'marks' ? position.notes : [] };
  },
};
`;
}
