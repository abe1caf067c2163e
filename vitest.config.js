// One vitest run over every workspace project, so CI gets a single report.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'examples/*', 'integration'],
    reporters: ['default', ['json', { outputFile: '.vitest-report.json' }]],
  },
});
