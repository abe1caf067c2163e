// @kit/queue: kit runs spread over machines with BullMQ on Redis. @kit/core never sees Redis.
export { QueueError, redactUrl, parseQueueUrl, withPassword, isLoopback, probeRedis } from './connection.js';
export type { QueueUrl, RedisInfo } from './connection.js';
export { serveQueue, tooMany, DEFAULT_LOCK_MS, DEFAULT_JOB_TIMEOUT_MS, DEFAULT_HEAP_MB } from './worker.js';
export type { ServeOptions, QueueWorker, WorkerPlugin } from './worker.js';
export { submitRun } from './submit.js';
export type { SubmitOptions, Submitted } from './submit.js';
export { Runs, RunFailed } from './runs.js';
export type { RunState, RunStatus, RunOutcome, OpenOptions } from './runs.js';
export type { WorkerRecord } from './heartbeat.js';
export type { PruneOptions, PruneReport } from './prune.js';
export { DEFAULT_MAX_SOLUTIONS, DEFAULT_KEEP_SECONDS, RUN_BLOCKS, QUEUE_SPLIT_WIDTH, blockCount, tasksOfBlock } from './spec.js';
export type { RunSpec } from './spec.js';
export { serveHealth } from './health.js';
export type { HealthServer } from './health.js';
