/**
 * Every bound on what is read from Redis or from a shard file, in one place. Each is far above what
 * a real run needs and far below what would hurt the reader (memory, time, a terminal).
 */
export const LIMITS = {
  /** Tasks of one search: the finest split of any plugin stays well below. */
  tasks: 1_000_000,
  /** Jobs of one run (BullMQ priorities, from 1, stay below its 2^21). */
  blocks: 4096,
  /** The width a search may be split for. */
  splitWidth: 4096,
  /** Cuts of a run's split (its largest tasks cut deeper), and their text as stored. */
  cuts: 100_000,
  cutsText: 2 * 1024 * 1024,
  /** Options a search carries, and the length of one option's text. */
  options: 64,
  optionText: 64 * 1024,
  /** The input file (and a file option) a search carries, in characters. */
  inputText: 8 * 1024 * 1024,
  /** A file's name as it travels (shown in messages). */
  fileName: 1024,
  /** A run's record (its spec, input included) as stored. */
  specBytes: 17 * 1024 * 1024,
  /** Solutions one run may carry back (--max-solutions). */
  maxSolutions: 10_000_000,
  /** One block's result, and all of a run's results together, as stored. */
  blockResultBytes: 64 * 1024 * 1024,
  runResultBytes: 64 * 1024 * 1024,
  totalResultBytes: 512 * 1024 * 1024,
  /** A job's own data (a reference to its run) and options, as stored. */
  jobFieldBytes: 4096,
  /** JSON values (a summary, a solution): nesting, nodes, and the length of one string. */
  depth: 16,
  summaryNodes: 100_000,
  solutionNodes: 100_000,
  string: 64 * 1024,
  /** How long a finished run's results are kept, in seconds. */
  keepSeconds: { min: 60, max: 30 * 24 * 3600 },
  /** Shards of one run (kit run --shard K/N): never more than its tasks. */
  shards: 1_000_000,
  /** A job's failure reason as shown. */
  reason: 2000,
} as const;

/** What a run's id looks like (`run-` and ten hex digits); anything else read back is refused. */
export const RUN_ID = /^run-[0-9a-f]{10}$/;
/** What a plugin id looks like (a lower-case letter, then letters, digits and `-`; at most 64), for ids read back from elsewhere. */
export const PLUGIN_ID = /^[a-z][a-z0-9-]{0,63}$/;
/** What a plugin version looks like (letters, digits, `.`, `+`, `-`; at most 64), for versions read back from elsewhere. */
export const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;
