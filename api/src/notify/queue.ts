import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { isNotifiable, NOTIFIABLE } from './items.ts';

// Queuing a notification with the publish that asks for it (issue 34): the send row is written in
// the same transaction as the item, and its unique key (school, type, item, or a results day's class
// and session) makes it one send per item whatever is saved again, on whichever server. A scheduled
// item's send waits for its publish time; the send job (job.ts) delivers it and keeps its log.

/** Whether a save asked to notify subscribers (the staff form's "Notify subscribers" box). */
export const wantsNotify = (body: Record<string, unknown>): boolean =>
  body.notify === 'on' || body.notify === true || body.notify === 'true';

/** The key one send of this item is known by (see items.ts: toppers by class and session). */
export function sendKeyOf(type: string, id: string, fields: Record<string, unknown>): string | undefined {
  return isNotifiable(type) ? NOTIFIABLE[type].sendKey(id, fields) : undefined;
}

export async function queueItemSend(
  trx: Db,
  o: { code: string; type: string; id: string; fields: Record<string, unknown>; publishAt: string | null; actorId: string; at: Date },
): Promise<void> {
  const key = sendKeyOf(o.type, o.id, o.fields);
  const spec = isNotifiable(o.type) ? NOTIFIABLE[o.type] : undefined;
  if (!key || !spec) return;
  await trx
    .insertInto('notification_sends')
    .values(newSend({ code: o.code, type: o.type, key, topic: spec.topic, notBefore: o.publishAt, actorId: o.actorId, at: o.at }))
    .onConflict((oc) => oc.columns(['school_code', 'content_type', 'item_id']).doNothing())
    .execute();
}

/** An emergency alert's send: queued with the alert, due at once, to everyone (never held by the daily limit). */
export async function queueAlertSend(trx: Db, o: { code: string; alertId: string; actorId: string; at: Date }): Promise<void> {
  await trx
    .insertInto('notification_sends')
    .values(
      newSend({ code: o.code, type: ALERT_SEND_TYPE, key: o.alertId, topic: 'emergency', notBefore: null, actorId: o.actorId, at: o.at }),
    )
    .execute();
}

/** The send log's content type of an emergency alert. */
export const ALERT_SEND_TYPE = 'alert';

/** A new pending send's row: due at `notBefore` when that is later than `at`, else at once. */
function newSend(o: { code: string; type: string; key: string; topic: string; notBefore: string | null; actorId: string; at: Date }) {
  const at = o.at.toISOString();
  return {
    id: randomUUID(),
    school_code: o.code,
    content_type: o.type,
    item_id: o.key,
    topic: o.topic,
    status: 'pending' as const,
    not_before: o.notBefore && o.notBefore > at ? o.notBefore : at,
    title: null,
    body: null,
    url: null,
    push_after: null,
    email_after: null,
    created_by: o.actorId,
    created_at: at,
    finished_at: null,
  };
}

/** What staff see of an item's send: when it was asked for, where it stands, its counts. */
export interface SendLog {
  status: 'pending' | 'done' | 'cancelled';
  createdAt: string;
  finishedAt: string | null;
  sent: number;
  failed: number;
  expired: number;
}

export async function sendLogOf(db: Db, code: string, type: string, id: string, fields: Record<string, unknown>): Promise<SendLog | null> {
  const key = sendKeyOf(type, id, fields);
  if (!key) return null;
  const row = await db
    .selectFrom('notification_sends')
    .select(['status', 'created_at', 'finished_at', 'sent', 'failed', 'expired'])
    .where('school_code', '=', code)
    .where('content_type', '=', type)
    .where('item_id', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  return {
    status: row.status,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    sent: Number(row.sent),
    failed: Number(row.failed),
    expired: Number(row.expired),
  };
}
