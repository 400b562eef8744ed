import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    // The start scripts' tests run in Node (// @vitest-environment node in the file).
    include: ['src/**/*.test.{ts,tsx}', 'shared/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    setupFiles: ['src/test/setup.ts'],
    // Files run side by side on two cores: a render of one second can take five or more on a busy machine.
    // A test that hangs still fails.
    testTimeout: 30_000,
  },
  esbuild: { jsx: 'automatic' },
});
