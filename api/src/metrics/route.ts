import { createHash, timingSafeEqual } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getBackupStatus } from '../backup/status.ts';
import type { Config } from '../config.ts';
import { onQueryError, poolStats, type Db } from '../db/index.ts';
import { mediaProcessState } from '../media/media-process.ts';
import { pendingMediaJobs } from '../repositories/media.ts';
import {
  backupAge,
  backupFailing,
  backupLastSuccess,
  databasePool,
  databaseQueryErrors,
  httpDuration,
  httpRequests,
  mediaJobsWaiting,
  mediaProcessWaiting,
  registry,
  routeGroup,
  scrapeErrors,
} from './registry.ts';

// GET /metrics (OPERATIONS.md "On the school's own domain"): the Prometheus text format, only to a
// client on this machine — request.ip, as TRUST_PROXY resolves it, so a visitor a local proxy
// forwarded is not local — or, when METRICS_TOKEN is set, only to `Authorization: Bearer <token>`.
// Anyone else gets the 404 of a path that does not exist (docs/decisions/0141).

/** The database-held figures get this long per scrape; then the last values are kept. */
const READ_TIMEOUT_MS = 2000;

/** Loopback, or an address of one of this machine's own interfaces. */
export function isOwnMachine(ip: string): boolean {
  const address = ip.replace(/^::ffff:/i, '');
  if (address === '::1' || address.startsWith('127.')) return true;
  return Object.values(networkInterfaces()).some((list) => list?.some((i) => i.address === address));
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function allowed(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return isOwnMachine(request.ip);
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

function within<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer')), READ_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** What only the database knows, read as the registry is scraped. */
async function readDatabaseFigures(db: Db, config: Config): Promise<void> {
  const pool = poolStats(db);
  if (pool) for (const [state, value] of Object.entries(pool)) databasePool.set({ state }, value);
  mediaProcessWaiting.set(mediaProcessState().waiting);
  try {
    const [backups, waiting] = await within(Promise.all([getBackupStatus(db, config), pendingMediaJobs(db)]));
    mediaJobsWaiting.set(waiting);
    backupFailing.set(backups.failing ? 1 : 0);
    const at = backups.lastSuccess ? Date.parse(backups.lastSuccess.at) : 0;
    backupLastSuccess.set(at / 1000);
    if (at) backupAge.set(Math.max(0, (Date.now() - at) / 1000));
    else backupAge.reset();
  } catch {
    scrapeErrors.inc();
  }
}

/** Counts every answer Fastify sends and serves GET /metrics. Call on the root instance. */
export function installMetrics(app: FastifyInstance, { db, config }: { db: Db; config: Config }): void {
  const stop = onQueryError((engine) => databaseQueryErrors.inc({ engine }));
  app.addHook('onClose', async () => {
    stop();
  });
  app.addHook('onResponse', async (request, reply) => {
    const group = routeGroup(request.url);
    httpRequests.inc({ group, status: String(reply.statusCode) });
    httpDuration.observe({ group }, reply.elapsedTime / 1000);
  });
  const schema = {
    summary: 'Prometheus metrics: to this machine only, or to Authorization: Bearer METRICS_TOKEN when set; 404 otherwise',
    tags: ['operations'],
  };
  app.get('/metrics', { schema }, async (request, reply) => {
    if (!allowed(request, config.metricsToken)) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    await readDatabaseFigures(db, config);
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
