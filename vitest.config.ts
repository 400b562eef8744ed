import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    // The start scripts' tests run in Node (// @vitest-environment node in the file).
    include: ['src/**/*.test.{ts,tsx}', 'shared/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    setupFiles: ['src/test/setup.ts'],
  },
  esbuild: { jsx: 'automatic' },
});
