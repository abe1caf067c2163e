// The referee worker's half of its protocol, shared by Node's worker_threads and the browser's Web
// Workers: it keeps each game it is told to open (setup, positions, the plugin's prepared problem),
// so a judgement plays only the moves it adds. Solver workers never load any of this.
import { serializeError } from '../errors.js';
import type { AnyPlugin, Solver } from '../plugin.js';
import { pluginFromModule } from '../registry.js';
import { completionSource } from './completions.js';
import { playSetup } from './game.js';
import { judgeRefereeGame } from './referee.js';
import { followMoves, openRefereeGame, type RefereeGame } from './referee-game.js';
import type { RefereeMessage, RefereeReply, RefereeSide } from './referee-protocol.js';
import type { PlayReferee } from './spec.js';

/** Games a worker keeps at most: a host plays one at a time; the oldest is let go first. */
const MAX_GAMES = 4;

/** A plugin module as the referee needs it: the plugin, and its own referee or else its solver. */
interface Loaded {
  plugin: AnyPlugin;
  solver?: Solver;
  referee?: PlayReferee;
}

/**
 * Runs the referee's side of a worker: loads plugins as games ask for them, keeps the last games
 * (their prepared problems) and answers each judgement on the side's port.
 */
export function serveReferee(side: RefereeSide, importModule: (url: string) => Promise<Record<string, unknown>>): void {
  const modules = new Map<string, Promise<Loaded>>();
  const games = new Map<number, Promise<RefereeGame>>();
  let queue = Promise.resolve();

  // A module is imported once, whether a `preload` or an `open` asks first.
  const load = (url: string): Promise<Loaded> => {
    let entry = modules.get(url);
    if (!entry) {
      entry = importModule(url).then(async (namespace) => {
        const plugin = pluginFromModule(namespace, url);
        const own = plugin.play?.referee;
        return own ? { plugin, referee: await own() } : { plugin, solver: await plugin.solver() };
      });
      modules.set(url, entry);
    }
    return entry;
  };

  const open = async (message: Extract<RefereeMessage, { type: 'open' }>): Promise<RefereeGame> => {
    const { plugin, ...loaded } = await load(message.moduleUrl);
    if (plugin.id !== message.pluginId) throw new Error(`module ${message.moduleUrl} provides plugin '${plugin.id}', not '${message.pluginId}'`);
    const setup = playSetup(plugin, message.instance, message.seed);
    return openRefereeGame(plugin, message.instance, setup, completionSource(plugin, message.instance, loaded));
  };

  async function handle(message: Exclude<RefereeMessage, { type: 'preload' }>): Promise<void> {
    switch (message.type) {
      case 'open': {
        const game = open(message);
        // A game that cannot be made is reported by the judgement that asks for it.
        game.catch(() => {});
        games.delete(message.game);
        games.set(message.game, game);
        for (const old of games.keys()) if (games.size > MAX_GAMES) games.delete(old);
        return;
      }
      case 'close':
        games.delete(message.game);
        return;
      case 'judge': {
        const kept = games.get(message.game);
        if (!kept) throw new Error(`the referee holds no game ${message.game}: open it first`);
        const game = await kept;
        try {
          followMoves(game, message.keep, message.moves);
        } catch (error) {
          // The host reopens the game after an error: what this one holds is no longer what it sent.
          games.delete(message.game);
          throw error;
        }
        side.post({ type: 'judged', id: message.id, report: await judgeRefereeGame(game, message.ask) });
        return;
      }
    }
  }

  side.onMessage((message) => {
    if (message.type === 'preload') {
      // Not queued: it runs while the host starts the game; a failure is reported by the judgement.
      const { moduleUrl } = message;
      const done = () => side.post({ type: 'preloaded', moduleUrl } satisfies RefereeReply);
      void load(moduleUrl).then(done, done);
      return;
    }
    queue = queue
      .then(() => handle(message))
      .catch((error: unknown) => side.post({ type: 'error', ...(message.type === 'judge' ? { id: message.id } : {}), error: serializeError(error) }));
  });
}
