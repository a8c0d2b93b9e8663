import { requiredText } from './school-fields.ts';
import { z } from './zod.ts';

// The consent register (issue 16; STAFF.md: /admin/children): a child the site may show, and their
// guardian's consent for each purpose. ONE schema checks a save, in the page's form action and in
// the API (POST/PUT /api/admin/{code}/children…). Its field names are the form's: flat, so a plain
// form post is the API body and every error lands under its own field.

export const CONSENT_PURPOSES = ['birthday', 'results', 'photos'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** How the staff pages name each purpose. */
export const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  birthday: 'Birthday on the site',
  results: 'Results on the site',
  photos: 'Photos on the site',
};

/** The form's field names of one purpose's consent. */
export const consentFieldNames = (purpose: ConsentPurpose) => ({ givenOn: `${purpose}GivenOn`, endsOn: `${purpose}EndsOn` }) as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function isDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00.000Z`);
  return DAY.test(value) && !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}
const optionalDay = (label: string) =>
  z
    .string({ error: `${label} must be a date.` })
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isDay(v), { message: `${label} must be a date like 2025-08-14.` });

const consentShape = Object.fromEntries(
  CONSENT_PURPOSES.flatMap((p) => [
    [consentFieldNames(p).givenOn, optionalDay('Date given')],
    [consentFieldNames(p).endsOn, optionalDay('End date')],
  ]),
) as Record<`${ConsentPurpose}${'GivenOn' | 'EndsOn'}`, ReturnType<typeof optionalDay>>;

/** A child and the consent recorded with them (a purpose left empty: no consent for it). */
export const childBody = z
  .object({
    name: requiredText('Name', 120),
    class: requiredText('Class', 40),
    admissionNumber: z
      .string({ error: 'Admission number must be text.' })
      .trim()
      .max(40, { error: 'Admission number must be at most 40 characters.' })
      .optional()
      .transform((v) => v || null),
    ...consentShape,
  })
  .superRefine((body, ctx) => {
    for (const purpose of CONSENT_PURPOSES) {
      const names = consentFieldNames(purpose);
      const givenOn = body[names.givenOn];
      const endsOn = body[names.endsOn];
      if (givenOn && !endsOn) ctx.addIssue({ code: 'custom', path: [names.endsOn], message: 'Enter the date this consent ends.' });
      if (endsOn && !givenOn) ctx.addIssue({ code: 'custom', path: [names.givenOn], message: 'Enter the date consent was given.' });
      if (givenOn && endsOn && endsOn < givenOn)
        ctx.addIssue({ code: 'custom', path: [names.endsOn], message: 'End date must be on or after the date given.' });
    }
  });
export type ChildBody = z.output<typeof childBody>;

/** The consent of one purpose in a parsed body, or null when the form left it empty. */
export function consentOf(body: ChildBody, purpose: ConsentPurpose): { givenOn: string; endsOn: string } | null {
  const names = consentFieldNames(purpose);
  const givenOn = body[names.givenOn];
  const endsOn = body[names.endsOn];
  return givenOn && endsOn ? { givenOn, endsOn } : null;
}

/** Withdraw one purpose, or every purpose at once. */
export const withdrawBody = z.object({
  purpose: z.enum([...CONSENT_PURPOSES, 'all'], { error: 'Choose what to withdraw consent for.' }).default('all'),
});

/** What the public birthday section shows: first name and class (the default), or the full name. */
export const BIRTHDAY_NAME_CHOICES = ['first', 'full'] as const;
export const birthdayNamesBody = z.object({
  birthdayNames: z.enum(BIRTHDAY_NAME_CHOICES, { error: 'Choose first name only or full name.' }),
});

/** One consent as the API answers it; `current` is whether it is in effect now. */
export interface Consent {
  purpose: ConsentPurpose;
  givenOn: string;
  endsOn: string;
  recordedBy: string | null;
  recordedAt: string;
  withdrawnAt: string | null;
  current: boolean;
  /** How it was verified (issue 37): recorded by the school in person, or confirmed by the guardian through the e-mailed link. */
  verifiedBy: ConsentVerifier;
  /** The address the guardian's link went to, and when they confirmed (verifiedBy 'guardian'). */
  guardianEmail: string | null;
  confirmedAt: string | null;
  /** Who withdrew it: the school (the staff member's address) or the guardian; null when not withdrawn. */
  withdrawnBy: ConsentVerifier | null;
  withdrawnByEmail: string | null;
}

export interface Child {
  id: string;
  name: string;
  class: string;
  admissionNumber: string | null;
  createdAt: string;
  updatedAt: string;
  consents: Consent[];
  /** The latest request e-mailed to a guardian (a child's own page only; absent in lists). */
  request?: ConsentRequest | null;
}

// --- Asking the guardian to confirm by e-mail (issue 37; docs/decisions/0151) -----------------

export const CONSENT_VERIFIERS = ['school', 'guardian'] as const;
export type ConsentVerifier = (typeof CONSENT_VERIFIERS)[number];

/** How long the e-mailed link may be used to confirm (the same link withdraws afterwards, until the consent ends). */
export const CONSENT_REQUEST_DAYS = 14;

/** Each purpose in plain words for the guardian: what the school will do with it. */
export const CONSENT_PURPOSE_WORDS: Record<ConsentPurpose, string> = {
  birthday: 'Show your child’s first name and class in the birthday section of the school website on their birthday',
  results: 'Show your child’s name, class and result on the school website when they are among the toppers',
  photos: 'Show photos in which your child can be seen on the school website',
};

/** The staff form's field names of the purposes to ask about (checkboxes: flat, so a form post is the API body). */
export const askFieldName = (purpose: ConsentPurpose) =>
  `ask${purpose[0]!.toUpperCase()}${purpose.slice(1)}` as `ask${Capitalize<ConsentPurpose>}`;

const guardianEmail = z
  .string({ error: 'Enter the guardian’s email address.' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Enter the guardian’s email address.' })
  .max(254, { error: 'That email address is too long.' })
  .pipe(z.email({ error: 'Enter a valid email address, like name@example.org.' }));

/** Asking a guardian to confirm consent by e-mail: who, which purposes, until when. */
export const consentRequestBody = z
  .object({
    guardianName: requiredText('Guardian’s name', 120),
    guardianEmail,
    endsOn: z
      .string({ error: 'Enter the date the consent would end.' })
      .trim()
      .min(1, { error: 'Enter the date the consent would end.' })
      .refine(isDay, { message: 'End date must be a date like 2026-03-31.' }),
    ...(Object.fromEntries(CONSENT_PURPOSES.map((p) => [askFieldName(p), z.unknown().optional()])) as Record<
      ReturnType<typeof askFieldName>,
      z.ZodOptional<z.ZodUnknown>
    >),
  })
  .transform((body, ctx) => {
    const purposes = CONSENT_PURPOSES.filter((p) => {
      const v = body[askFieldName(p)];
      return v === true || v === 'on' || v === 'yes' || v === 'true';
    });
    if (purposes.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['purposes'], message: 'Choose at least one purpose to ask about.' });
      return z.NEVER;
    }
    return { guardianName: body.guardianName, guardianEmail: body.guardianEmail, endsOn: body.endsOn, purposes };
  });
export type ConsentRequestBody = z.output<typeof consentRequestBody>;

/** The latest e-mailed request of a child, as the register shows it. */
export interface ConsentRequest {
  id: string;
  guardianName: string;
  guardianEmail: string;
  purposes: ConsentPurpose[];
  endsOn: string;
  /** pending: not answered yet; expired: not answered and `confirmBy` passed; confirmed; superseded by a later request. */
  status: 'pending' | 'expired' | 'confirmed' | 'superseded';
  sentAt: string;
  sentBy: string | null;
  confirmBy: string;
  confirmedAt: string | null;
}

/** The guardian's answer for each purpose asked: `yes` or `no` (a form's radio buttons, one field per purpose). */
export const GUARDIAN_CHOICES = ['yes', 'no'] as const;
export const guardianAnswerBody = (purposes: readonly ConsentPurpose[]) =>
  z.object(
    Object.fromEntries(
      purposes.map((p) => [p, z.enum(GUARDIAN_CHOICES, { error: `Choose yes or no: ${CONSENT_PURPOSE_LABELS[p].toLowerCase()}.` })]),
    ) as Record<ConsentPurpose, z.ZodEnum<{ yes: 'yes'; no: 'no' }>>,
  );

/** Withdrawing one purpose through the guardian's link. */
export const guardianWithdrawBody = z.object({
  purpose: z.enum(CONSENT_PURPOSES, { error: 'Choose what to withdraw consent for.' }),
});

/** What the guardian's page shows (GET /api/consent/{code}/{token}): never the child's full name or the staff's. */
export const guardianConsentViewSchema = z.object({
  school: z.string(),
  childFirstName: z.string(),
  childClass: z.string(),
  guardianName: z.string(),
  status: z.enum(['pending', 'confirmed']),
  endsOn: z.string(),
  confirmBy: z.string(),
  purposes: z.array(
    z.object({
      purpose: z.enum(CONSENT_PURPOSES),
      label: z.string(),
      words: z.string(),
      /** given: in effect now; withdrawn; ended; not-given: never given (or not yet confirmed). */
      state: z.enum(['given', 'withdrawn', 'ended', 'not-given']),
      endsOn: z.string().nullable(),
    }),
  ),
});
export type GuardianConsentView = z.infer<typeof guardianConsentViewSchema>;

/** The first word of a name: what the public birthday section shows by default (issue 16). */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';
