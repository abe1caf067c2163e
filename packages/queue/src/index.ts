// @kit/queue: kit runs spread over machines with BullMQ on Redis. @kit/core never sees Redis.
export { QueueError, redactUrl, probeRedis, checkUrl } from './connection.js';
export { serveQueue, tooMany } from './worker.js';
export type { ServeOptions, QueueWorker, WorkerPlugin } from './worker.js';
export { submitRun } from './submit.js';
export type { SubmitOptions } from './submit.js';
export { Runs, RunFailed } from './runs.js';
export type { RunState, RunStatus, RunOutcome } from './runs.js';
export { DEFAULT_MAX_SOLUTIONS, MAX_JOBS } from './spec.js';
export type { RunSpec } from './spec.js';
