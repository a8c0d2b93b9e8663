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
}

export interface Child {
  id: string;
  name: string;
  class: string;
  admissionNumber: string | null;
  createdAt: string;
  updatedAt: string;
  consents: Consent[];
}

/** The first word of a name: what the public birthday section shows by default (issue 16). */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';
