import { shareInstanceof } from './shared-instanceof.js';

/**
 * A plugin that could not be loaded: hosts list these with the reason and carry on. `refused` when
 * the module loaded but the host will not take what it exports (checkPlugin: a reserved option
 * name, another API version): a problem with the plugin as given, not a crash; `pluginId` is its
 * id when it has a usable one, so a host asked for that id can say why it is not there.
 */
export class PluginLoadError extends Error {
  /** Kept across threads and copies of @kit/core. */
  override readonly name = 'PluginLoadError';
  /** The module loaded but broke the contract (rather than failing to load). */
  readonly refused: boolean;
  /** The plugin's id, when it got that far. */
  readonly pluginId: string | undefined;
  constructor(
    /** What was loaded, as the user named it (a path, a package). */
    readonly source: string,
    /** Why it failed, one line. */
    readonly reason: string,
    refusal: { refused?: boolean; pluginId?: string } = {},
  ) {
    super(`plugin ${source}: ${reason}`);
    this.refused = refusal.refused === true;
    this.pluginId = refusal.pluginId;
  }
}
shareInstanceof(PluginLoadError, 'PluginLoadError');
