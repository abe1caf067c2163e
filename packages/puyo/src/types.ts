import type { JsonValue } from '@kit/core';
import type { PuyoField } from './field.js';
import type { Goal } from './goal.js';
import type { Pair } from './nazo.js';

/** What the plugin hands the solver: plain data. */
export interface PuyoInstance {
  /** `replay` runs the field's chain; `nazo` solves a chain puzzle. */
  mode: 'replay' | 'nazo';
  /** The starting field. */
  field: PuyoField;
  /** A chain puzzle's pairs (nazo only). */
  pairs?: Pair[];
  /** A chain puzzle's goal (nazo only). */
  goal?: Goal;
  /** `--all`: report every answer, not only the best. */
  all?: boolean;
}

/** An animation frame: the field and a one-line caption. */
export interface PuyoState {
  /** The field's rows, top first, as in {@link PuyoField}. */
  rows: string[];
  /** The caption: `chain 2: G pop, +320 (360)`. */
  title?: string;
}

/** The totals of a replayed chain, as the summary and the solution carry them. */
export interface ReplayResult {
  [field: string]: JsonValue;
  chains: number;
  score: number;
  cleared: number;
  allClear: boolean;
  garbage: number;
  breakdown: JsonValue[];
}
