// `kit web --watch`: each plugin's own files are watched, and when they change (the plugin was
// rebuilt) its slot is made again: a new bundle, and its title and description from its module
// imported anew. Bundles are named by their content, so a page that loads the new manifest loads the
// new code; the caller swaps the slot in and tells open pages.
import { preparePlugin, type ServedPlugin } from './prepare-plugins.js';
import { FileWatch, type WatchTimings } from './watch-files.js';

/** Whether two makings of a slot serve the same thing: the same manifest entry and the same files. */
function sameSlot(a: ServedPlugin, b: ServedPlugin): boolean {
  if (JSON.stringify(a.entry) !== JSON.stringify(b.entry) || a.files.size !== b.files.size) return false;
  for (const [path, contents] of a.files) {
    const other = b.files.get(path);
    if (!other || Buffer.compare(other, contents) !== 0) return false;
  }
  return true;
}

/**
 * Watches the plugins of `slots` (unavailable ones have nothing to watch) and calls `rebuilt` with a
 * slot made again whenever it serves something new. One making of a slot at a time: changes during
 * one are picked up by the next. Returns the function that stops watching.
 */
export function watchPlugins(
  slots: ReadonlyMap<string, ServedPlugin>,
  rebuilt: (slot: string, served: ServedPlugin) => void,
  timings?: WatchTimings,
): () => void {
  const watches: FileWatch[] = [];
  let imports = 0;
  let stopped = false;
  for (const [slot, first] of slots) {
    const plugin = first.plugin;
    if (!plugin) continue;
    let current = first;
    let running = false;
    let again = false;
    const remake = async (): Promise<void> => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          // Node keeps a module it has imported: a new URL imports the rebuilt file.
          const next = await preparePlugin(plugin, slot, `${plugin.moduleUrl}?kit-web-watch=${++imports}`);
          if (stopped) return;
          watch.set(next.inputs);
          if (!sameSlot(current, next)) {
            current = next;
            rebuilt(slot, next);
          }
        } while (again);
      } finally {
        running = false;
      }
    };
    const watch = new FileWatch(() => void remake(), timings);
    watch.set(first.inputs);
    watches.push(watch);
  }
  return () => {
    stopped = true;
    for (const watch of watches) watch.close();
  };
}
