import { createHash, randomBytes } from 'node:crypto';
import { hashPassword as scryptHash, verifyPassword as scryptVerify } from 'better-auth/crypto';

// Tokens, hashes and passwords of the staff side (docs/decisions/0030). Passwords use
// better-auth's scrypt (memory-hard, pure JavaScript: nothing native to compile).

/** A new random token for a cookie or a link: 32 bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, so a copy of the table opens nothing. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function hashPassword(password: string): Promise<string> {
  return scryptHash(password);
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return scryptVerify({ hash, password });
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one password check on an account that does not exist, so an unknown
 * e-mail and a wrong password take about as long (no user enumeration by timing).
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= scryptHash(newToken());
  await scryptVerify({ hash: await dummyHash, password });
}
