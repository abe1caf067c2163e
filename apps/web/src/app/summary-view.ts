// A finished run's summary: the plugin's headline (the last line of its `summarize`), the summary
// fields in words, the rest of the plugin's summary text folded away, and the file `-o` would
// have written as a download, with the plugin's note on it.
import type { AnyPlugin } from '@kit/core/host';
import { h } from './dom.js';
import type { RunSession } from './run-session.js';
import { shownFields } from './summary-fields.js';
import { linkify } from './text-links.js';

export class SummaryView {
  readonly element = h('div', { id: 'summary', class: 'summary', 'aria-label': 'Summary' });
  readonly #download = h('a', { id: 'download', class: 'download', hidden: true }, 'Download');
  readonly #downloadNote = h('span', { class: 'download-note', hidden: true });
  /** The run whose summary and download are shown. */
  #shown: RunSession | undefined;
  #downloadUrl: string | undefined;

  clear(): void {
    this.#shown = undefined;
    this.element.replaceChildren();
    this.element.hidden = true;
  }

  draw(run: RunSession | undefined, plugin: AnyPlugin): void {
    const done = run?.done;
    if (!run || !done) {
      if (!run) this.clear();
      return;
    }
    if (this.#shown === run) return;
    this.#shown = run;
    const fields = shownFields({ ...done.summary, elapsedMs: done.stats.elapsedMs }, plugin.summaryFields);
    // The plugin's summary: its last line is the headline, any table above it folds away.
    const text = plugin.summarize?.(done.summary, run.instance)?.trimEnd() ?? '';
    const lines = text.split('\n');
    const headline = lines.pop() ?? '';
    const detail = lines.join('\n');
    this.element.replaceChildren(
      headline ? h('p', { class: 'summary-line' }, ...linkify(headline)) : '',
      h(
        'dl',
        {},
        ...fields.map((field) =>
          h(
            'div',
            {},
            h('dt', {}, field.label),
            h(
              'dd',
              { 'data-field': field.key, 'data-value': field.raw },
              field.href ? h('a', { href: field.href, rel: 'noopener noreferrer', target: '_blank' }, field.text) : field.text,
            ),
          ),
        ),
      ),
      detail ? h('details', { class: 'summary-detail' }, h('summary', {}, 'Details'), h('pre', {}, ...linkify(detail))) : '',
      h('p', { class: 'download-line' }, this.#download, this.#downloadNote),
    );
    this.element.hidden = false;
    this.#drawDownload(run, plugin);
  }

  #drawDownload(run: RunSession, plugin: AnyPlugin): void {
    const file = plugin.output?.({ summary: run.done!.summary, instance: run.instance, solutions: run.solutions });
    if (this.#downloadUrl) URL.revokeObjectURL(this.#downloadUrl);
    this.#downloadUrl = undefined;
    this.#download.hidden = !file;
    this.#downloadNote.hidden = !file?.note;
    if (!file) return;
    this.#downloadUrl = URL.createObjectURL(new Blob([file.text], { type: 'text/plain' }));
    this.#download.href = this.#downloadUrl;
    this.#download.download = file.name;
    this.#download.textContent = `Download ${file.name}`;
    this.#downloadNote.textContent = file.note ?? '';
  }
}
