// @kit/queue: kit runs spread over machines with BullMQ on Redis. @kit/core never sees Redis.
// What `kit worker`, `kit run --queue` and `kit queue` use; the rest stays inside the package.
export { QueueError, redactUrl, parseQueueUrl, withPassword, isLoopback, probeRedis } from './connection.js';
export type { QueueUrl, RedisInfo } from './connection.js';
export { serveQueue } from './worker.js';
export type { ServeOptions, QueueWorker, WorkerPlugin } from './worker.js';
export { submitRun } from './submit.js';
export type { SubmitOptions, Submitted } from './submit.js';
export { Runs, RunFailed } from './runs.js';
export type { RunState, RunStatus, RunOutcome, OpenOptions } from './runs.js';
export type { WorkerRecord } from './heartbeat.js';
export type { PruneOptions, PruneReport } from './prune.js';
export { tasksOfBlock } from './spec.js';
export type { RunSpec, RunResult, Dealing } from './spec.js';
export { serveHealth } from './health.js';
export type { HealthServer } from './health.js';
