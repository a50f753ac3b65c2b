import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `vitest run` covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on CI's two, which left a
    // core idle through most of the run (the web and admin suites: 98 s with one, 64 s with two).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/test/**/*.test.ts', 'tools/**/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['apps/server/test/setup.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Each file builds its own app and database; files run in parallel processes.
          pool: 'forks',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      './apps/web/vite.config.ts',
      './apps/admin/vite.config.ts',
    ],
  },
});
