import { z } from 'zod';
import { STAFF_ROLES } from '@sthsm/contract/staff';
import { errorBody } from '../schemas.ts';

// Response schemas of /api/admin (documented in docs/api.md and the OpenAPI document).

export const role = z.enum(STAFF_ROLES);
export const codeParams = z.object({ code: z.string().min(1).max(64).describe('School code, e.g. STHSM') });
export const memberParams = codeParams.extend({ userId: z.string().regex(/^[0-9a-f]{24}$/, { error: 'Unknown staff member.' }) });
export const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'This link is not valid.' }) });

export const userSummary = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  isOperator: z.boolean(),
  twoFactorEnabled: z.boolean(),
});
export const membership = z.object({
  code: z.string(),
  name: z.string(),
  role,
  twoFactorRequired: z
    .boolean()
    .describe('True when the school requires two-factor sign-in of this person (its administrators) and it is not on yet'),
});
export const me = z.object({
  user: userSummary,
  memberships: z.array(membership),
  csrfToken: z.string().describe('Send as x-csrf-token with every state-changing request'),
  session: z.object({ createdAt: z.string(), expiresAt: z.string().describe('Idle or absolute expiry, whichever is sooner') }),
});
export const signedIn = z.object({ signedIn: z.literal(true), user: userSummary });
export const twoFactorNeeded = z.object({
  signedIn: z.literal(false),
  twoFactorRequired: z.literal(true),
  challenge: z.string().describe('Send with the code to POST /api/admin/session/two-factor within 5 minutes'),
});
export const member = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role,
  status: z.enum(['active', 'invited']),
  twoFactorEnabled: z.boolean(),
  lastSeenAt: z
    .string()
    .nullable()
    .describe('Their last request to this school\u2019s staff area (never their activity in another school)'),
  invitationExpiresAt: z.string().nullable().describe('For an open invitation: when its link stops working'),
});
export const linkAnswer = z.object({
  link: z
    .string()
    .nullable()
    .describe('Absolute single-use URL to pass on; null when it was only e-mailed (always so for invitations when e-mail is set up)'),
  emailed: z.boolean(),
  expiresAt: z.string().nullable(),
  withheld: z.boolean().optional().describe('True when the person also works for another school: the link was only e-mailed'),
});
export const ok = z.object({ ok: z.literal(true) });

const statuses = [400, 401, 403, 404, 409, 429] as const;
/** The error answers every admin route may give. */
export const errors = Object.fromEntries(statuses.map((s) => [s, errorBody])) as Record<(typeof statuses)[number], typeof errorBody>;
