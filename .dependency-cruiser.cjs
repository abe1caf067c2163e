// Import cycles (issue 32): none between the TypeScript sources of any package, app or example,
// type-only imports included, so a module's dependencies can always be read in one direction.
// Run it with `npx depcruise --config .dependency-cruiser.cjs packages apps examples` (part of `pnpm lint`).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module must not reach itself through its imports (type-only ones included); move what both sides share into a module of its own.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Type-only imports count: `import type` cycles are cycles too.
    tsPreCompilationDeps: true,
    // Only the sources: each package's src/ (tests, built output and dependencies left out).
    includeOnly: { path: '^(packages|apps|examples)/[^/]+/src/' },
    exclude: { path: '(^|/)(node_modules|dist)/|\\.test\\.ts$' },
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: require('node:path').join(__dirname, 'tooling', 'tsconfig.depcruise.json') },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
