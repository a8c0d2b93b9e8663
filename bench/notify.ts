// Notifying subscribers (issue 34, docs/notifications.md): how long one news item's send takes to
// reach 10,000 browser-push and 10,000 e-mail subscribers on this machine, and what visitors wait
// meanwhile. A server of its own (bench/notify-server.ts: the API with the send job, ticking every
// 250 ms) on a fresh DATA_DIR and SQLite database with one school, its news, and the subscribers
// inserted as the subscribe flow leaves them (each push subscription with a browser's own keys).
// The push service (api/test/support/push-service.ts: HTTPS, checks VAPID and decrypts every
// message as a browser would) and the SMTP server (api/test/staff/smtp.ts) run in this process on
// loopback. Visitors are a steady load below capacity on a cached API read (wrk, 50 connections,
// a random pause of 0-200 ms between each connection's requests): first with nothing being sent
// (the reference, in the same run), then the same load started as the send is queued, as a staff
// publish with "Notify subscribers" queues it (queueItemSend). Figures: seconds from the queueing
// to the last push answered 201 and to the last e-mail taken, visitors' p99 in both windows, and
// whether each subscriber got exactly one message (a "no" fails the bench).
// Used by run.ts (BENCH_SKIP_NOTIFY=1 skips it); `node bench/notify.ts` runs it alone and prints its
// rows. BENCH_NOTIFY_SUBSCRIBERS (default 10000 per channel) makes a short run while developing;
// BENCH_NOTIFY_SECONDS (default 30, 10 with BENCH_QUICK=1) is the length of both visitors' windows.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Insertable } from 'kysely';
import { loadConfig } from '../api/src/config.ts';
import { migrateToLatest, openDatabase, type Db } from '../api/src/db/index.ts';
import type { SubscriptionsTable } from '../api/src/db/schema.ts';
import { queueItemSend } from '../api/src/notify/queue.ts';
import { insertNews } from '../api/src/repositories/news.ts';
import { upsertSchool } from '../api/src/repositories/schools.ts';
import { startSmtp } from '../api/test/staff/smtp.ts';
import { startPushService, type PushService } from '../api/test/support/push-service.ts';
import { start, stopAll, tempDirs, waitFor } from './processes.ts';
import { PORT, QUICK } from './settings.ts';
import { wrk, type WrkResult } from './wrk.ts';

const SCHOOL = 'STHSM';
const NOTIFY_PORT = PORT + 5;
const NOTIFY_ORIGIN = `http://127.0.0.1:${NOTIFY_PORT}`;
const SUBSCRIBERS = Number(process.env.BENCH_NOTIFY_SUBSCRIBERS ?? 10_000);
/**
 * Both visitors' windows, in seconds: shorter than the whole send took on the development machine
 * (2 cores, loaded: 58 s to the last push, 132 s to the last e-mail), so that the window from the
 * queueing on is the send, pushes and e-mail both (the rows say how much of it was).
 */
const WINDOW_SECONDS = Number(process.env.BENCH_NOTIFY_SECONDS ?? (QUICK ? 10 : 30));
/** Visitors: 50 connections, each pausing 0-200 ms between requests (as the results-day load). */
const VISITORS = { connections: 50, pauseMs: 100 };
const POLL_MS = 100;
/** The whole send, and any time without a new delivery, before the bench gives up. */
const GIVE_UP_MS = 10 * 60_000;
const STALL_MS = 60_000;
const INSERT_BATCH = 500;

