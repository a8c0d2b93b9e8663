import { createTransport } from 'nodemailer';
import type { Config } from '../config.ts';
import { trustProxyWarnings } from '../config.ts';
import { getBackupStatus } from '../backup/status.ts';
import { closeRedis, connected, openRedis, pingRedis } from '../cluster/redis.ts';
import { ping, type Db, type Engine } from '../db/index.ts';
import { migrations } from '../db/migrations/index.ts';
import { s3MediaStore } from '../media/s3.ts';
import { appliedMigrations, databaseClock } from '../repositories/database-info.ts';
import { listSchoolHosts, normalizeHost } from '../repositories/school-hosts.ts';
import { MAIL_TIMEOUT_MS } from '../staff/mail.ts';
import { fail, messageOf, ok, warn, type CheckResult } from './report.ts';

// Checks of what the server talks to: the database, the mail server, Redis, S3; and of settings
// whose meaning depends on them (SITE_URL against the host table, TRUST_PROXY against the listener).

const DATABASE_TIMEOUT_MS = 5000;

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** DATABASE_URL without its password, for a line a person may paste somewhere. */
export function databaseShown(databaseUrl: string, engine: Engine): string {
  if (engine === 'sqlite') return databaseUrl;
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'the DATABASE_URL server';
  }
}

export async function checkDatabase(db: Db, engine: Engine, databaseUrl: string): Promise<CheckResult> {
  try {
    await within(ping(db), DATABASE_TIMEOUT_MS, 'the database');
    return ok('database', `${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} at ${databaseShown(databaseUrl, engine)} answers`);
  } catch (err) {
    const fix =
      engine === 'sqlite'
        ? 'check that DATA_DIR/DATABASE_URL point at the server\u2019s database and that this user may read it'
        : 'check that PostgreSQL runs (systemctl status postgresql), the address, user and password in DATABASE_URL, and pg_hba.conf';
    return fail('database', `${databaseShown(databaseUrl, engine)} does not answer (${messageOf(err)}): ${fix}`);
  }
}

