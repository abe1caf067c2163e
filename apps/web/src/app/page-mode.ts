// A mode of the page: a tab under the puzzle's heading with a panel of its own. Solve is the one
// mode today; another (Play) is a second PageMode given to the shell in main.ts, and its tab shows
// for the plugins it `offers`.
import type { RegisteredPlugin } from '@kit/core/host';

/** What the page was opened or switched with: the URL's values for the plugin, an example to open. */
export interface ModeRequest {
  /** Option values as text, by name (the URL's, or none). */
  values: Record<string, string>;
  /** A named example to open instead of the plugin's first. */
  example?: string;
  /** A problem found before the mode opened (an unknown puzzle in the link), shown where the mode shows errors. */
  problem?: string;
  /** Start at once (`run=1`), when nothing is wrong. */
  start?: boolean;
  /** The person switched tabs: keep what the mode had for this plugin, if it has it. */
  resume?: boolean;
}

export interface PageMode {
  /** Lowercase, for the URL and `data-mode`. */
  readonly id: string;
  /** The tab's label. */
  readonly label: string;
  /** Built once; the shell shows it while the mode is chosen. */
  readonly panel: HTMLElement;
  /** Whether this mode has anything for the plugin (Solve: every plugin). */
  offers(registered: RegisteredPlugin): boolean;
  /** Show this plugin (a new puzzle, or the mode was chosen). */
  open(registered: RegisteredPlugin, request: ModeRequest): void;
  /** Another mode or puzzle takes the page: stop what runs. */
  leave(): void;
}
