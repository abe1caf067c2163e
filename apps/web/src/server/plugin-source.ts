/** A plugin as the CLI discovers it: the `kit web` command hands a list of these to `serve`. */
export interface PluginSource {
  /** The plugin's id. */
  id: string;
  /** A package name or a path, shown to users. */
  source: string;
  /** `file:` URL of the module that default-exports the plugin (its `kit.plugin` entry). */
  moduleUrl: string;
  /** The package directory the module belongs to (used to resolve its dependencies). */
  packageDir: string;
}
