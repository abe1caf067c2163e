// Puyo Puyo Tsu's scoring tables, exactly as the game uses them.

/** Chain power for chain 1, 2, 3, ...: 0, 8, 16, 32, 64, 96, then +32 a chain. */
export function chainPower(chain: number): number {
  if (chain <= 1) return 0;
  if (chain <= 3) return 8 * (chain - 1);
  if (chain === 4) return 32;
  if (chain === 5) return 64;
  return 96 + 32 * (chain - 6);
}

const COLOUR_BONUS = [0, 0, 3, 6, 12, 24] as const;

/** Bonus for the number of different colours popping in one step (1..5). */
export function colourBonus(colours: number): number {
  return COLOUR_BONUS[colours] ?? 24;
}

const GROUP_BONUS = [0, 2, 3, 4, 5, 6, 7, 10] as const;

/** Bonus for one popping group of `size` puyos (4..11+); summed over the step's groups. */
export function groupBonus(size: number): number {
  if (size < 4) return 0;
  return GROUP_BONUS[Math.min(size, 11) - 4]!;
}

/** Step score: 10 x colour puyos popped x clamp(power + bonuses, 1, 999). */
export function stepScore(popped: number, power: number, colours: number, groupBonusSum: number): number {
  const multiplier = Math.min(999, Math.max(1, power + colourBonus(colours) + groupBonusSum));
  return 10 * popped * multiplier;
}

/** Garbage (ojama) a chain sends: one per 70 points, rounded down. */
export function garbageSent(score: number): number {
  return Math.floor(score / 70);
}
