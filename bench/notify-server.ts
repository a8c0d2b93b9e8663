// `node bench/notify-server.ts CA_FILE`: the server the notify bench (bench/notify.ts) measures. The
// production server (api/src/server.ts) with the API only (no site, no demo seed, no schedulers)
// and two settings it never has: push services may be on loopback, and the bench's own push
// service's certificate (the PEM in CA_FILE) is trusted. Settings come from the environment as for
// `npm start` (DATABASE_URL or DATA_DIR, PORT, HOST, SMTP_URL, NOTIFY_TICK_MS…: api/src/config.ts).
// SIGTERM closes the app (the send job's round ends first) and the database, then exits 0.
import { readFileSync } from 'node:fs';
import { buildApp } from '../api/src/app.ts';
import { loadConfig } from '../api/src/config.ts';
import { engineOf, migrateToLatest, openDatabase } from '../api/src/db/index.ts';

const SHUTDOWN_MS = 10_000;

const caFile = process.argv[2];
if (!caFile) {
  console.error('Usage: node bench/notify-server.ts CA_FILE (the push service certificate to trust, PEM)');
  process.exit(2);
}
const config = loadConfig();
const db = openDatabase(config.databaseUrl);
await migrateToLatest(db, { engine: engineOf(config.databaseUrl) });
const app = await buildApp({
  config,
  db,
  responseCache: true,
  pushAddresses: (address) => address === '127.0.0.1',
  pushCa: readFileSync(caFile, 'utf8'),
});

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(1), SHUTDOWN_MS).unref();
  await app.close();
  await db.destroy();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());

await app.listen({ port: config.port, host: config.host });
