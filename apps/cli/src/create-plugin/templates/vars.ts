import type { PluginNames } from '../names.js';

/** Everything a template may fill in. */
export interface TemplateVars extends PluginNames {
  layout: 'workspace' | 'standalone';
  /** The @kit/core range a standalone plugin depends on (`^0.1.0`, or `file:../kit/packages/core` with --link). */
  coreRange: string;
  /** The @kit/cli range a standalone plugin uses to run itself (`npx kit run <id> --plugin .`); `file:` with --link. */
  cliRange: string;
  /** Workspace layout: the package's directory relative to the repository root (`examples/sudoku`). */
  workspaceDir?: string;
}

/** The tool versions this repository is built and tested with; a standalone plugin pins the same. */
export const TOOL_VERSIONS = {
  typescript: '5.9.3',
  vitest: '4.1.12',
  '@types/node': '20.19.9',
} as const;
