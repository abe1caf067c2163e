import type { JsonValue } from '@kit/core';
import type { PuyoField } from './field.js';
import type { Goal } from './goal.js';
import type { Pair } from './nazo.js';

/** What the plugin hands the solver: plain data. */
export interface PuyoInstance {
  mode: 'replay' | 'nazo';
  field: PuyoField;
  pairs?: Pair[];
  goal?: Goal;
  /** `--all`: report every answer, not only the best. */
  all?: boolean;
}

/** An animation frame: the field and a one-line caption. */
export interface PuyoState {
  rows: string[];
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
