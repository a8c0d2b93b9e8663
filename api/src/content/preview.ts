import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/index.ts';

// Signed preview links (docs/api.md "Preview"): the token names a school, a content type and an
// item and when it expires, signed with HMAC-SHA-256 under a key the server makes once and keeps in
// the database (server_secrets), so every process checks every other's links and a restart keeps
// them valid. Like the staff tokens (api/src/staff/secrets.ts), it is random and never logged.

const KEY_NAME = 'preview-link-key';
const keys = new WeakMap<Db, Promise<Buffer>>();

async function loadKey(db: Db): Promise<Buffer> {
  await db
    .insertInto('server_secrets')
    .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

function keyOf(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

export interface PreviewClaim {
  school: string;
  type: string;
  id: string;
  /** Expiry, ms since the epoch. */
  exp: number;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export async function signPreview(db: Db, claim: PreviewClaim): Promise<string> {
  const payload = Buffer.from(JSON.stringify([claim.school, claim.type, claim.id, claim.exp])).toString('base64url');
  return `${payload}.${sign(await keyOf(db), payload)}`;
}

export type PreviewCheck = { ok: true; claim: PreviewClaim } | { ok: false; reason: 'invalid' | 'expired' };

export async function checkPreview(db: Db, token: string, now: Date): Promise<PreviewCheck> {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(await keyOf(db), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return { ok: false, reason: 'invalid' };
  const [school, type, id, exp] = parsed as unknown[];
  if (typeof school !== 'string' || typeof type !== 'string' || typeof id !== 'string' || typeof exp !== 'number') {
    return { ok: false, reason: 'invalid' };
  }
  if (exp <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claim: { school, type, id, exp } };
}
