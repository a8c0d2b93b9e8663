import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests, and API tests through HTTP on a real database.
// The API project runs once per database (SQLite always, PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'content/test/**/*.test.ts', 'web/app/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['api/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
