import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@sthsm/contract/staff';

// STAFF.md: at least 10 characters, and none of the 1,000 most common passwords. The list is the
// head of zxcvbn's frequency-ranked password dictionary; compared without case.
const COMMON_COUNT = 1000;
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_COUNT).map((p) => p.toLowerCase()));
  return common;
}

export const COMMON_PASSWORD = 'This password is one of the most common ones. Choose another.';

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (commonPasswords().has(password.toLowerCase())) return COMMON_PASSWORD;
  if (email && password.toLowerCase() === email.toLowerCase()) return 'Your password cannot be your email address.';
  return null;
}
