import type { TemplateVars } from './vars.js';

/** README.md: what the package is, its CLI usage, its API, and how to develop and publish it. */
export function readme(vars: TemplateVars): string {
  const workspace = vars.layout === 'workspace';
  const develop = workspace
    ? [
        'This package lives in the Puzzle Kit repository, so it uses the workspace tools:',
        '',
        '```sh',
        'pnpm install                                   # once, at the repository root',
        `pnpm turbo run build --filter=${vars.packageName}`,
        `cd ${vars.workspaceDir ?? `examples/${vars.id}`} && pnpm exec vitest run`,
        `node apps/cli/dist/bin.cjs run ${vars.id} --plugin ./${vars.workspaceDir ?? `examples/${vars.id}`} --size 6`,
        '```',
      ]
    : [
        '```sh',
        'npm install',
        'npm run build     # tsc: dist/*.js and dist/*.d.ts',
        'npm test          # builds, then vitest (one test runs the built plugin through kit)',
        'npx kit list      # kit.config.json lists this package: @kit/cli is a dev dependency',
        `npx kit run ${vars.id} --size 6`,
        'npm publish       # prepack builds first',
        '```',
        ...(vars.coreRange.startsWith('file:')
          ? [
              '',
              '`@kit/core` and `@kit/cli` are `file:` links into a Puzzle Kit clone (`kit create-plugin --link`);',
              'replace them with `^` ranges from the registry before publishing.',
            ]
          : []),
      ];
  return [
    `# ${vars.packageName}`,
    '',
    `${vars.title}, a [Puzzle Kit](https://github.com/puzzle-kit/puzzle-kit) plugin. It starts as an N-queens`,
    'placeholder (place N queens so that none attacks another, around the queens a board file gives):',
    'replace the search in `src/solver.ts`, the options and drawing in `src/plugin.ts`, the file format in',
    '`src/board.ts`, the editor and examples in `src/editor.ts`, the play mode in `src/play.ts`, and the',
    'tests, and keep the shape (and the play conformance suite at the top of `test/play.test.ts`: the',
    'checks every play mode must pass, from `@kit/core/play/conformance`).',
    '',
    '## Command line',
    '',
    'Installed next to `@kit/cli`, the `kit` command finds the plugin through the `"kit"` field of',
    '`package.json`:',
    '',
    '```sh',
    `npm install @kit/cli ${vars.packageName}`,
    `npx kit run ${vars.id} --size 8          # draw every solution`,
    `npx kit run ${vars.id} --size 10 --count # only the summary line`,
    `npx kit run ${vars.id} --size 6 --json   # one JSON object a line`,
    `npx kit run ${vars.id} boards/corner.txt # a board file: Q a queen given, . empty`,
    'npx kit web                              # with @kit/web installed: edit a board, solve or play it',
    '```',
    '',
    '## API',
    '',
    '```js',
    `import { solve } from '${vars.packageName}';`,
    '',
    'const placements = await solve(4);',
    'console.log(placements[0].queens); // [1, 3, 0, 2]: the column of the queen in each row',
    '```',
    '',
    `\`${vars.packageName}/plugin\` is the plugin object itself (for hosts), \`${vars.packageName}/solver\``,
    'the search.',
    '',
    '## Developing',
    '',
    ...develop,
    '',
  ].join('\n');
}
