/** An error thrown by a plugin's solver or its parse: an internal fault (exit 1), named after the plugin. */
export class PluginFault extends Error {
  override readonly name = 'PluginFault';
  constructor(
    readonly pluginId: string,
    readonly original: unknown,
    /** Which part of the plugin threw: its solver (default) or its `parse`. */
    readonly stage: 'solver' | 'parse' = 'solver',
  ) {
    const inner = original instanceof Error ? `${original.name}: ${original.message}` : String(original);
    super(stage === 'parse' ? `plugin ${pluginId} failed while reading its input: ${inner}` : `plugin ${pluginId} failed: ${inner}`);
    if (original instanceof Error && original.stack) this.stack = original.stack;
  }
}
