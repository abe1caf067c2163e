#!/usr/bin/env node
// The API reference: one TypeDoc site for every public package, one module per entry point of its
// `exports` (the same entries as the API reports), read from the built declarations so it shows
// exactly what a user imports. Written to dist/api-docs (not committed); `kit web` serves it under /docs.
//
//   node tooling/api-docs.js [--out DIR]   (after `pnpm build`; `pnpm docs` does both)
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Application } from 'typedoc';
import { publicEntries } from './api-reports.js';

const repoRoot = dirname(dirname(fileURLToPath(import.meta.url)));
/** Where `pnpm docs` writes the reference; `kit web` looks here. */
export const DEFAULT_DOCS_OUT = join(repoRoot, 'dist', 'api-docs');

/** Builds the reference into `out`; resolves to the warning and error counts TypeDoc logged. */
export async function buildApiDocs(out = DEFAULT_DOCS_OUT, root = repoRoot) {
  const entries = publicEntries(root);
  for (const entry of entries) {
    if (!existsSync(entry.declarations)) {
      throw new Error(`${relative(root, entry.declarations)} is missing: build first (pnpm build)`);
    }
  }
  const app = await Application.bootstrap({
    name: 'Puzzle Kit API',
    entryPoints: entries.map((entry) => entry.declarations),
    entryPointStrategy: 'resolve',
    // The declarations alone, resolved as a Node user's TypeScript resolves them.
    compilerOptions: {
      target: 'es2022',
      module: 'nodenext',
      moduleResolution: 'nodenext',
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    },
    skipErrorChecking: true,
    out,
    readme: 'none',
    excludePrivate: true,
    excludeInternal: true,
    // The declarations link to each other's packages; those links are the reference's own pages.
    validation: { notExported: false, invalidLink: true, notDocumented: false },
    logLevel: 'Warn',
    githubPages: false,
    disableSources: true,
    hideGenerator: true,
  });
  const project = await app.convert();
  if (!project) throw new Error('TypeDoc could not convert the declarations');
  // TypeDoc names a module by its file's path (packages/core/dist/host); a user knows it as @kit/core/host.
  const nameOf = new Map(entries.map((entry) => [defaultModuleName(root, entry.declarations), entry.entry]));
  for (const module of project.children ?? []) module.name = nameOf.get(module.name) ?? module.name;
  app.validate(project);
  await app.generateDocs(project, out);
  return { warnings: app.logger.warningCount, errors: app.logger.errorCount, entries: entries.length };
}

/** The name TypeDoc gives a module of the `resolve` strategy: its path from the root, without extension or /index. */
function defaultModuleName(root, declarations) {
  return relative(root, declarations)
    .replace(/\\/g, '/')
    .replace(/\.d\.ts$/, '')
    .replace(/\/index$/, '');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outFlag = process.argv.indexOf('--out');
  const out = outFlag > 0 ? resolve(process.argv[outFlag + 1]) : DEFAULT_DOCS_OUT;
  const { warnings, errors, entries } = await buildApiDocs(out);
  process.stdout.write(`${relative(process.cwd(), out) || '.'}: API reference of ${entries} entry points (${warnings} warnings)\n`);
  if (errors > 0) process.exitCode = 1;
}
