import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { makeDirectory } from '@kit/core/node';
import { contentType } from './content-type.js';
import type { PluginManifest } from '../shared/manifest.js';
import { APP_DIR } from './app-dir.js';
import { DEFAULT_DOCS_DIR, docsDirOf } from './docs-dir.js';
import type { PluginSource } from './plugin-source.js';
import { preparePlugins, type UnavailableSource } from './prepare-plugins.js';

/** What `exportSite` writes and where. */
export interface ExportOptions {
  /**
   * Where the static site goes; created if missing (relative to the working directory). A directory
   * with files in it is refused unless `force`.
   */
  outDir: string;
  /** Write into a non-empty directory, replacing the site's files (index.html, app/, plugins/) there. */
  force?: boolean;
  /** The plugins the site offers. */
  plugins: readonly PluginSource[];
  /** Plugins found but not loadable; the page lists them as unavailable. */
  unavailable?: readonly UnavailableSource[];
  /** The API reference written to docs/ (default: the checkout's dist/api-docs; skipped when not built). */
  docsDir?: string;
}

/** Text worth compressing ahead of time, for servers that send `file.br` / `file.gz` when they exist. */
const PRECOMPRESS = /^(text\/|application\/(json|wasm))/;

function writeWithCompressed(target: string, contents: Uint8Array): void {
  writeFileSync(target, contents);
  if (contents.length < 512 || !PRECOMPRESS.test(contentType(target))) return;
  writeFileSync(`${target}.gz`, gzipSync(contents, { level: 9 }));
  writeFileSync(`${target}.br`, brotliCompressSync(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

/** Every file under a directory, relative paths. */
function walk(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(dir, join(prefix, entry.name)) : [join(prefix, entry.name)],
  );
}

/**
 * Writes the app as static files any web server can host: index.html, app/, and plugins/ with the
 * manifest and one bundle directory per plugin. Every file but index.html and the manifest is
 * named by its content's hash, so a host may cache those for good; each text file also gets `.gz`
 * and `.br` copies for servers that send those (nginx's gzip_static). Adding a plugin later means
 * adding its directory and one manifest entry; the app itself is never rebuilt. The API reference,
 * when built (`pnpm docs`), goes to docs/.
 */
export async function exportSite(options: ExportOptions): Promise<PluginManifest> {
  // Created (or checked to be a directory) first: an empty path, a file, or a place that refuses new
  // directories is an InputError, one line for the user.
  const outDir = makeDirectory(options.outDir);
  const present = readdirSync(outDir);
  if (present.length > 0 && !options.force) {
    const shown = present.includes('index.html') ? 'index.html' : present.sort()[0]!;
    throw Object.assign(
      new Error(
        `${options.outDir} is not empty (it has ${shown}${present.length > 1 ? ` and ${present.length - 1} more` : ''}): add --force to write the site into it anyway`,
      ),
      {
        code: 'ENOTEMPTY',
      },
    );
  }
  const slots = await preparePlugins(options.plugins, options.unavailable);
  const manifest: PluginManifest = { plugins: [...slots.values()].map((slot) => slot.entry) };
  cpSync(join(APP_DIR, 'index.html'), join(outDir, 'index.html'));
  for (const path of walk(APP_DIR)) {
    if (path === 'index.html') continue;
    const target = join(outDir, 'app', path);
    mkdirSync(dirname(target), { recursive: true });
    writeWithCompressed(target, readFileSync(join(APP_DIR, path)));
  }
  for (const [slot, { files }] of slots) {
    for (const [path, contents] of files) {
      const target = join(outDir, 'plugins', slot, path);
      mkdirSync(dirname(target), { recursive: true });
      writeWithCompressed(target, contents);
    }
  }
  const docsDir = docsDirOf(options.docsDir ?? DEFAULT_DOCS_DIR);
  if (docsDir !== undefined) {
    for (const path of walk(docsDir)) {
      const target = join(outDir, 'docs', path);
      mkdirSync(dirname(target), { recursive: true });
      writeWithCompressed(target, readFileSync(join(docsDir, path)));
    }
  }
  mkdirSync(join(outDir, 'plugins'), { recursive: true });
  writeFileSync(join(outDir, 'plugins', 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
