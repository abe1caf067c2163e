import { shareInstanceof } from './shared-instanceof.js';

/** A plugin that could not be loaded: hosts list these with the reason and carry on. */
export class PluginLoadError extends Error {
  override readonly name = 'PluginLoadError';
  constructor(
    readonly source: string,
    readonly reason: string,
  ) {
    super(`plugin ${source}: ${reason}`);
  }
}
shareInstanceof(PluginLoadError, 'PluginLoadError');
