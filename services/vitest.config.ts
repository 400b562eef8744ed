import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/finder/test-setup.ts'],
    // Files run side by side on two cores, the PostgreSQL pass with them: a test of one second can take five or
    // more on a busy machine. A test that hangs still fails; the slow ones set their own, longer limit.
    testTimeout: 30_000,
  },
});
