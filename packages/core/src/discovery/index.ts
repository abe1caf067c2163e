// @kit/core/discovery: finding plugins at run time (Node only). Browsers never load this.
export { discoverPlugins, CONFIG_FILE } from './discover.js';
export type { Discovery, DiscoveryOptions, PluginEntry, SkippedPlugin } from './discover.js';
