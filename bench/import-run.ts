// `node bench/import-run.ts`: the moving-in figures alone (bench/import.ts), importing from a server
// of its own on BENCH_PORT with a fresh seeded DATA_DIR and the site build of BENCH_BUILD_DIR.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importBench, importLines } from './import.ts';
import { start, stopAll, tempDirs, waitFor } from './processes.ts';
import { BIN, BUILD_DIR, ORIGIN, PORT } from './settings.ts';

try {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sthsm-bench-source-'));
  tempDirs.push(dataDir);
  start(
    path.join(BIN, 'node'),
    ['api/src/server.ts'],
    {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_BUILD_DIR: BUILD_DIR,
      SITE_URL: ORIGIN,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      BACKUP_AT: 'off',
    },
    'server',
  );
  await waitFor(`${ORIGIN}/api/health`, 120_000);
  console.log(importLines(await importBench(ORIGIN)).join('\n'));
  stopAll();
  process.exit(0);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  stopAll();
  process.exit(1);
}
