import { randomBytes } from 'node:crypto';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { timingSafeEqual } from 'node:crypto';
import { tokenHash } from './secrets.ts';

// Optional TOTP two-factor sign-in (RFC 6238: 6 digits, 30 s steps, one step of drift either
// way, each code accepted once per account) with single-use backup codes, on better-auth's OTP
// utilities. The clock is a parameter so tests can pin it.

const PERIOD_S = 30;
const DRIFT_STEPS = 1;
export const BACKUP_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return base32.encode(randomBytes(20), { padding: false });
}

function otp(secret: string) {
  return createOTP(base32.decode(secret), { digits: 6, period: PERIOD_S });
}

export function totpUrl(secret: string, issuer: string, account: string): string {
  return otp(secret).url(issuer, account);
}

/** The code an authenticator shows at `now` (tests use it to sign in). */
export function totpCode(secret: string, now: Date): Promise<string> {
  return otp(secret).hotp(totpStepOf(now));
}

/** The time step of `now` (RFC 6238's T). */
export const totpStepOf = (now: Date): number => Math.floor(now.getTime() / 1000 / PERIOD_S);

/**
 * The time step whose code `code` is, within one step of drift of `now`, or null when it is none
 * of them. The caller must then claim the step (repositories/staff-totp.ts claimTotpStep) before
 * accepting it, so that a code, and any code of an earlier step, is accepted once (RFC 6238 §5.2).
 * The latest matching step is answered, so a code is never taken for an earlier step than it is.
 */
export async function totpStep(secret: string, code: string, now: Date): Promise<number | null> {
  const step = totpStepOf(now);
  const generator = otp(secret);
  for (let d = DRIFT_STEPS; d >= -DRIFT_STEPS; d--) {
    if ((await generator.hotp(step + d)) === code) return step + d;
  }
  return null;
}

/** Ten new backup codes (`xxxxx-xxxxx`) and their hashes for storage. */
export function newBackupCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  // 50 random bits each: a plain SHA-256 is enough (no dictionary to try), and cheap to check.
  return { codes, hashes: codes.map((c) => tokenHash(c)) };
}

/** The index of the stored hash a backup code matches, or -1. */
export function matchBackupCode(hashes: string[], code: string): number {
  const wanted = Buffer.from(
    tokenHash(
      code
        .trim()
        .toLowerCase()
        .replace(/^(.{5})-?(.{5})$/, '$1-$2'),
    ),
  );
  return hashes.findIndex((h) => h.length === wanted.length && timingSafeEqual(Buffer.from(h), wanted));
}
