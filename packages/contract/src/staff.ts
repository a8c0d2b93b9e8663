import { z } from './zod.ts';

// The staff side's shared shapes (STAFF.md): one schema checks a form in the site's route action
// and again in the API, so both say the same thing in the same words.

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, STAFF_ROLES } from './staff-words.ts';

export * from './staff-words.ts';

const email = z
  .string({ error: 'Enter an email address.' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Enter an email address.' })
  .max(254, { error: 'That email address is too long.' })
  .pipe(z.email({ error: 'Enter a valid email address, like name@example.org.' }));

/** Length only; the API also refuses the 1,000 most common passwords (a list the browser never needs). */
export const newPassword = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters.` });

const personName = z.string().trim().max(120, { error: 'Use at most 120 characters.' });
const token = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'This link is not valid.' });
const otpCode = z
  .string()
  .trim()
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, { error: 'Enter the 6-digit code from your app, or a backup code.' });

export const signInBody = z.object({
  email,
  password: z.string({ error: 'Enter your password.' }).min(1, { error: 'Enter your password.' }).max(PASSWORD_MAX_LENGTH),
  /** The school whose site the sign-in page belongs to (for the audit log). */
  school: z.string().max(32).optional(),
});
export const twoFactorBody = z.object({ challenge: token, code: otpCode, school: z.string().max(32).optional() });
export const setupBody = z.object({ token, name: personName.min(1, { error: 'Enter your name.' }), email, password: newPassword });
export const setPasswordBody = z.object({ token, password: newPassword, name: personName.optional() });
/** Accepting an invitation while signed in to the account it was sent to (its link's token). */
export const acceptInvitationBody = z.object({ token });
export const resetRequestBody = z.object({ email, school: z.string().max(32).optional() });
export const inviteBody = z.object({
  email,
  role: z.enum(STAFF_ROLES, { error: 'Choose a role.' }),
  name: personName.optional(),
});
export const roleBody = z.object({ role: z.enum(STAFF_ROLES, { error: 'Choose a role.' }) });
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, { error: 'Enter your current password.' }).max(PASSWORD_MAX_LENGTH),
  newPassword,
});
export const enableTwoFactorBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your app.' }),
});
export const disableTwoFactorBody = z.object({ password: z.string().min(1, { error: 'Enter your password.' }).max(PASSWORD_MAX_LENGTH) });
export const securitySettingsBody = z.object({ requireAdminTwoFactor: z.boolean() });

/** Field errors of a failed parse, first message per field, for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}
