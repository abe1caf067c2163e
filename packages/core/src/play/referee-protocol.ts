// The referee worker's messages, apart from a solver worker's: the host opens a game once (its
// instance and seed), then sends each judgement with only the moves the worker does not hold yet.
import type { SerializedError } from '../errors.js';
import type { WorkerPort, WorkerSide } from '../protocol.js';
import type { RefereeAsk, RefereeReport } from './referee.js';
import type { PlayMove } from './spec.js';

/** From a host to a referee worker. Everything here must survive structured cloning. */
export type RefereeMessage =
  /** Import a plugin module and what its referee needs, before the first game. */
  | { type: 'preload'; moduleUrl: string }
  /** A game to keep under `game`: the setup the plugin makes with `seed` (an open game of that number is replaced). */
  | { type: 'open'; game: number; moduleUrl: string; pluginId: string; instance: unknown; seed: number }
  /**
   * Judge the position of game `game` after its first `keep` moves (those the worker holds) and then
   * `moves`: the worker plays only these, so a move costs one move's work.
   */
  | { type: 'judge'; id: number; game: number; keep: number; moves: PlayMove[]; ask: RefereeAsk }
  /** The game is over: the worker lets it go. */
  | { type: 'close'; game: number };

/** From a referee worker to its host. */
export type RefereeReply =
  | { type: 'preloaded'; moduleUrl: string }
  | { type: 'judged'; id: number; report: RefereeReport }
  /** A judgement failed (`id`), or an open game could not be made: the host's next judgement reopens it. */
  | { type: 'error'; id?: number; error: SerializedError };

/** The host's end of a referee worker, whatever the platform. */
export type RefereePort = WorkerPort<RefereeMessage, RefereeReply>;

/** The referee worker's end. */
export type RefereeSide = WorkerSide<RefereeReply, RefereeMessage>;
