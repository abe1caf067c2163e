// Shared vitest settings: every package's vitest.config.js is `export default kitProject('name')`.
// Tests live beside the code (src/**/*.test.ts) or in test/.
import { defineProject } from 'vitest/config';

export function kitProject(name, overrides = {}) {
  return defineProject({
    ...overrides,
    test: {
      name,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      testTimeout: 60_000,
      hookTimeout: 60_000,
      ...overrides.test,
    },
  });
}
