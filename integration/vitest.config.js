import { kitProject } from '@kit/tooling/vitest';

// Packing and installing happens once, in the global setup; the test files share the installed project.
export default kitProject('integration', {
  test: { globalSetup: ['test/global-setup.ts'], testTimeout: 180_000, hookTimeout: 180_000 },
});
