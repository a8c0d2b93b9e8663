import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Config } from '../config.ts';
import { schoolTimeToUtc } from '../content/time.ts';
import { runExclusive } from '../cluster/jobs.ts';
import type { Db } from '../db/index.ts';
import type { NotificationSendsTable } from '../db/schema.ts';
import { deleteExpiredPending, subscribersAfter, topicsOf, type SubscriptionRow } from '../repositories/subscriptions.ts';
import { schoolProfileOrEmpty } from '../repositories/school-profiles.ts';
import { todayIn } from '../school-day.ts';
import { schoolOrigin } from '../staff/links.ts';
import type { Mailer } from '../staff/mail.ts';
import { mailBrandOf, type MailBrand } from '../staff/mail-brand.ts';
import { createEmailSender, footerLines, unsubscribeHeaders, type EmailRecipient } from './email.ts';
import { isNotifiable, NOTIFIABLE, type ItemMessage } from './items.ts';
import { checkVapidSubject, createPushSender } from './push.ts';
import { ALERT_SEND_TYPE } from './queue.ts';
import { manageToken, vapidKeys } from './secrets.ts';
import { currentAlerts } from '../repositories/alerts.ts';
import type { DeliveryResult, Message, PushRecipient, Sender } from './sender.ts';

// The send job (issue 34, docs/notifications.md): every server ticks; the one holding the job's
// lease (cluster/jobs.ts) delivers what is due, so each send runs on one server at a time. A send
// walks its subscribers in id order and records how far it got after each batch, so a server killed
// mid-send is followed by another that resumes after the last recorded batch. Deliveries worth
// another try wait in notification_retries with backoff until the message's TTL; a push
// subscription its service no longer knows (404/410) is deleted at once. It also sends the daily
// and weekly digests and forgets e-mail addresses never confirmed. Nothing personal is logged.

export const NOTIFY_JOB = 'notify';
/** How long a push service may hold a message, and how long a delivery is tried again. */
export const MESSAGE_TTL_SECONDS = 2 * 24 * 60 * 60;
const BATCH = 500;
const PARALLEL = 25;
const RETRY_LIMIT = 6;
/** The school-time hour digests go out, and the weekly digest's day (6: Saturday). */
export const DIGEST_HOUR = '17:00';
const WEEKLY_DAY = 6;

