import { z } from './zod.ts';
import { EMAIL_PATTERN } from './alumni.ts';

// A person's request about their personal data (issue 37: DPDP Act 2023 ss.11–13, DPDP Rules 2025
// r.14): access, correction or erasure, about themselves or their child. The one schema the public
// form at /privacy/request and the API both check a request with, and the words both show.

export const RIGHTS_KINDS = [
  { value: 'access', label: 'A copy of my data (access)' },
  { value: 'correct', label: 'Correct my data' },
  { value: 'erase', label: 'Erase my data' },
] as const;
export type RightsKind = (typeof RIGHTS_KINDS)[number]['value'];
const KIND_VALUES = RIGHTS_KINDS.map((k) => k.value) as [RightsKind, ...RightsKind[]];

export const RIGHTS_ABOUT = [
  { value: 'me', label: 'Me' },
  { value: 'child', label: 'My child' },
] as const;
export type RightsAbout = (typeof RIGHTS_ABOUT)[number]['value'];
const ABOUT_VALUES = RIGHTS_ABOUT.map((a) => a.value) as [RightsAbout, ...RightsAbout[]];

/** The words of a kind of request, for lists and e-mails ("access", "correction", "erasure"). */
export const rightsKindWords = (kind: string): string =>
  kind === 'access' ? 'access to data' : kind === 'correct' ? 'correction of data' : kind === 'erase' ? 'erasure of data' : kind;

/**
 * Days the school takes to answer a confirmed request. DPDP Rules 2025 r.14(3) lets the school
 * publish a period of at most 90 days; the school publishes 30 (docs/decisions/0150).
 */
export const RIGHTS_RESPONSE_DAYS = 30;

/** Where a confirmed request stands: open until the school marks it done or refuses it (with a reason). */
export const RIGHTS_STATUSES = ['open', 'done', 'refused'] as const;
export type RightsStatus = (typeof RIGHTS_STATUSES)[number];

export const RIGHTS_ERRORS = {
  kind: 'Choose what you ask for.',
  about: 'Choose whom the request is about.',
  childName: 'Enter your child’s name.',
  childClass: 'Enter your child’s class.',
  name: 'Enter your name.',
  email: 'Enter a valid email address, like name@example.org.',
  phone: 'Enter a mobile number with 7 to 15 digits, or leave it empty.',
  correction: 'Say what should be corrected.',
} as const;

const text = (error: string, max: number) =>
  z
    .string({ error })
    .trim()
    .max(max, { error: `${error.replace(/\.$/, '')} (at most ${max} characters).` });

/** The form at /privacy/request (and the API's body). */
export const rightsRequestSchema = z
  .object({
    kind: z.enum(KIND_VALUES, { error: RIGHTS_ERRORS.kind }),
    about: z.enum(ABOUT_VALUES, { error: RIGHTS_ERRORS.about }),
    childName: text(RIGHTS_ERRORS.childName, 100).default(''),
    childClass: text(RIGHTS_ERRORS.childClass, 40).default(''),
    name: text(RIGHTS_ERRORS.name, 100).min(1, { error: RIGHTS_ERRORS.name }),
    email: z
      .string({ error: RIGHTS_ERRORS.email })
      .trim()
      .max(254, { error: RIGHTS_ERRORS.email })
      .refine((v) => EMAIL_PATTERN.test(v), { error: RIGHTS_ERRORS.email }),
    phone: z
      .string({ error: RIGHTS_ERRORS.phone })
      .trim()
      .max(30, { error: RIGHTS_ERRORS.phone })
      .refine((v) => v === '' || (/^[+0-9 ().-]+$/.test(v) && v.replace(/\D/g, '').length >= 7 && v.replace(/\D/g, '').length <= 15), {
        error: RIGHTS_ERRORS.phone,
      })
      .default(''),
    correction: text(RIGHTS_ERRORS.correction, 2000).default(''),
  })
  .superRefine((r, ctx) => {
    if (r.about === 'child' && !r.childName) ctx.addIssue({ code: 'custom', path: ['childName'], message: RIGHTS_ERRORS.childName });
    if (r.about === 'child' && !r.childClass) ctx.addIssue({ code: 'custom', path: ['childClass'], message: RIGHTS_ERRORS.childClass });
    if (r.kind === 'correct' && !r.correction) ctx.addIssue({ code: 'custom', path: ['correction'], message: RIGHTS_ERRORS.correction });
  });
export type RightsRequestInput = z.infer<typeof rightsRequestSchema>;

/** A confirm link's secret: 43 base64url characters (32 random bytes). */
export const rightsTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** What a person sees once their request is confirmed. */
export const confirmedRightsRequestSchema = z.object({
  kind: z.enum(KIND_VALUES),
  about: z.enum(ABOUT_VALUES),
  dueAt: z.string(),
});
export type ConfirmedRightsRequest = z.infer<typeof confirmedRightsRequestSchema>;

/** A request as the staff queue lists it. */
export interface RightsRequestSummary {
  id: string;
  kind: RightsKind;
  about: RightsAbout;
  name: string;
  receivedAt: string;
  dueAt: string;
  status: RightsStatus;
  overdue: boolean;
}

/** A request's page: what the person asked. */
export interface RightsRequestDetail extends RightsRequestSummary {
  email: string;
  phone: string;
  childName: string;
  childClass: string;
  correction: string;
  closedAt: string | null;
  reason: string | null;
}
