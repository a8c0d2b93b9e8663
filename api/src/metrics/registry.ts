import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// Every metric of GET /metrics, in one Prometheus registry (docs/monitoring.md says what each means
// and what to alert on). The parts of the server count into these as they work; what lives in the
// database (backups, the variant queue) is read when the registry is scraped (metrics/route.ts).
// Labels are bounded: route groups are a fixed list, schools only those the server resolved or a
// signed-in staff member acted for, never a name a request chose.

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'sthsm_' });

/** Latency buckets (seconds): cached answers take ~1 ms, renders tens, slow uploads seconds. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: 'sthsm_http_requests_total',
  help: 'Requests answered, by route group and status code (replayed answers included, group as for any other)',
  labelNames: ['group', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'sthsm_http_request_duration_seconds',
  help: 'Time from the request to the last byte of the answer, by route group',
  labelNames: ['group'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const cacheLookups = new Counter({
  name: 'sthsm_cache_lookups_total',
  help: 'Lookups in the public JSON cache (cache="api") and the page cache (cache="page", per school): hit or miss',
  labelNames: ['cache', 'result', 'school'] as const,
  registers: [registry],
});

export const replayedAnswers = new Counter({
  name: 'sthsm_replayed_answers_total',
  help: 'Answers replayed byte for byte before Fastify from a cached answer (api/src/replay.ts)',
  registers: [registry],
});

export const databaseQueryErrors = new Counter({
  name: 'sthsm_database_query_errors_total',
  help: 'Database queries that failed (refused, cut, locked, constraint), by engine',
  labelNames: ['engine'] as const,
  registers: [registry],
});

export const databaseUnavailable = new Counter({
  name: 'sthsm_database_unavailable_total',
  help: 'API requests answered 503 because the database could not be reached',
  registers: [registry],
});

export const databasePool = new Gauge({
  name: 'sthsm_database_pool_connections',
  help: 'PostgreSQL connection pool of this server: total, idle and waiting (requests queued for a connection)',
  labelNames: ['state'] as const,
  registers: [registry],
});

export const mediaJobsWaiting = new Gauge({
  name: 'sthsm_media_jobs_waiting',
  help: 'Library photos whose variants are still to be made (all servers; failed jobs excluded)',
  registers: [registry],
});

export const mediaProcessWaiting = new Gauge({
  name: 'sthsm_media_process_waiting',
  help: 'Requests waiting for this server\u2019s media process (photo checks and encodes)',
  registers: [registry],
});

export const mediaEncodeDuration = new Histogram({
  name: 'sthsm_media_encode_duration_seconds',
  help: 'Time to make one library photo\u2019s variants (every width and format), by result',
  labelNames: ['result'] as const,
  buckets: [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64],
  registers: [registry],
});

export const uploads = new Counter({
  name: 'sthsm_media_uploads_total',
  help: 'Files handed to the media library, per school: added, duplicate (the same bytes were there), refused (4xx), failed',
  labelNames: ['school', 'result'] as const,
  registers: [registry],
});

export const backupLastSuccess = new Gauge({
  name: 'sthsm_backup_last_success_timestamp_seconds',
  help: 'When the newest successful backup finished (Unix time; 0 when there is none)',
  registers: [registry],
});

export const backupAge = new Gauge({
  name: 'sthsm_backup_age_seconds',
  help: 'Seconds since the newest successful backup finished (absent when there is none)',
  registers: [registry],
});

export const backupFailing = new Gauge({
  name: 'sthsm_backup_failing',
  help: '1 when the newest finished backup attempt failed, else 0',
  registers: [registry],
});

export const signInFailures = new Counter({
  name: 'sthsm_sign_in_failures_total',
  help: 'Staff sign-ins refused for a wrong password or code, by step (password, two-factor)',
  labelNames: ['step'] as const,
  registers: [registry],
});

export const signInLocked = new Counter({
  name: 'sthsm_sign_in_locked_total',
  help: 'Staff sign-in attempts refused because the account or the address is locked (5 failures per account or 20 per address in 15 minutes)',
  registers: [registry],
});

export const scrapeErrors = new Counter({
  name: 'sthsm_metrics_read_errors_total',
  help: 'Scrapes that could not read the database-held figures (backups, variant queue): those keep their last value',
  registers: [registry],
});

/**
 * The route group of a request path: a fixed list, so a client cannot add label values.
 * Static assets are their own group (many, cheap, immutable).
 */
export function routeGroup(url: string): string {
  const path = (url.split('?')[0] ?? '').toLowerCase();
  if (path === '/metrics') return 'metrics';
  if (path.startsWith('/api/health')) return 'health';
  if (path.startsWith('/api/admin/media')) return 'staff-media';
  if (path.startsWith('/api/admin')) return 'staff-api';
  if (path.startsWith('/api/image') || path.startsWith('/api/file')) return 'media';
  if (path.startsWith('/api/')) return 'api';
  if (/^\/(admin|preview)(\/|$)/.test(path)) return 'staff-pages';
  if (path.startsWith('/assets/') || /\.(js|css|woff2?|png|jpe?g|webp|avif|svg|ico|txt|webmanifest)$/.test(path)) return 'assets';
  return 'pages';
}
