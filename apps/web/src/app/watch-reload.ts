// Under `kit web --watch` the server rebuilds a plugin's bundle when its files change and streams the
// plugins' revision: a page whose manifest has another revision reloads, and so opens the puzzle the
// address names with the new code (the address holds the puzzle, its options and its input).
import { CHANGES_PATH } from '../shared/manifest.js';

/** Listens for rebuilt plugins and reloads the page when the revision it hears is not `revision`, its manifest's. */
export function reloadOnRebuild(revision: number): void {
  const changes = new EventSource(new URL(CHANGES_PATH, document.baseURI));
  changes.addEventListener('message', (event) => {
    if (Number(event.data) === revision) return;
    changes.close();
    location.reload();
  });
}
