/**
 * The plugin manifest the page loads at start-up (`plugins/manifest.json`). It is all the app knows
 * about puzzles: adding a plugin to a deployed app means adding its bundle and one entry here.
 */
export interface PluginManifest {
  /** One entry a plugin, in the order the page lists them. */
  plugins: ManifestEntry[];
  /**
   * Only from a server that watches its plugins (`kit web --watch`): how many times they have been
   * rebuilt since it started. The page listens on `plugins/changes` and reloads when the revision
   * it hears is another.
   */
  revision?: number;
}

/** One plugin in the manifest: where its browser bundle is, or why there is none. */
export interface ManifestEntry {
  /** The plugin id the module is expected to provide. */
  id: string;
  /** What users recognise: a package name or a path. */
  source: string;
  /** The browser bundle that default-exports the plugin, relative to the manifest. */
  module?: string;
  /** Set instead of `module` when the server could not bundle the plugin. */
  error?: string;
  /**
   * The plugin's title and description, so the page lists it without loading its code (which it
   * loads when the puzzle is opened). An entry without them is loaded at once to learn them.
   */
  title?: string;
  /** The plugin's one-line description, shown under its title. */
  description?: string;
}

/** Where the page finds the manifest, relative to the page. */
export const MANIFEST_PATH = 'plugins/manifest.json';

/** Where a watching server streams the plugins' revision (server-sent events), relative to the page. */
export const CHANGES_PATH = 'plugins/changes';
