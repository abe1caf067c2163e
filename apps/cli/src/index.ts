// @kit/cli as a library: the discovery the `kit` command uses, for tools that want the same rules.
export { discoverPlugins, CONFIG_FILE } from './discovery.js';
export type { DiscoveredPlugin, DiscoveryOptions, DiscoveryResult, SkippedPlugin } from './discovery.js';
export { main } from './main.js';