export interface NotifyFigures {
  /** Subscribers per channel. */
  subscribers: number;
  /** Seconds from the queueing to the last push answered 201, and to the last e-mail taken. */
  pushSeconds: number;
  emailSeconds: number;
  windowSeconds: number;
  /** Visitors with nothing sent (the reference), and the same visitors from the queueing on. */
  reference: WrkResult;
  during: WrkResult;
  /** The send's log row: delivered, failed, and retries still waiting. */
  sent: number;
  failed: number;
  retries: number;
  /** Subscribers with no message, and with more than one (push, e-mail). */
  missing: { push: number; email: number };
  repeated: { push: number; email: number };
  /** Push messages the service refused (not 201). */
  refused: number;
  exactlyOnce: boolean;
  /** 1-minute load average before the reference, and its highest while the send ran. */
  loadBefore: number;
  loadMax: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Ten published news items (a realistic answer for visitors' read); returns the newest, the one sent. */
async function insertNewsItems(db: Db): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const description =
    'Our students presented forty projects at the inter-school science fair this week, from solar water heaters to a ' +
    'rain gauge that texts its readings. Three teams go on to the state round next month; photos are in the gallery.';
  let newest = '';
  for (let i = 0; i < 10; i++) {
    newest = `bench-news-${i}`;
    const date = new Date(Date.parse(`${today}T12:00:00.000Z`) - (9 - i) * 86_400_000).toISOString().slice(0, 10);
    await insertNews(db, SCHOOL, { _id: newest, date, fromDate: null, title: `Science fair, day ${i + 1}`, description, attachments: [] });
  }
  return newest;
}

const subscriptionId = (prefix: string, i: number) => `${prefix}-${String(i).padStart(6, '0')}`;

/** The subscribers as the subscribe flow leaves them: push with each browser's keys, confirmed e-mail. */
async function insertSubscribers(db: Db, push: PushService, count: number): Promise<void> {
  const at = new Date().toISOString();
  const rows = (from: number, to: number, channel: 'push' | 'email'): Insertable<SubscriptionsTable>[] =>
    Array.from({ length: to - from }, (_, k) => {
      const i = from + k;
      if (channel === 'push') {
        const sub = push.subscription(`p${i}`);
        return {
          id: subscriptionId('push', i),
          school_code: SCHOOL,
          channel,
          endpoint: sub.endpoint,
          p256dh: sub.p256dh,
          auth: sub.auth,
          topics: JSON.stringify(['news']),
          status: 'active',
          consent_at: at,
          consent_how: 'browser-permission',
          created_at: at,
        };
      }
      return {
        id: subscriptionId('email', i),
        school_code: SCHOOL,
        channel,
        email: `parent${i}@example.org`,
        topics: JSON.stringify(['news']),
        frequency: 'instant',
        status: 'active',
        consent_at: at,
        consent_how: 'email-link',
        created_at: at,
        digest_until: at,
      };
    });
  for (const channel of ['push', 'email'] as const) {
    for (let from = 0; from < count; from += INSERT_BATCH) {
      await db
        .insertInto('subscriptions')
        .values(rows(from, Math.min(count, from + INSERT_BATCH), channel))
        .execute();
    }
  }
}

/** Stops the server (SIGTERM to its process group, SIGKILL after 15 s) and waits for it to exit. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise((r) => child.once('exit', r));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      /* gone */
    }
  };
  signal('SIGTERM');
  if ((await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)])) === false) {
    signal('SIGKILL');
    await Promise.race([exited, sleep(5_000)]);
  }
}

