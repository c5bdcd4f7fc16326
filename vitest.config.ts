import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Web modules under test import src/model as `@model` (web/vite.config.ts).
  resolve: { alias: { '@model': fileURLToPath(new URL('src/model', import.meta.url)) } },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // AUDIOLIB_TEST_DB=pg: a throwaway PostgreSQL cluster for the run (test/helpers/pg.ts);
    // then one temporary folder for the run, removed at its end (test/helpers/tmp-setup.ts).
    globalSetup: ['test/helpers/pg-setup.ts', 'test/helpers/tmp-setup.ts'],
    // CI gets one more try for a test that failed (browser and terminal tests wait on real
    // processes on 2 shared cores); a test that fails twice fails the run.
    retry: process.env.CI ? 1 : 0,
    // expect.poll waits for what a user would see; on 2 loaded cores a page's first answer
    // can take seconds, so a poll waits up to 15 s (vitest's default is 1 s)
    expect: { poll: { timeout: 15_000 } },
    reporters: ['default', './test/helpers/summary-reporter.ts'],
  },
});
