// What `kit generate puyo` and the page's New game offer, before the solver module loads: the
// levels and the parameters (the goal, its chain length and the number of pairs).
import type { GeneratorSpec } from '@kit/core/make';
import { NAZO_LEVELS } from './nazo-levels.js';

/** The goals the generator makes, as `--goal` names them. */
export const MADE_GOALS = ['chains', 'chains-or-more', 'clear'] as const;
export type MadeGoal = (typeof MADE_GOALS)[number];

/** Bounds of the parameters: 4 pairs are 22^4 sequences, searched many times over while drawing. */
export const MADE_PAIRS = { min: 1, max: 4 } as const;
export const MADE_CHAINS = { min: 2, max: 5 } as const;

export const nazoGenerator: GeneratorSpec = {
  levels: NAZO_LEVELS,
  defaultLevel: 'easy',
  parameters: [
    {
      name: 'goal',
      type: 'enum',
      choices: MADE_GOALS,
      default: 'chains',
      help: 'what the puzzle asks for: chains (exactly --chains chains), chains-or-more (at least that many), clear (an all clear)',
    },
    {
      name: 'chains',
      type: 'int',
      min: MADE_CHAINS.min,
      max: MADE_CHAINS.max,
      help: 'the chain length a chains goal asks for (default: 2 for easy, 3 for medium and hard)',
    },
    {
      name: 'pairs',
      type: 'int',
      min: MADE_PAIRS.min,
      max: MADE_PAIRS.max,
      help: 'the pairs the answer places, all of them (default: 2 for easy, 3 for medium and hard)',
    },
  ],
  emits: ['puyop'],
};
