#!/usr/bin/env node
// API reports: what every public package promises, one file per entry point of its `exports`
// (`packages/core/api/core-host.api.md` for `@kit/core/host`), written by Microsoft's API Extractor
// from the built declarations. They are committed, so a change of a public surface shows in review;
// `--check` (CI, and a test in the suite) fails when one is stale and names it. Every public export
// and member must have a doc comment: one without is an error in both modes, named by its place in the
// built declarations (whose paths mirror the sources'), so the reports stay at 0 "(undocumented)".
//
//   node tooling/api-reports.js           rewrite the reports (after `pnpm build`; `pnpm api` does both)
//   node tooling/api-reports.js --check   compare only; exit 1 naming each stale report
//   --root DIR                            another checkout's packages (the test of this script)
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompilerState, Extractor, ExtractorConfig, ExtractorMessageCategory } from '@microsoft/api-extractor';

const repoRoot = dirname(dirname(fileURLToPath(import.meta.url)));
/** The command that rewrites the reports, for messages. */
export const UPDATE_COMMAND = 'pnpm api';

/** Every package that is published: its directory, name and typed export entries. */
export function publicEntries(root = repoRoot) {
  const entries = [];
  for (const group of ['packages', 'apps']) {
    if (!existsSync(join(root, group))) continue;
    for (const name of readdirSync(join(root, group)).sort()) {
      const packageDir = join(root, group, name);
      const manifestPath = join(packageDir, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      if (manifest.private) continue;
      const unscoped = manifest.name.replace(/^@[^/]+\//, '');
      for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
        if (typeof target !== 'object' || typeof target.types !== 'string') continue;
        const suffix = subpath === '.' ? '' : `-${subpath.slice(2).replace(/\//g, '-')}`;
        entries.push({
          packageDir,
          packageName: manifest.name,
          entry: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
          declarations: join(packageDir, target.types),
          reportName: `${unscoped}${suffix}`,
        });
      }
    }
  }
  return entries;
}

/** API Extractor's settings for one entry. */
function configOf(entry, tempFolder) {
  if (!existsSync(entry.declarations)) {
    throw new Error(`${relative(repoRoot, entry.declarations)} is missing: build first (pnpm build)`);
  }
  return ExtractorConfig.prepare({
    configObjectFullPath: join(entry.packageDir, 'api-extractor.json'),
    packageJsonFullPath: join(entry.packageDir, 'package.json'),
    configObject: {
      projectFolder: entry.packageDir,
      mainEntryPointFilePath: entry.declarations,
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            target: 'ES2022',
            strict: true,
            skipLibCheck: true,
            // Node's types from this repository, wherever the packages are.
            typeRoots: [join(repoRoot, 'node_modules', '@types')],
            types: ['node'],
          },
          files: [entry.declarations],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: entry.reportName,
        reportFolder: join(entry.packageDir, 'api'),
        reportTempFolder: tempFolder,
        // A type a signature uses but the entry does not export (often another entry's, such as
        // AnyPlugin in ./discovery) is named by a warning line in the report, not copied into it.
        includeForgottenExports: false,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'error' } },
        extractorMessageReporting: {
          default: { logLevel: 'error' },
          // Release tags (@public, @beta) are not used: every export of an entry is public.
          'ae-missing-release-tag': { logLevel: 'none' },
          // Named in the report rather than failing the run.
          'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
          // Every public export and member says what it is for: one without a comment fails the run.
          'ae-undocumented': { logLevel: 'error' },
        },
        // Comments are plain prose, not TSDoc.
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
  });
}

/** Runs API Extractor on one entry; `update` rewrites its report, otherwise it is only compared. */
function extract(config, compilerState, update, root) {
  const problems = [];
  let undocumented = 0;
  const result = Extractor.invoke(config, {
    localBuild: update,
    compilerState,
    messageCallback: (message) => {
      // Console messages narrate what happened to the report files; this script says that itself.
      if (message.category !== ExtractorMessageCategory.Console && (message.logLevel === 'error' || message.logLevel === 'warning')) {
        problems.push(message.formatMessageWithLocation(`${root}/`));
        if (message.messageId === 'ae-undocumented') undocumented++;
      }
      message.handled = true;
    },
  });
  return { changed: result.apiReportChanged, problems, undocumented };
}

/**
 * Compares (or with `update`, rewrites) every report. Returns the reports that were stale, as
 * repository paths, the problems API Extractor found (one line each) and how many of them are
 * exports or members without a doc comment.
 */
export function apiReports({ update = false, root = repoRoot } = {}) {
  const tempFolder = mkdtempSync(join(tmpdir(), 'kit-api-'));
  const stale = [];
  const problems = [];
  let undocumented = 0;
  try {
    const entries = publicEntries(root);
    const configs = entries.map((entry) => configOf(entry, tempFolder));
    // One TypeScript program for every entry: building one per entry is most of the time.
    const compilerState = CompilerState.create(configs[0], { additionalEntryPoints: entries.map((entry) => entry.declarations) });
    for (const [i, entry] of entries.entries()) {
      if (update) mkdirSync(join(entry.packageDir, 'api'), { recursive: true });
      const result = extract(configs[i], compilerState, update, root);
      if (result.changed) stale.push({ entry: entry.entry, report: relative(root, join(entry.packageDir, 'api', `${entry.reportName}.api.md`)) });
      problems.push(...result.problems);
      undocumented += result.undocumented;
    }
  } finally {
    rmSync(tempFolder, { recursive: true, force: true });
  }
  if (undocumented > 0) {
    problems.push(
      `api: ${undocumented} public ${undocumented === 1 ? 'export or member has' : 'exports or members have'} no doc comment: write one in the source (dist/ mirrors src/) saying what it is for`,
    );
  }
  return { stale, problems, undocumented };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  const at = process.argv.indexOf('--root');
  const { stale, problems } = apiReports({ update: !check, ...(at > 0 ? { root: process.argv[at + 1] } : {}) });
  for (const problem of problems) console.error(problem);
  if (check && stale.length > 0) {
    for (const { entry, report } of stale) console.error(`api: ${report} is stale: the public surface of ${entry} changed`);
    console.error(`api: run \`${UPDATE_COMMAND}\` and commit the reports`);
    process.exit(1);
  }
  if (!check) for (const { report } of stale) console.log(`api: ${report} updated`);
  process.exit(problems.length > 0 ? 1 : 0);
}
