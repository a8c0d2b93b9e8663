import { z } from './zod.ts';

// The personal-data breach register (issue 37; docs/decisions/0149): what an administrator records
// of a breach, for the notices the DPDP Rules 2025 r.7 require. ONE schema checks a save, in the
// staff page's action and in the API (POST/PUT /api/admin/{code}/breaches…). Times are the
// school's wall time as a datetime-local field gives them ("2026-12-10T09:30"). The register keeps
// no names of affected people: categories and counts only.

export const BREACH_DATA_KINDS = [
  'names',
  'contacts',
  'alumniSubmissions',
  'childrenClasses',
  'childrenPhotos',
  'birthDates',
  'examResults',
  'staffAccounts',
  'other',
] as const;
export type BreachDataKind = (typeof BREACH_DATA_KINDS)[number];

export const BREACH_DATA_LABELS: Record<BreachDataKind, string> = {
  names: 'Names',
  contacts: 'Contact details (e-mail, phone)',
  alumniSubmissions: 'Alumni form submissions',
  childrenClasses: 'Children\u2019s names and classes',
  childrenPhotos: 'Children\u2019s photos',
  birthDates: 'Dates of birth',
  examResults: 'Exam results',
  staffAccounts: 'Staff accounts',
  other: 'Other',
};

export const BREACH_PEOPLE = ['alumni', 'parents', 'children', 'staff'] as const;
export type BreachPeople = (typeof BREACH_PEOPLE)[number];

export const BREACH_PEOPLE_LABELS: Record<BreachPeople, string> = {
  alumni: 'Alumni',
  parents: 'Parents and guardians',
  children: 'Children',
  staff: 'Staff',
};

/** Hours from the school becoming aware to the report to the Board (r.7(2)(b)). */
export const BREACH_REPORT_HOURS = 72;
export const BREACH_TEXT_MAX = 4000;
export const BREACH_INVALID = 'Some fields need attention. Nothing was saved.';
export const BREACH_CONFLICT =
  'Someone else saved this breach record after you opened it. Nothing was saved: your text is still in the form. Open the record in another tab to see their changes; saving again replaces them with what is in the form.';

