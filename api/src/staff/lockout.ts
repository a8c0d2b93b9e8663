import { addressKey } from '../address-key.ts';
import type { Db } from '../db/index.ts';
import { accountFailures, addressFailures, pruneAttempts, recordAttempt, type AttemptOutcome } from '../repositories/sign-in-attempts.ts';

// STAFF.md: after 5 failures for one account within 15 minutes, or 20 from one address, sign-in
// is refused for 15 minutes. Counted in the database, so every server of a deployment agrees.
// A success clears the account's count; refused attempts are not failures (they would extend
// the lock forever for someone who keeps trying). "One address" is addressKey's: an IPv6 /64, an
// IPv4 address however written — the attempts table keeps that key, not the address as sent.

export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;

export interface Lockout {
  /** When sign-in opens again. */
  until: Date;
  retryAfterSeconds: number;
}

/**
 * `failures` newest first. A lock starts at a failure that is the `limit`-th within 15 minutes
 * (counting back from it) and lasts 15 minutes from then; the latest such lock still running wins.
 */
function lockFrom(failures: string[], limit: number, now: Date): Lockout | null {
  const times = failures.map((f) => Date.parse(f));
  for (let i = 0; i + limit - 1 < times.length; i++) {
    const last = times[i] as number;
    if (last - (times[i + limit - 1] as number) >= LOCKOUT_WINDOW_MS) continue;
    const until = new Date(last + LOCKOUT_WINDOW_MS);
    if (until <= now) return null;
    return { until, retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) };
  }
  return null;
}

/** The lock in force for this e-mail or address at `now`, or null. */
export async function currentLockout(db: Db, email: string, ip: string, now: Date): Promise<Lockout | null> {
  // Two windows back: a lock that started 15 minutes ago was reached by failures up to 30 minutes ago.
  const since = new Date(now.getTime() - 2 * LOCKOUT_WINDOW_MS).toISOString();
  const [account, address] = await Promise.all([accountFailures(db, email, since), addressFailures(db, addressKey(ip), since)]);
  const locks = [lockFrom(account, ACCOUNT_FAILURE_LIMIT, now), lockFrom(address, ADDRESS_FAILURE_LIMIT, now)].filter((l) => l !== null);
  return locks.sort((a, b) => b.until.getTime() - a.until.getTime())[0] ?? null;
}

export async function noteAttempt(db: Db, email: string, ip: string, outcome: AttemptOutcome, now: Date): Promise<void> {
  await recordAttempt(db, { email, ip: addressKey(ip), outcome, at: now.toISOString() });
  if (outcome === 'success') await pruneAttempts(db, new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString());
}

/** STAFF.md: a message that says when to try again. */
export function lockoutMessage(lock: Lockout): string {
  const minutes = Math.ceil(lock.retryAfterSeconds / 60);
  return `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
