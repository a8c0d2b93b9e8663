// `node bench/upload-run.ts`: the media library's figures alone (bench/upload.ts), against a server
// of its own on BENCH_PORT with a fresh seeded DATA_DIR and the site build of BENCH_BUILD_DIR
// (build it first: WEB_BUILD_DIR=build-bench npm run build --workspace web).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { start, stopAll, tempDirs, waitFor } from './processes.ts';
import { BIN, BUILD_DIR, ORIGIN, PORT } from './settings.ts';
import { BENCH_MEDIA_MAX_BYTES, uploadBench } from './upload.ts';

try {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sthsm-bench-upload-'));
  tempDirs.push(dataDir);
  const server = start(
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
      MEDIA_MAX_BYTES: BENCH_MEDIA_MAX_BYTES,
    },
    'server',
  );
  await waitFor(`${ORIGIN}/api/health`, 120_000);
  await uploadBench(ORIGIN, dataDir, server.pid as number);
  stopAll();
  process.exit(0);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  stopAll();
  process.exit(1);
}
