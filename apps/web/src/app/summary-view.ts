// A finished run's summary: the plugin's headline (the last line of its `summarize`), the summary
// fields, a folded table of the rest, and the file `-o` would have written as a download.
import type { AnyPlugin } from '@kit/core';
import { h } from './dom.js';
import type { RunSession } from './run-session.js';

export class SummaryView {
  readonly element = h('div', { id: 'summary', class: 'summary' });
  readonly download = h('a', { id: 'download', class: 'download', hidden: true }, 'Download');
  /** The run whose summary and download are shown. */
  #shown: RunSession | undefined;
  #downloadUrl: string | undefined;

  clear(): void {
    this.#shown = undefined;
    this.element.replaceChildren();
    this.download.hidden = true;
  }

  draw(run: RunSession | undefined, plugin: AnyPlugin): void {
    const done = run?.done;
    if (!run || !done) {
      if (!run) this.clear();
      return;
    }
    if (this.#shown === run) return;
    this.#shown = run;
    const fields = Object.entries({ ...done.summary, elapsedMs: done.stats.elapsedMs });
    const scalars = fields.filter(([, value]) => value === null || typeof value !== 'object');
    const structured = fields.filter(([, value]) => value !== null && typeof value === 'object');
    // The plugin's summary: its last line is the headline, any table above it folds away.
    const text = plugin.summarize?.(done.summary, run.instance)?.trimEnd() ?? '';
    const lines = text.split('\n');
    const headline = lines.pop() ?? '';
    const detail = [lines.join('\n'), ...structured.map(([key, value]) => `${key}: ${JSON.stringify(value, null, 1)}`)].filter(Boolean);
    this.element.replaceChildren(
      headline ? h('p', { class: 'summary-line' }, headline) : '',
      h('dl', {}, ...scalars.map(([key, value]) => h('div', {}, h('dt', {}, key), h('dd', { 'data-field': key }, String(value))))),
      detail.length ? h('details', { class: 'summary-detail' }, h('summary', {}, 'Details'), h('pre', {}, detail.join('\n\n'))) : '',
    );
    this.#drawDownload(run, plugin);
  }

  #drawDownload(run: RunSession, plugin: AnyPlugin): void {
    const file = plugin.output?.({ summary: run.done!.summary, instance: run.instance, solutions: run.solutions });
    if (this.#downloadUrl) URL.revokeObjectURL(this.#downloadUrl);
    this.#downloadUrl = undefined;
    if (!file) {
      this.download.hidden = true;
      return;
    }
    this.#downloadUrl = URL.createObjectURL(new Blob([file.text], { type: 'text/plain' }));
    this.download.href = this.#downloadUrl;
    this.download.download = file.name;
    this.download.textContent = `Download ${file.name}`;
    this.download.hidden = false;
  }
}
