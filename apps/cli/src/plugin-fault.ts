/** An error thrown by a plugin's solver: an internal fault (exit 1), named after the plugin. */
export class PluginFault extends Error {
  override readonly name = 'PluginFault';
  constructor(
    readonly pluginId: string,
    readonly original: unknown,
  ) {
    const inner = original instanceof Error ? `${original.name}: ${original.message}` : String(original);
    super(`plugin ${pluginId} failed: ${inner}`);
    if (original instanceof Error && original.stack) this.stack = original.stack;
  }
}
