// @kit/queue/trust: what a run's records must be to be believed, without Redis: canonical JSON,
// signatures with the shared secret, the bounds on everything read from elsewhere. `kit merge` uses
// it for shard files, the queue for what it reads from Redis.
export { canonicalJson } from './canonical.js';
export { Signer } from './signer.js';
export type { SignedKind } from './signer.js';
export { loadSigner, SecretError, SECRET_ENV, SECRET_FILE_ENV } from './secret.js';
export { LIMITS, RUN_ID, PLUGIN_ID, VERSION } from './limits.js';
export { BadRecord, checkJson, checkSummary, boundedInt, matching, isPlainObject, describe, SUMMARY_BOUNDS, SOLUTION_BOUNDS } from './json-bounds.js';
export type { JsonBounds } from './json-bounds.js';
export { readSource } from './source.js';
export { cutsText, readCuts } from './cuts.js';
