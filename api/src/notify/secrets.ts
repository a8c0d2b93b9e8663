import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { createVapidKeys } from './push.ts';

// The deployment's notification secrets (docs/notifications.md), kept in the shared database
// (server_secrets, as the preview links' key) so that every server signs pushes with the same VAPID
// key (browsers subscribed with its public half) and makes the same manage links. Made by whichever
// server needs one first: an insert that loses the race reads the winner's.

async function secret(db: Db, name: string, make: () => string, now: Date): Promise<string> {
  const found = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (found) return found.value;
  await db
    .insertInto('server_secrets')
    .values({ name, value: make(), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export async function vapidKeys(db: Db, now = new Date()): Promise<VapidKeys> {
  return JSON.parse(await secret(db, 'vapid-keys', () => JSON.stringify(createVapidKeys()), now)) as VapidKeys;
}

/**
 * A confirmed subscription's manage link secret: the HMAC of its id under the deployment's key, so
 * every e-mail can carry it while the database keeps only its hash (as for the confirmation link).
 */
export async function manageToken(db: Db, subscriptionId: string, now = new Date()): Promise<string> {
  let key = linkKeys.get(db);
  if (!key) {
    key = secret(db, 'subscriber-link-key', () => randomBytes(32).toString('base64url'), now).then((k) => Buffer.from(k, 'base64url'));
    linkKeys.set(db, key);
    key.catch(() => linkKeys.delete(db));
  }
  return createHmac('sha256', await key)
    .update(`manage:${subscriptionId}`)
    .digest('base64url');
}

/** The link key per database, read once (it never changes once made). */
const linkKeys = new WeakMap<Db, Promise<Buffer>>();
