// Which placements a player can reach from the spawn point (the pair appears over column 3) under
// Puyo Puyo Tsu's movement rules, from the column heights alone, and when the game is over. The
// rules follow pon2 (24ik/pon2, private/core/binaryfield.nim: invalidPlacements, isDead), the solver
// the kit is checked against; the README spells them out.

/** Column index (0-based) of column 3, where pairs appear and whose 12th row ends the game. */
export const SPAWN = 2;

/** Columns cut off by a tall column at x: x and every column further from the spawn on its side. */
function outward(x: number): number {
  if (x === SPAWN) return 0b111111;
  let mask = 0;
  if (x < SPAWN) for (let c = 0; c <= x; c++) mask |= 1 << c;
  else for (let c = x; c < 6; c++) mask |= 1 << c;
  return mask;
}
const OUTWARD = Array.from({ length: 6 }, (_, x) => outward(x));

/**
 * The columns a pair can reach, as a bit mask (bit x = column x + 1), from the heights of the six
 * columns (puyos in rows 1..13):
 * - a column of height 12 or more cuts off itself and the columns beyond it (seen from column 3);
 * - unless a reachable column has height 11 or more, or columns 2 and 4 both have height 12: then the
 *   pair can climb ("mawashi", turning against the tall column) and every column is reachable again;
 * - a column of height 13 cuts off itself and the columns beyond it whatever else holds.
 */
export function reachableColumns(heights: ArrayLike<number>): number {
  let open = 0b111111;
  for (let x = 0; x < 6; x++) if (heights[x]! >= 12) open &= ~OUTWARD[x]!;
  let climb = heights[1]! >= 12 && heights[3]! >= 12;
  for (let x = 0; x < 6 && !climb; x++) if (open & (1 << x) && heights[x]! >= 11) climb = true;
  if (climb) open = 0b111111;
  for (let x = 0; x < 6; x++) if (heights[x]! >= 13) open &= ~OUTWARD[x]!;
  return open;
}

/**
 * True when a pair with its axis in column `x` and its child in `childX` (rotation 0 up, 1 right,
 * 2 down, 3 left) can be placed: both columns reachable, and never "down" on a column of height 12
 * (the axis would end above row 13).
 */
export function placementReachable(open: number, heights: ArrayLike<number>, x: number, childX: number, rotation: number): boolean {
  if (!(open & (1 << x)) || !(open & (1 << childX))) return false;
  return !(rotation === 2 && heights[x]! >= 12);
}

/** Game over in Tsu: column 3's 12th row is filled once the chain has ended. */
export const gameOver = (heights: ArrayLike<number>): boolean => heights[SPAWN]! >= 12;