export async function checkMigrations(db: Db, engine: Engine): Promise<CheckResult> {
  const known = Object.keys(migrations).sort();
  const applied = await within(appliedMigrations(db, engine), DATABASE_TIMEOUT_MS, 'the database');
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    return fail(
      'migrations',
      `the database has migrations this version does not know (${unknown.join(', ')}): a newer version ran on it. ` +
        'Run that version again (migrations only go forward), or restore a backup made by this version',
    );
  }
  const pending = known.filter((name) => !applied.includes(name));
  if (pending.length > 0) {
    return fail(
      'migrations',
      `${pending.length} of ${known.length} migrations not applied (first: ${pending[0]}): start the server once (npm start migrates before it serves)`,
    );
  }
  return ok('migrations', `all ${known.length} applied (latest ${known.at(-1)})`);
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export async function checkSiteUrl(config: Pick<Config, 'siteUrl' | 'port'>, db: Db): Promise<CheckResult> {
  if (!config.siteUrl) {
    return warn(
      'site-url',
      `SITE_URL is not set: links, feeds and staff e-mails point at http://localhost:${config.port}. Set SITE_URL=https://www.your-school.example`,
    );
  }
  const url = new URL(config.siteUrl);
  if (url.protocol !== 'https:') {
    const local = LOCAL_HOSTS.has(url.hostname);
    const says = `${config.siteUrl} is not HTTPS: staff sign-in cookies need it and browsers mark the site "Not secure". Put a TLS proxy in front (docs/deploy.md) and set SITE_URL=https://${url.host}`;
    return local ? warn('site-url', says) : fail('site-url', says);
  }
  const host = normalizeHost(url.hostname);
  const hosts = await within(listSchoolHosts(db), DATABASE_TIMEOUT_MS, 'the database');
  const served = hosts.find((h) => h.host === host);
  if (!served) {
    return fail(
      'site-url',
      `${url.hostname} is not a host name of any school, so no certificate is issued for it on demand: ` +
        `npm run school -- host add --school CODE --host ${url.hostname}`,
    );
  }
  return ok('site-url', `${config.siteUrl} is HTTPS and served (school ${served.schoolCode})`);
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * Whether TRUST_PROXY fits the proxy that is in front (docs/decisions/0140). The doctor cannot see
 * the proxy; it reads what the settings imply: an https SITE_URL on a server that speaks plain
 * HTTP means a TLS proxy forwards to it, and where it listens says whether that proxy is local.
 */
export function checkTrustProxy(config: Pick<Config, 'trustProxySetting' | 'host' | 'siteUrl'>): CheckResult {
  const risky = trustProxyWarnings(config);
  if (risky.length > 0) return fail('trust-proxy', risky.join(' '));
  const setting = config.trustProxySetting.trim().toLowerCase();
  const behindTls = config.siteUrl?.startsWith('https:') ?? false;
  const listensLocally = LOOPBACK.has(config.host.toLowerCase());
  if (!behindTls)
    return ok('trust-proxy', `TRUST_PROXY=${config.trustProxySetting}; SITE_URL is not HTTPS, so no proxy is expected in front`);
  if (listensLocally) {
    return ok(
      'trust-proxy',
      `listening on ${config.host} behind a proxy on this machine, whose X-Forwarded-For is believed (TRUST_PROXY=${setting})`,
    );
  }
  if (setting === 'loopback') {
    return warn(
      'trust-proxy',
      `listening on ${config.host} with TRUST_PROXY=loopback: a proxy on another machine is not believed, so every visitor it forwards shares its address ` +
        `(one rate limit, one sign-in lock for all). Set TRUST_PROXY to that proxy's address; if the proxy is on this machine, set HOST=127.0.0.1`,
    );
  }
  return ok('trust-proxy', `listening on ${config.host}; X-Forwarded-For believed from ${config.trustProxySetting}`);
}

/** A sender that is not on the school's domain is refused or filed as spam by most mail servers. */
const LOCAL_SENDER = /@(localhost|localdomain|example\.(com|org|net))>?\s*$/i;

export async function checkSmtp(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Promise<CheckResult> {
  if (!config.smtpUrl) {
    return warn(
      'smtp',
      'SMTP_URL is not set: staff invitations and password resets are not e-mailed, only shown to the administrator. Set SMTP_URL=smtps://user:password@mail.example:465',
    );
  }
  if (LOCAL_SENDER.test(config.mailFrom)) {
    return fail(
      'smtp',
      `MAIL_FROM is ${config.mailFrom}: mail servers refuse that sender. Set MAIL_FROM="School name <office@your-school.example>"`,
    );
  }
  const url = new URL(config.smtpUrl);
  const where = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
  const transport = createTransport({
    url: config.smtpUrl,
    connectionTimeout: MAIL_TIMEOUT_MS,
    greetingTimeout: MAIL_TIMEOUT_MS,
    socketTimeout: MAIL_TIMEOUT_MS,
  });
  try {
    await transport.verify();
    return ok('smtp', `${where} answers${url.username ? ' and accepts the sign-in' : ''}; mail from ${config.mailFrom}`);
  } catch (err) {
    const e = err as { code?: string; responseCode?: number };
    const fix =
      e.code === 'EAUTH'
        ? 'the user name or password in SMTP_URL is refused'
        : 'check the host and port in SMTP_URL and that this machine may connect out to it (firewall, provider blocks on port 25)';
    return fail('smtp', `${where}: ${messageOf(err)}: ${fix}`);
  } finally {
    transport.close();
  }
}

/** A daily backup plus this much slack before its absence is a failure. */
const BACKUP_LATE_AFTER_MS = 26 * 60 * 60 * 1000;

export async function checkBackups(
  db: Db,
  config: Pick<Config, 'backupAt' | 'timeZone' | 'backupKeep' | 'backupDir'>,
  now: Date,
): Promise<CheckResult> {
  const status = await within(getBackupStatus(db, config, now), DATABASE_TIMEOUT_MS, 'the database');
  if (status.failing && status.lastFailure) {
    return fail(
      'backups',
      `the last backup failed at ${status.lastFailure.at}: ${status.lastFailure.error}. Fix that, then run npm run backup and see it succeed`,
    );
  }
  if (!status.lastSuccess) {
    return warn(
      'backups',
      `no backup has been made yet: run npm run backup now${status.schedule ? '' : ', and set BACKUP_AT for a daily one'}`,
    );
  }
  const ageMs = now.getTime() - Date.parse(status.lastSuccess.at);
  const age = `${Math.floor(ageMs / 3_600_000)} h ${Math.floor((ageMs % 3_600_000) / 60_000)} min ago`;
  if (ageMs > BACKUP_LATE_AFTER_MS) {
    const why = status.schedule
      ? `the daily ${status.schedule.at} backup has not run: is the server running? Its log says "scheduled backup failed" when it tried`
      : 'BACKUP_AT is off: set BACKUP_AT=02:30 or run npm run backup from cron';
    return fail('backups', `the last successful backup was ${age} (${status.lastSuccess.archive}): ${why}`);
  }
  if (!status.schedule) return warn('backups', `last backup ${age}, but BACKUP_AT is off: set BACKUP_AT=02:30 for a daily one`);
  return ok('backups', `last backup ${age} (${status.lastSuccess.archive}); next at ${status.schedule.at} ${status.schedule.timeZone}`);
}

/** The database server's clock minus this machine's, in ms (PostgreSQL only; SQLite has no clock of its own). */
export async function databaseClockOffset(db: Db, engine: Engine): Promise<number | null> {
  if (engine !== 'postgres') return null;
  const before = Date.now();
  const theirs = await within(databaseClock(db), DATABASE_TIMEOUT_MS, 'the database');
  const after = Date.now();
  return Math.round(theirs.getTime() - (before + after) / 2);
}

export async function checkRedis(config: Pick<Config, 'redisUrl'>): Promise<CheckResult> {
  if (!config.redisUrl) return ok('redis', 'not configured (REDIS_URL): rate limits are kept in this process, right for one server');
  const url = new URL(config.redisUrl);
  const where = `${url.hostname}:${url.port || '6379'}`;
  let lastError = '';
  const client = openRedis(config.redisUrl, { warn: (obj) => (lastError = String((obj as { error?: unknown }).error ?? '')) });
  try {
    await connected(client);
    await pingRedis(client);
    return ok('redis', `${where} answers`);
  } catch (err) {
    return fail(
      'redis',
      `${where} does not answer (${lastError || messageOf(err)}): start Redis (systemctl start redis-server) or fix REDIS_URL`,
    );
  } finally {
    await closeRedis(client);
  }
}

export async function checkS3(config: Pick<Config, 's3'>): Promise<CheckResult> {
  if (!config.s3) return ok('s3', 'not configured (S3_BUCKET): media are on this server\u2019s disk, right for one server');
  const store = s3MediaStore(config.s3);
  const where = `bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`;
  try {
    await store.check();
    return ok('s3', `${where} answers`);
  } catch (err) {
    return fail(
      's3',
      `${where}: ${messageOf(err)}: check S3_BUCKET, S3_ENDPOINT and the access keys (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)`,
    );
  } finally {
    store.close();
  }
}
