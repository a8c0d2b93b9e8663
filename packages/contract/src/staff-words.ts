// The staff side's fixed words and limits (STAFF.md), without zod: safe for browser bundles.

export const STAFF_ROLES = ['admin', 'editor', 'contributor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = { admin: 'Administrator', editor: 'Editor', contributor: 'Contributor' };

/** STAFF.md: the one answer for an unknown e-mail and a wrong password alike. */
export const SIGN_IN_FAILED = 'Email or password is incorrect.';
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