export interface NotifierLog {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface NotifierOptions {
  db: Db;
  config: Config;
  mailer: Mailer;
  now: () => Date;
  log: NotifierLog;
  /** Which addresses push services may be at (public ones by default; a test's own on loopback). */
  pushAddresses?: (address: string) => boolean;
  /** A push service's certificate authority to trust besides the system's (tests). */
  pushCa?: string;
}

export interface Notifier {
  /** One round: what is due now (resolves when done; a round already running is joined). */
  tick(): Promise<void>;
  /** No more rounds; resolves when the one running (if any) has ended. */
  stop(): Promise<void>;
}

/** Each app's notifier (tests tick it rather than wait for the timer). */
export const notifiers = new WeakMap<object, Notifier>();

type SendRow = Selectable<NotificationSendsTable>;

interface Round {
  o: NotifierOptions;
  signal: AbortSignal;
  push: Sender<PushRecipient> | null;
  email: Sender<EmailRecipient>;
  /** Per school in this round: its name, origin and brand. */
  schools: Map<string, Promise<SchoolLook>>;
}

interface SchoolLook {
  name: string;
  origin: string;
  brand: MailBrand | undefined;
}

async function schoolLook(o: NotifierOptions, code: string): Promise<SchoolLook> {
  const origin = await schoolOrigin(o.db, o.config, code);
  const record = await schoolProfileOrEmpty(o.db, code);
  return { name: record?.profile.name ?? code, origin, brand: await mailBrandOf(o.db, code, origin) };
}

function lookOf(round: Round, code: string): Promise<SchoolLook> {
  let look = round.schools.get(code);
  if (!look) {
    look = schoolLook(round.o, code);
    round.schools.set(code, look);
  }
  return look;
}

async function emailRecipient(round: Round, code: string, sub: SubscriptionRow): Promise<EmailRecipient> {
  const look = await lookOf(round, code);
  const token = await manageToken(round.o.db, sub.id, round.o.now());
  return {
    email: sub.email ?? '',
    manageUrl: `${look.origin}/subscribe/manage?token=${token}`,
    unsubscribeUrl: `${look.origin}/api/subscribe/${encodeURIComponent(code)}/unsubscribe?token=${token}`,
    school: look.brand,
  };
}

const pushRecipient = (sub: SubscriptionRow): PushRecipient => ({
  endpoint: sub.endpoint ?? '',
  p256dh: sub.p256dh ?? '',
  auth: sub.auth ?? '',
});

async function deliver(round: Round, code: string, sub: SubscriptionRow, message: Message): Promise<DeliveryResult> {
  try {
    if (sub.channel === 'push') {
      if (!round.push) return { outcome: 'retry', reason: 'push is off' };
      return await round.push.send(pushRecipient(sub), message, round.signal);
    }
    return await round.email.send(await emailRecipient(round, code, sub), message, round.signal);
  } catch (err) {
    return { outcome: 'retry', reason: err instanceof Error ? err.message : 'unknown error' };
  }
}

/** The next try's time: Retry-After when given, else 1, 2, 4… minutes, at most an hour. */
function retryAt(now: Date, attempts: number, afterMs: number | undefined): string {
  const wait = afterMs ?? Math.min(60 * 60_000, 60_000 * 2 ** (attempts - 1));
  return new Date(now.getTime() + wait).toISOString();
}

interface Tally {
  sent: number;
  failed: number;
  expired: number;
}

/** Acts on one delivery's result: counts it, deletes a gone subscription, queues a retry. */
async function settle(round: Round, send: SendRow, sub: SubscriptionRow, result: DeliveryResult, tally: Tally, attempts: number) {
  const { db } = round.o;
  const now = round.o.now();
  switch (result.outcome) {
    case 'sent':
      tally.sent++;
      break;
    case 'gone':
      tally.expired++;
      await db.deleteFrom('subscriptions').where('id', '=', sub.id).execute();
      break;
    case 'failed':
      tally.failed++;
      break;
    case 'retry': {
      const expires = Date.parse(send.created_at) + MESSAGE_TTL_SECONDS * 1000;
      const next = retryAt(now, attempts, result.afterMs);
      if (attempts >= RETRY_LIMIT || Date.parse(next) >= expires) {
        tally.failed++;
        break;
      }
      await db
        .insertInto('notification_retries')
        .values({ send_id: send.id, subscription_id: sub.id, attempts, next_at: next })
        .onConflict((oc) => oc.columns(['send_id', 'subscription_id']).doUpdateSet({ attempts, next_at: next }))
        .execute();
      break;
    }
  }
}

async function addTally(db: Db, sendId: string, tally: Tally, set: Partial<Pick<SendRow, 'push_after' | 'email_after'>> = {}) {
  await db
    .updateTable('notification_sends')
    .set({
      ...set,
      sent: sql<number>`sent + ${tally.sent}`,
      failed: sql<number>`failed + ${tally.failed}`,
      expired: sql<number>`expired + ${tally.expired}`,
    })
    .where('id', '=', sendId)
    .execute();
}

/** Runs `work` over `items` with PARALLEL always in flight (a slow delivery holds up only its own lane). */
async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, lane));
}

/** An emergency alert's message while it is current: urgent, and kept by push services until it ends. */
async function alertMessage(round: Round, send: SendRow): Promise<Message | undefined> {
  const now = round.o.now();
  const alert = (await currentAlerts(round.o.db, send.school_code, now)).find((a) => a._id === send.item_id);
  if (!alert) return undefined;
  const look = await lookOf(round, send.school_code);
  return {
    schoolCode: send.school_code,
    schoolName: look.name,
    title: `Urgent: ${look.name}`,
    body: alert.message,
    // The notification opens a page of the school (the banner there carries an outside link).
    url: `${look.origin}${alert.link?.startsWith('/') ? alert.link : '/'}`,
    topic: 'emergency',
    ttlSeconds: Math.max(60, Math.floor((Date.parse(alert.endsAt) - now.getTime()) / 1000)),
    urgency: 'high',
    tag: `alert-${alert._id}`,
  };
}

/** The message of a send, from the item as the public sees it now (undefined: no longer public). */
async function messageOf(round: Round, send: SendRow): Promise<Message | undefined> {
  if (send.content_type === ALERT_SEND_TYPE) return alertMessage(round, send);
  const spec = isNotifiable(send.content_type) ? NOTIFIABLE[send.content_type] : undefined;
  if (!spec) return undefined;
  const item: ItemMessage | undefined = await spec.message(
    round.o.db,
    send.school_code,
    send.item_id,
    round.o.now(),
    round.o.config.timeZone,
  );
  if (!item) return undefined;
  const look = await lookOf(round, send.school_code);
  return {
    schoolCode: send.school_code,
    schoolName: look.name,
    title: item.title,
    body: item.body,
    url: `${look.origin}${item.path}`,
    topic: spec.topic,
    ttlSeconds: MESSAGE_TTL_SECONDS,
    urgency: 'normal',
    tag: `${send.content_type}-${send.item_id}`,
  };
}

