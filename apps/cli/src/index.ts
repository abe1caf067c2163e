// @kit/cli as a library: the discovery the `kit` command uses (from @kit/core/discovery), and main().
export { discoverPlugins, CONFIG_FILE } from '@kit/core/discovery';
export type { Discovery, DiscoveryOptions, PluginEntry, SkippedPlugin } from '@kit/core/discovery';
export { main } from './main.js';
