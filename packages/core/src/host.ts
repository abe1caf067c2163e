// @kit/core/host: what a host (the `kit` command, the web page, a queue worker) needs beyond a
// plugin's own surface. Browser-safe: nothing here imports a Node module (`@kit/core/node` does).
export { HOST_NAMES, isPageParameter } from './host-names.js';
export type { CliFlag, HostName, PageParameter } from './host-names.js';