/** Sends done for a school in the last 24 hours (the daily limit's count). */
async function sentToday(db: Db, code: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const row = await db
    .selectFrom('notification_sends')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('school_code', '=', code)
    .where('status', '=', 'done')
    .where('topic', '!=', 'emergency')
    .where('finished_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function runSend(round: Round, send: SendRow): Promise<void> {
  const { db, config, log } = round.o;
  const message = await messageOf(round, send);
  if (!message) {
    // Withdrawn, unpublished or deleted before its turn: nobody is told of what is not there.
    await db
      .updateTable('notification_sends')
      .set({ status: 'cancelled', finished_at: round.o.now().toISOString() })
      .where('id', '=', send.id)
      .execute();
    return;
  }
  if (send.topic !== 'emergency' && (await sentToday(db, send.school_code, round.o.now())) >= config.notifyDailyLimit) {
    log.warn({ school: send.school_code, limit: config.notifyDailyLimit }, 'notifications: the daily limit is reached; the send waits');
    return;
  }
  await db
    .updateTable('notification_sends')
    .set({ title: message.title, body: message.body, url: message.url })
    .where('id', '=', send.id)
    .execute();
  // Both channels at once, each walking its own subscribers (a slow mail server does not hold up pushes).
  const walk = async (channel: 'push' | 'email') => {
    let after = channel === 'push' ? send.push_after : send.email_after;
    for (;;) {
      if (round.signal.aborted) return;
      const batch = await subscribersAfter(db, send.school_code, channel, send.topic, after, BATCH);
      if (batch.length === 0) return;
      const tally: Tally = { sent: 0, failed: 0, expired: 0 };
      await inParallel(batch, async (sub) => settle(round, send, sub, await deliver(round, send.school_code, sub, message), tally, 1));
      after = batch[batch.length - 1]?.id ?? after;
      await addTally(db, send.id, tally, channel === 'push' ? { push_after: after } : { email_after: after });
    }
  };
  await Promise.all([round.push ? walk('push') : null, round.o.mailer.enabled ? walk('email') : null]);
  if (round.signal.aborted) return;
  await db
    .updateTable('notification_sends')
    .set({ status: 'done', finished_at: round.o.now().toISOString() })
    .where('id', '=', send.id)
    .execute();
  log.info({ school: send.school_code, type: send.content_type }, 'notifications: sent');
}

async function runRetries(round: Round): Promise<void> {
  const { db } = round.o;
  const now = round.o.now().toISOString();
  const due = await db.selectFrom('notification_retries').selectAll().where('next_at', '<=', now).orderBy('next_at').limit(BATCH).execute();
  const messages = new Map<string, Promise<Message | undefined>>();
  await inParallel(due, async (retry) => {
    if (round.signal.aborted) return;
    const send = await db.selectFrom('notification_sends').selectAll().where('id', '=', retry.send_id).executeTakeFirst();
    const sub = await db.selectFrom('subscriptions').selectAll().where('id', '=', retry.subscription_id).executeTakeFirst();
    await db
      .deleteFrom('notification_retries')
      .where('send_id', '=', retry.send_id)
      .where('subscription_id', '=', retry.subscription_id)
      .execute();
    if (!send || !sub) return;
    let message = messages.get(send.id);
    if (!message) {
      message = messageOf(round, send);
      messages.set(send.id, message);
    }
    const tally: Tally = { sent: 0, failed: 0, expired: 0 };
    const m = await message;
    // No longer public: not sent again, and not a failure of the channel either.
    if (m) await settle(round, send, sub, await deliver(round, send.school_code, sub, m), tally, retry.attempts + 1);
    await addTally(db, send.id, tally);
  });
}

/** The last digest moment at or before `now` in the school's time zone (daily, or Saturdays). */
export function digestBoundary(frequency: 'daily' | 'weekly', now: Date, timeZone: string): string {
  const today = todayIn(timeZone, now);
  for (let back = 0; back <= 8; back++) {
    const day = new Date(Date.parse(`${today}T12:00:00.000Z`) - back * 86_400_000).toISOString().slice(0, 10);
    if (frequency === 'weekly' && new Date(`${day}T12:00:00.000Z`).getUTCDay() !== WEEKLY_DAY) continue;
    const at = schoolTimeToUtc(`${day}T${DIGEST_HOUR}`, timeZone);
    if (at && at <= now.toISOString()) return at;
  }
  return now.toISOString();
}

async function runDigests(round: Round): Promise<void> {
  const { db, config } = round.o;
  const now = round.o.now();
  for (const frequency of ['daily', 'weekly'] as const) {
    const boundary = digestBoundary(frequency, now, config.timeZone);
    for (;;) {
      if (round.signal.aborted) return;
      const due = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('channel', '=', 'email')
        .where('status', '=', 'active')
        .where('frequency', '=', frequency)
        .where('digest_until', '<', boundary)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (due.length === 0) break;
      await inParallel(due, async (sub) => {
        const from = sub.digest_until ?? boundary;
        const items = await db
          .selectFrom('notification_sends')
          .select(['title', 'url', 'topic'])
          .where('school_code', '=', sub.school_code)
          .where('status', '=', 'done')
          .where('finished_at', '>', from)
          .where('finished_at', '<=', boundary)
          .orderBy('finished_at')
          .execute();
        const topics: readonly string[] = topicsOf(sub);
        // Emergencies reached them when sent; a digest does not repeat them.
        const chosen = items.filter((i) => i.topic !== 'emergency' && topics.includes(i.topic));
        let handed = true;
        if (chosen.length > 0 && round.o.mailer.enabled) {
          const look = await lookOf(round, sub.school_code);
          const recipient = await emailRecipient(round, sub.school_code, sub);
          const period = frequency === 'daily' ? 'today' : 'this week';
          handed = await round.o.mailer.send({
            to: recipient.email,
            subject: `${look.name}: ${chosen.length === 1 ? 'one new item' : `${chosen.length} new items`} ${period}`,
            text: [
              `Published on the ${look.name} website ${period}:`,
              chosen.map((i) => `- ${i.title ?? ''}\n  ${i.url ?? ''}`).join('\n\n'),
              ...footerLines(recipient, look.name),
            ].join('\n\n'),
            school: look.brand,
            headers: unsubscribeHeaders(recipient),
          });
        }
        // A digest the mail server did not take is tried again at the next round.
        if (handed) await db.updateTable('subscriptions').set({ digest_until: boundary }).where('id', '=', sub.id).execute();
      });
      if (due.length < BATCH) break;
    }
  }
}

async function pushSenderOf(o: NotifierOptions): Promise<Sender<PushRecipient> | null> {
  if (checkVapidSubject(o.config.vapidSubject)) return null;
  const keys = await vapidKeys(o.db, o.now());
  return createPushSender({
    vapid: { subject: o.config.vapidSubject, ...keys },
    ...(o.pushAddresses ? { allowAddress: o.pushAddresses } : {}),
    ...(o.pushCa ? { ca: o.pushCa } : {}),
  });
}

/** One round under the lease: pending addresses forgotten, due sends, retries, digests. */
async function runRound(o: NotifierOptions, signal: AbortSignal, push: Sender<PushRecipient> | null): Promise<void> {
  const round: Round = { o, signal, push, email: createEmailSender(o.mailer), schools: new Map() };
  await deleteExpiredPending(o.db, o.now());
  const due = await o.db
    .selectFrom('notification_sends')
    .selectAll()
    .where('status', '=', 'pending')
    .where('not_before', '<=', o.now().toISOString())
    // Emergencies first, then in the order they fell due.
    .orderBy(sql`case when topic = 'emergency' then 0 else 1 end`)
    .orderBy('not_before')
    .limit(20)
    .execute();
  for (const send of due) {
    if (signal.aborted) return;
    await runSend(round, send);
  }
  await runRetries(round);
  await runDigests(round);
}

/** Starts a server's ticks (unref'd timers: they never keep it alive). */
export function startNotifier(o: NotifierOptions): Notifier {
  let running: Promise<void> | undefined;
  let push: Promise<Sender<PushRecipient> | null> | undefined;
  function tick(): Promise<void> {
    if (running) return running;
    push ??= pushSenderOf(o).catch((err: unknown) => {
      push = undefined;
      throw err;
    });
    running = push
      .then((sender) => runExclusive(o.db, NOTIFY_JOB, (signal) => runRound(o, signal, sender)))
      .then(() => undefined)
      .catch((err: unknown) => {
        o.log.error({ error: err instanceof Error ? err.message : String(err) }, 'notifications: a round failed');
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }
  const every = setInterval(() => void tick(), o.config.notifyTickMs);
  every.unref();
  return {
    tick,
    async stop() {
      clearInterval(every);
      await running;
      // The push sender's encryption worker.
      await push?.then((sender) => sender?.close?.()).catch(() => {});
    },
  };
}
