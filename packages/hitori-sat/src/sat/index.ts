export type { SatBackend, BackendFactory } from './backend.js';
export { CdclSolver } from './cdcl.js';
