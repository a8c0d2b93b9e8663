import { randomUUID } from 'node:crypto';
import type { EmailFrequency, SubscriptionTopic } from '@sthsm/contract/subscriptions';
import type { Selectable } from 'kysely';
import type { Db } from '../db/index.ts';
import type { SubscriptionsTable } from '../db/schema.ts';

// Parents' subscriptions (issue 34): e-mail addresses (pending until the link is followed) and
// browsers' push subscriptions, each with its topics and when and how consent was given.

export type SubscriptionRow = Selectable<SubscriptionsTable>;

/** How long a confirmation link lasts; an unconfirmed address is forgotten after it. */
export const CONFIRM_WITHIN_MS = 48 * 60 * 60 * 1000;
/** An address is sent at most one link in this time, however often someone asks (no mail-bombing). */
export const MAIL_AGAIN_AFTER_MS = 10 * 60 * 1000;

export const topicsOf = (row: Pick<SubscriptionRow, 'topics'>): SubscriptionTopic[] => JSON.parse(row.topics) as SubscriptionTopic[];

/**
 * An address asks to subscribe: a new pending row, or the pending one given a new link and the
 * choices just made. An active subscription keeps its choices (changed through its manage link):
 * its owner is sent the manage link instead, so nobody learns or changes another's choices.
 * Answers what to mail: a confirmation or a manage link, or nothing when the address was sent a
 * link minutes ago (the request's choices are kept all the same while it is pending).
 */
export async function requestEmailSubscription(
  db: Db,
  code: string,
  request: { email: string; topics: SubscriptionTopic[]; frequency: EmailFrequency; tokenHash: string },
  now: Date,
): Promise<'confirm' | 'manage' | 'none'> {
  const email = request.email.toLowerCase();
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('subscriptions')
      .select(['id', 'status', 'mailed_at'])
      .where('school_code', '=', code)
      .where('email', '=', email)
      .executeTakeFirst();
    const at = now.toISOString();
    const mailedLately = (existing?.mailed_at ?? '') > new Date(now.getTime() - MAIL_AGAIN_AFTER_MS).toISOString();
    if (existing?.status === 'active') {
      if (mailedLately) return 'none';
      await trx.updateTable('subscriptions').set({ mailed_at: at }).where('id', '=', existing.id).execute();
      return 'manage';
    }
    const choices = { topics: JSON.stringify(request.topics), frequency: request.frequency };
    if (existing && mailedLately) {
      await trx.updateTable('subscriptions').set(choices).where('id', '=', existing.id).execute();
      return 'none';
    }
    const values = {
      ...choices,
      token_hash: request.tokenHash,
      confirm_by: new Date(now.getTime() + CONFIRM_WITHIN_MS).toISOString(),
      mailed_at: at,
    };
    if (existing) await trx.updateTable('subscriptions').set(values).where('id', '=', existing.id).execute();
    else
      await trx
        .insertInto('subscriptions')
        .values({
          id: randomUUID(),
          school_code: code,
          channel: 'email',
          email,
          status: 'pending',
          created_at: at,
          ...values,
        })
        .execute();
    return 'confirm';
  });
}

/** The e-mail subscription a link's token opens (pending ones only while their link lasts). */
export async function subscriptionByToken(db: Db, code: string, tokenHash: string, now: Date): Promise<SubscriptionRow | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('school_code', '=', code)
    .where('channel', '=', 'email')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (row?.status === 'pending' && (row.confirm_by ?? '') <= now.toISOString()) return undefined;
  return row;
}

/**
 * The owner of the address followed the link: active from now, consent recorded, and the used
 * confirmation link replaced by the manage link's hash (notify/secrets.ts manageToken).
 */
export async function confirmSubscription(db: Db, id: string, manageHash: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .updateTable('subscriptions')
    .set({ status: 'active', token_hash: manageHash, confirm_by: null, consent_at: at, consent_how: 'email-link', digest_until: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function updateSubscriptionChoices(
  db: Db,
  id: string,
  choices: { topics: SubscriptionTopic[]; frequency?: EmailFrequency },
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ topics: JSON.stringify(choices.topics), ...(choices.frequency ? { frequency: choices.frequency } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.deleteFrom('subscriptions').where('id', '=', id).execute();
}

/** A browser's push subscription: new, or the same endpoint's keys and topics replaced. */
export async function savePushSubscription(
  db: Db,
  code: string,
  push: { endpoint: string; p256dh: string; auth: string; topics: SubscriptionTopic[] },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('subscriptions')
    .values({
      id: randomUUID(),
      school_code: code,
      channel: 'push',
      endpoint: push.endpoint,
      p256dh: push.p256dh,
      auth: push.auth,
      topics: JSON.stringify(push.topics),
      status: 'active',
      consent_at: at,
      consent_how: 'browser-permission',
      created_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['school_code', 'endpoint']).doUpdateSet({ p256dh: push.p256dh, auth: push.auth, topics: JSON.stringify(push.topics) }),
    )
    .execute();
}

export async function deletePushSubscription(db: Db, code: string, endpoint: string): Promise<void> {
  await db.deleteFrom('subscriptions').where('school_code', '=', code).where('endpoint', '=', endpoint).execute();
}

/** Forgets addresses whose confirmation link ended unused. */
export async function deleteExpiredPending(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('subscriptions')
    .where('status', '=', 'pending')
    .where('confirm_by', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The next `limit` active subscriptions of a school on a channel after `after` (by id), that chose
 * `topic` (emergencies reach everyone); for e-mail, only those who get each item as it comes (and,
 * for an emergency, digest readers as well).
 */
export async function subscribersAfter(
  db: Db,
  code: string,
  channel: 'push' | 'email',
  topic: string,
  after: string | null,
  limit: number,
): Promise<SubscriptionRow[]> {
  let query = db
    .selectFrom('subscriptions')
    .selectAll()
    .where('school_code', '=', code)
    .where('channel', '=', channel)
    .where('status', '=', 'active');
  // An emergency reaches digest readers at once too.
  if (channel === 'email' && topic !== 'emergency') query = query.where('frequency', '=', 'instant');
  // Topics are a JSON array of fixed words: '"news"' appears in it exactly when news was chosen.
  if (topic !== 'emergency') query = query.where('topics', 'like', `%${JSON.stringify(topic)}%`);
  if (after) query = query.where('id', '>', after);
  return query.orderBy('id').limit(limit).execute();
}

/** How many active subscriptions a school has, by channel (the staff dashboard's figure). */
export async function subscriptionCounts(db: Db, code: string): Promise<{ email: number; push: number }> {
  const rows = await db
    .selectFrom('subscriptions')
    .select(['channel', (eb) => eb.fn.countAll<number>().as('n')])
    .where('school_code', '=', code)
    .where('status', '=', 'active')
    .groupBy('channel')
    .execute();
  const count = (channel: string) => Number(rows.find((r) => r.channel === channel)?.n ?? 0);
  return { email: count('email'), push: count('push') };
}

/** The subscriptions of one e-mail address at a school (a person's request, issue 37). */
export async function subscriptionsOfEmail(db: Db, code: string, email: string): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('school_code', '=', code)
    .where('email', '=', email.trim().toLowerCase())
    .orderBy('created_at')
    .execute();
}

/** The erasure journal's handler for 'subscription' (safe to run twice; their retries go with them). */
export async function deleteSubscriptionsById(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await db
    .deleteFrom('notification_retries')
    .where('subscription_id', 'in', [...ids])
    .execute();
  const result = await db
    .deleteFrom('subscriptions')
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
