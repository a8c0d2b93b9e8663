import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

// Projects: pure unit tests, and the API tests through HTTP on a real database — once per engine.
// api-sqlite always runs; api-postgres runs when TEST_DATABASE_URL is set (the root `test:api`
// script sets it), and is skipped with a loud message otherwise. backup-sqlite/backup-postgres are the
// backup drill (`npm run test:backup`), which serves the built site too.
const postgresUrl = process.env.TEST_DATABASE_URL;
/** Where seeding keeps the demo's drawn pictures between test files (DEMO_MEDIA_CACHE, decision 0158). */
const demoMediaCache = path.resolve('node_modules/.cache/sthsm-demo-media');
if (!postgresUrl) {
  console.warn('\n!!! TEST_DATABASE_URL is not set: the api-postgres project is SKIPPED (API tests run on SQLite only) !!!\n');
}

/** The backup drill (npm run test:backup) needs the site build, so it is kept out of test:api. */
const BACKUP_DRILL = 'api/test/backup-drill/**/*.test.ts';

const apiProject = (name: string, env: Record<string, string>, include = ['api/test/**/*.test.ts'], exclude = [BACKUP_DRILL]) => ({
  test: {
    name,
    include,
    exclude: [...configDefaults.exclude, ...exclude],
    env: { DEMO_MEDIA_CACHE: demoMediaCache, ...env },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'content/test/**/*.test.ts', 'web/app/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      apiProject('api-sqlite', { TEST_DB_ENGINE: 'sqlite' }),
      ...(postgresUrl ? [apiProject('api-postgres', { TEST_DB_ENGINE: 'postgres', TEST_DATABASE_URL: postgresUrl })] : []),
      apiProject('backup-sqlite', { TEST_DB_ENGINE: 'sqlite' }, [BACKUP_DRILL], []),
      ...(postgresUrl
        ? [apiProject('backup-postgres', { TEST_DB_ENGINE: 'postgres', TEST_DATABASE_URL: postgresUrl }, [BACKUP_DRILL], [])]
        : []),
    ],
  },
});