export async function notifyBench(): Promise<NotifyFigures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sthsm-bench-notify-'));
  tempDirs.push(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const db = openDatabase(config.databaseUrl);
  let push: PushService | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  let server: ChildProcess | undefined;
  try {
    await migrateToLatest(db, { engine: 'sqlite' });
    await upsertSchool(db, { code: SCHOOL, name: 'St. Thomas Demo School', visitor: 100 });
    const newsId = await insertNewsItems(db);
    push = await startPushService();
    smtp = await startSmtp();
    console.log(`Notify bench: inserting ${SUBSCRIBERS} push and ${SUBSCRIBERS} e-mail subscribers…`);
    await insertSubscribers(db, push, SUBSCRIBERS);
    const caFile = path.join(dataDir, 'push-ca.pem');
    writeFileSync(caFile, push.ca);

    console.log(`Notify bench: starting its server on ${NOTIFY_ORIGIN}…`);
    server = start(
      process.execPath,
      ['bench/notify-server.ts', caFile],
      {
        PORT: String(NOTIFY_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: config.databaseUrl,
        NODE_ENV: 'production',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'office@school.example',
        VAPID_SUBJECT: 'mailto:office@school.example',
        SITE_URL: 'https://www.school.example',
        NOTIFY_TICK_MS: '250',
        LOG_LEVEL: 'warn',
        BACKUP_AT: 'off',
        SEED_DEMO: 'off',
      },
      'notify server',
    );
    // Its last lines, for a failure's message (start() reports an early exit only before stopAll()).
    const tail: string[] = [];
    const keep = (chunk: Buffer) => {
      tail.push(chunk.toString());
      if (tail.length > 40) tail.shift();
    };
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    let exited: string | undefined;
    server.once('exit', (code, sig) => {
      exited = String(code ?? sig);
    });
    await waitFor(`${NOTIFY_ORIGIN}/api/health`, 60_000);

    const url = `${NOTIFY_ORIGIN}/api/news/${SCHOOL}`;
    const visitors = () => wrk(url, WINDOW_SECONDS, VISITORS.connections, 'gzip', VISITORS.pauseMs);
    await wrk(url, 1, VISITORS.connections); // warm-up (the response cache, JIT)
    const loadBefore = os.loadavg()[0]!;
    console.log(`Notify bench: visitors on ${url} with nothing sent (${WINDOW_SECONDS} s)…`);
    const reference = await visitors();

    console.log('Notify bench: queuing the send, the same visitors meanwhile…');
    await db
      .transaction()
      .execute((trx) =>
        queueItemSend(trx, { code: SCHOOL, type: 'news', id: newsId, fields: {}, publishAt: null, actorId: 'bench', at: new Date() }),
      );
    const t0 = performance.now();
    const during = visitors();
    // Unhandled until awaited below: a failing wrk must not end the process while the send is polled.
    during.catch(() => {});

    // Poll until every message is in, counting each push subscriber's and each address's messages.
    const pushes = new Map<string, number>();
    const mails = new Map<string, number>();
    let pushSeen = 0;
    let mailSeen = 0;
    let refused = 0;
    let pushSeconds = Number.NaN;
    let emailSeconds = Number.NaN;
    let loadMax = loadBefore;
    let lastProgress = performance.now();
    let lastPrint = performance.now();
    const deadline = performance.now() + GIVE_UP_MS;
    for (;;) {
      const now = performance.now();
      let progressed = false;
      for (; pushSeen < push.received.length; pushSeen++) {
        const r = push.received[pushSeen]!;
        progressed = true;
        if (r.status === 201) pushes.set(r.name, (pushes.get(r.name) ?? 0) + 1);
        else refused++;
      }
      for (; mailSeen < smtp.mails.length; mailSeen++) {
        progressed = true;
        for (const to of smtp.mails[mailSeen]!.to) mails.set(to, (mails.get(to) ?? 0) + 1);
      }
      const pushed = sumOf(pushes);
      const mailed = sumOf(mails);
      if (Number.isNaN(pushSeconds) && pushed >= SUBSCRIBERS) pushSeconds = (now - t0) / 1000;
      if (Number.isNaN(emailSeconds) && mailed >= SUBSCRIBERS) emailSeconds = (now - t0) / 1000;
      if (!Number.isNaN(pushSeconds) && !Number.isNaN(emailSeconds)) break;
      if (progressed) lastProgress = now;
      const counts = `${pushed}/${SUBSCRIBERS} pushes, ${mailed}/${SUBSCRIBERS} e-mails, ${refused} pushes refused`;
      if (exited !== undefined) throw new Error(`The notify server exited (${exited}) during the send (${counts}):\n${tail.join('')}`);
      if (now > deadline) throw new Error(`The send did not finish within ${GIVE_UP_MS / 60_000} minutes (${counts}).`);
      if (now - lastProgress > STALL_MS) throw new Error(`Nothing was delivered for ${STALL_MS / 1000} s (${counts}):\n${tail.join('')}`);
      if (now - lastPrint > 10_000) {
        lastPrint = now;
        loadMax = Math.max(loadMax, os.loadavg()[0]!);
        console.log(`  ${((now - t0) / 1000).toFixed(0)} s: ${counts}`);
      }
      await sleep(POLL_MS);
    }
    loadMax = Math.max(loadMax, os.loadavg()[0]!);
    const duringResult = await during;

    // The send's log once the job has closed it, and any retry still waiting (a later duplicate).
    const closeBy = performance.now() + 30_000;
    let row = await sendRow(db);
    while (row?.status !== 'done' && performance.now() < closeBy) {
      await sleep(POLL_MS);
      row = await sendRow(db);
    }
    if (row?.status !== 'done') throw new Error(`The send's log row is ${row?.status ?? 'missing'} 30 s after the last delivery.`);
    const retries = Number(
      (
        await db
          .selectFrom('notification_retries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
    const onceEach = (seen: Map<string, number>, key: (i: number) => string) => {
      let missing = 0;
      let repeated = 0;
      for (let i = 0; i < SUBSCRIBERS; i++) {
        const n = seen.get(key(i)) ?? 0;
        if (n === 0) missing++;
        else if (n > 1) repeated++;
      }
      // A message to anyone who is not a subscriber counts as repeated too.
      return { missing, repeated: repeated + Math.max(0, seen.size - (SUBSCRIBERS - missing)) };
    };
    const p = onceEach(pushes, (i) => `p${i}`);
    const e = onceEach(mails, (i) => `parent${i}@example.org`);
    const sent = Number(row.sent);
    const failed = Number(row.failed);
    const exactlyOnce =
      p.missing + p.repeated + e.missing + e.repeated === 0 && refused === 0 && retries === 0 && failed === 0 && sent === 2 * SUBSCRIBERS;
    return {
      subscribers: SUBSCRIBERS,
      pushSeconds,
      emailSeconds,
      windowSeconds: WINDOW_SECONDS,
      reference,
      during: duringResult,
      sent,
      failed,
      retries,
      missing: { push: p.missing, email: e.missing },
      repeated: { push: p.repeated, email: e.repeated },
      refused,
      exactlyOnce,
      loadBefore,
      loadMax,
    };
  } finally {
    if (server) await stopServer(server);
    await push?.close().catch(() => {});
    await smtp?.close().catch(() => {});
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const sumOf = (counts: Map<string, number>) => {
  let n = 0;
  for (const c of counts.values()) n += c;
  return n;
};

const sendRow = (db: Db) =>
  db.selectFrom('notification_sends').select(['status', 'sent', 'failed', 'expired']).where('school_code', '=', SCHOOL).executeTakeFirst();

/** Throws when a subscriber got no message or more than one (after the rows are printed). */
export function checkNotify(f: NotifyFigures): void {
  if (!f.exactlyOnce) {
    throw new Error(
      `Notify bench: not exactly once (push: ${f.missing.push} missing, ${f.repeated.push} repeated, ${f.refused} refused; e-mail: ${f.missing.email} missing, ${f.repeated.email} repeated; send log ${f.sent} sent, ${f.failed} failed, ${f.retries} retries waiting).`,
    );
  }
}

const rate = (count: number, seconds: number) => `${(count / seconds).toFixed(0)}/s`;
/** Visitors' p99 (and their requests/s and errors) in one window. */
const visitors = (r: WrkResult) => {
  const errors = r.errors + r.non2xx;
  return `${r.p99Ms.toFixed(1)} ms (${r.rps.toFixed(0)} req/s${errors > 0 ? `, ${r.errors} socket errors, ${r.non2xx} non-2xx` : ''})`;
};

export function notifyLines(f: NotifyFigures): string[] {
  const n = f.subscribers.toLocaleString('en');
  // How much of visitors' window the send covered (it starts as the window does).
  const covered = Math.min(1, Math.max(f.emailSeconds, f.pushSeconds) / f.windowSeconds);
  return [
    '| Figure | Value |',
    '|---|---|',
    `| Subscribers | ${n} push (each its own browser keys) + ${n} e-mail (instant), topic news |`,
    `| Queued → last push answered 201 | ${f.pushSeconds.toFixed(1)} s (${rate(f.subscribers, f.pushSeconds)}) |`,
    `| Queued → last e-mail taken (both channels at once) | ${f.emailSeconds.toFixed(1)} s (${rate(f.subscribers, f.emailSeconds)}) |`,
    `| Visitors' p99, nothing sent (reference, same run) | ${visitors(f.reference)} |`,
    `| Visitors' p99 from the queueing on (${f.windowSeconds} s, ${Math.round(covered * 100)}% of it under the send) | ${visitors(f.during)}, ${(f.during.p99Ms / f.reference.p99Ms).toFixed(1)}× the reference |`,
    `| Exactly once | ${f.exactlyOnce ? 'yes' : 'no ✗'} (push: ${f.missing.push} missing, ${f.repeated.push} repeated, ${f.refused} refused; e-mail: ${f.missing.email} missing, ${f.repeated.email} repeated; send log ${f.sent} sent, ${f.failed} failed, ${f.retries} retries waiting) |`,
    `| 1-min load average | ${f.loadBefore.toFixed(1)} before the reference, at most ${f.loadMax.toFixed(1)} during the send |`,
  ];
}

if (import.meta.main) {
  try {
    // Nothing runs yet; from here on the notify server's exit is expected (or reported by notifyBench).
    stopAll();
    const figures = await notifyBench();
    console.log(notifyLines(figures).join('\n'));
    checkNotify(figures);
    process.exit(0);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    stopAll();
    process.exit(1);
  }
}
