// @kit/web/server: what `kit web` (apps/cli) and the start script use to serve the app.
export { serve, CONTENT_SECURITY_POLICY } from './serve.js';
export type { ServeOptions, WebServer } from './serve.js';
export { exportSite } from './export-site.js';
export type { ExportOptions } from './export-site.js';
export type { PluginSource } from './plugin-source.js';
export type { UnavailableSource } from './prepare-plugins.js';
export { discoverPlugins, findConfigRoot } from './discover.js';
export type { Discovery } from './discover.js';
export { bundlePlugin } from './bundle-plugin.js';
export type { BundleFile } from './bundle-plugin.js';
export type { PluginManifest, ManifestEntry } from '../shared/manifest.js';