/** How each field is named on the page (error lists, "Still to fill in"). */
export const BREACH_FIELD_LABELS = {
  whatHappened: 'What happened',
  happenedAt: 'When it happened',
  awareAt: 'When the school became aware of it',
  place: 'Where',
  dataKinds: 'What personal data',
  dataOther: 'Other personal data',
  whose: 'Whose data',
  peopleCount: 'About how many people',
  consequences: 'Likely consequences for them',
  containment: 'What the school has done to contain it and reduce the harm',
  safetySteps: 'What the affected people can do to protect themselves',
  cause: 'Who or what caused it',
  prevention: 'What will stop it happening again',
  boardIntimationAt: 'First intimation sent to the Board',
  boardReportAt: '72-hour report sent to the Board',
  peopleToldAt: 'Affected people told',
  peopleToldCount: 'How many people were told',
} as const;
export type BreachField = keyof typeof BREACH_FIELD_LABELS;

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
function isLocalTime(value: string): boolean {
  if (!LOCAL_TIME.test(value)) return false;
  const at = new Date(`${value}:00.000Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 16) === value;
}

const text = (field: BreachField) => {
  const label = BREACH_FIELD_LABELS[field];
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(BREACH_TEXT_MAX, { error: `${label} must be at most ${BREACH_TEXT_MAX} characters.` })
    .nullish()
    .transform((v) => v || null);
};

const time = (field: BreachField) => {
  const label = BREACH_FIELD_LABELS[field];
  return z
    .string({ error: `${label} must be a date and time.` })
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isLocalTime(v), { error: `${label}: give a date and time, like 2026-12-10T09:30.` });
};

const count = (field: BreachField) => {
  const label = BREACH_FIELD_LABELS[field];
  return z
    .union([z.number(), z.string()], { error: `${label} must be a whole number.` })
    .nullish()
    .transform((v) => (typeof v === 'string' ? v.trim().replace(/[\s,]/g, '') : v))
    .transform((v) => (v === '' || v === undefined || v === null ? null : Number(v)))
    .refine((v) => v === null || (Number.isInteger(v) && v >= 0 && v <= 100_000_000), {
      error: `${label} must be a whole number (leave it empty if it is not known).`,
    });
};

/** A list of checkboxes: a plain form post may send one value as a string. */
const choices = <T extends readonly [string, ...string[]]>(values: T, field: BreachField) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.enum(values, { error: `${BREACH_FIELD_LABELS[field]}: choose from the list.` })).transform((a) => [...new Set(a)]),
  );

/** A breach record as the form sends it (create, and update with its `version`). */
export const breachBody = z
  .object({
    whatHappened: z
      .string({ error: 'Say what happened.' })
      .trim()
      .min(1, { error: 'Say what happened.' })
      .max(BREACH_TEXT_MAX, { error: `What happened must be at most ${BREACH_TEXT_MAX} characters.` }),
    happenedAt: time('happenedAt'),
    awareAt: z
      .string({ error: 'Give the date and time the school became aware of it.' })
      .trim()
      .refine((v) => isLocalTime(v), { error: 'Give the date and time the school became aware of it.' }),
    place: text('place'),
    dataKinds: choices(BREACH_DATA_KINDS, 'dataKinds'),
    dataOther: text('dataOther'),
    whose: choices(BREACH_PEOPLE, 'whose'),
    peopleCount: count('peopleCount'),
    consequences: text('consequences'),
    containment: text('containment'),
    safetySteps: text('safetySteps'),
    cause: text('cause'),
    prevention: text('prevention'),
    boardIntimationAt: time('boardIntimationAt'),
    boardReportAt: time('boardReportAt'),
    peopleToldAt: time('peopleToldAt'),
    peopleToldCount: count('peopleToldCount'),
  })
  .superRefine((b, ctx) => {
    if (b.happenedAt && isLocalTime(b.awareAt) && b.happenedAt > b.awareAt)
      ctx.addIssue({ code: 'custom', path: ['happenedAt'], message: 'When it happened cannot be after the school became aware of it.' });
    if (b.dataKinds.includes('other') && !b.dataOther)
      ctx.addIssue({ code: 'custom', path: ['dataOther'], message: 'Say what the other personal data is.' });
    for (const field of ['boardIntimationAt', 'boardReportAt', 'peopleToldAt'] as const) {
      const at = b[field];
      if (at && isLocalTime(b.awareAt) && at < b.awareAt)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `${BREACH_FIELD_LABELS[field]} cannot be before the school became aware of the breach.`,
        });
    }
    if (b.peopleToldCount !== null && !b.peopleToldAt)
      ctx.addIssue({ code: 'custom', path: ['peopleToldAt'], message: 'Give the date and time the affected people were told.' });
  });
export type BreachBody = z.infer<typeof breachBody>;

export const breachUpdateBody = z.object({
  version: z.coerce.number({ error: 'Reload the page and try again.' }).int().min(1),
});

/** The clock of the 72-hour report (the words the list, the record and the dashboard show). */
export interface BreachClock {
  /** UTC ISO: awareness + 72 hours. */
  dueAt: string;
  state: 'left' | 'overdue' | 'sent';
  /** Whole hours left or overdue (0: under an hour). */
  hours: number;
  /** "Report to the Data Protection Board due by 12 Dec 2026, 9:30 am (India Standard Time) — 41 hours left". */
  text: string;
}

const hoursWords = (n: number) => (n < 1 ? 'less than an hour' : n === 1 ? '1 hour' : `${n} hours`);

/** When the report is due, and how long is left or how late it is, at `now`, in `timeZone`. */
export function breachClock(awareAtUtc: string, reportSentAtUtc: string | null, now: Date, timeZone: string): BreachClock {
  const due = new Date(Date.parse(awareAtUtc) + BREACH_REPORT_HOURS * 3_600_000);
  const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(due);
  const zone =
    new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'long' }).formatToParts(due).find((p) => p.type === 'timeZoneName')?.value ??
    timeZone;
  const dueWords = `Report to the Data Protection Board due by ${when} (${zone})`;
  if (reportSentAtUtc) return { dueAt: due.toISOString(), state: 'sent', hours: 0, text: `${dueWords} — sent.` };
  const ms = due.getTime() - now.getTime();
  const hours = Math.floor(Math.abs(ms) / 3_600_000);
  return ms > 0
    ? { dueAt: due.toISOString(), state: 'left', hours, text: `${dueWords} — ${hoursWords(hours)} left` }
    : { dueAt: due.toISOString(), state: 'overdue', hours, text: `${dueWords} — overdue by ${hoursWords(hours)}` };
}

/** The facts a draft reads (times UTC ISO). */
export interface BreachFacts {
  whatHappened: string;
  happenedAt: string | null;
  awareAt: string;
  place: string | null;
  dataKinds: BreachDataKind[];
  dataOther: string | null;
  whose: BreachPeople[];
  peopleCount: number | null;
  consequences: string | null;
  containment: string | null;
  safetySteps: string | null;
  cause: string | null;
  prevention: string | null;
  boardIntimationAt: string | null;
  boardReportAt: string | null;
  peopleToldAt: string | null;
  peopleToldCount: number | null;
}

export interface BreachDraft {
  key: 'people' | 'intimation' | 'report';
  title: string;
  /** The rule it answers, as the page names it. */
  rule: string;
  text: string;
  /** The fields it still needs, in words ("Likely consequences for them"). */
  missing: string[];
}
