import { shareInstanceof } from './shared-instanceof.js';

/**
 * A plugin that could not be loaded: hosts list these with the reason and carry on. `refused` when
 * the module loaded but the host will not take what it exports (checkPlugin: a reserved option
 * name, another API version): a problem with the plugin as given, not a crash; `pluginId` is its
 * id when it has a usable one, so a host asked for that id can say why it is not there.
 */
export class PluginLoadError extends Error {
  override readonly name = 'PluginLoadError';
  readonly refused: boolean;
  readonly pluginId: string | undefined;
  constructor(
    readonly source: string,
    readonly reason: string,
    refusal: { refused?: boolean; pluginId?: string } = {},
  ) {
    super(`plugin ${source}: ${reason}`);
    this.refused = refusal.refused === true;
    this.pluginId = refusal.pluginId;
  }
}
shareInstanceof(PluginLoadError, 'PluginLoadError');
