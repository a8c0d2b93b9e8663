import { z } from './zod.ts';

// The alumni registration form (SPEC §3 fields, SPEC §5 messages). One schema, used by the
// API to validate POST /api/form and by the site in the browser and in its route action.

export const CLASS_OPTIONS = [
  { value: 'nur', label: 'Nursery' },
  { value: 'lkg', label: 'LKG' },
  { value: 'ukg', label: 'UKG' },
  ...['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'].map((label, i) => ({
    value: String(i + 1),
    label,
  })),
] as const satisfies ReadonlyArray<{ value: string; label: string }>;

export const PROFESSIONS = [
  'Accounting',
  'Agriculture',
  'Architecture',
  'Aviation',
  'Banking',
  'Business Services',
  'Consulting',
  'Education',
  'Trading',
  'Manufacturing',
  'Import/Export',
  'Retail',
  'Defense',
  'Engineering',
  'Entertainment',
  'Fashion',
  'Finance',
  'Home Maker',
  'Hospitality',
  'IT',
  'Law',
  'Media',
  'Medicine',
  'Politics',
  'Retired',
  'Scientist',
  'Service Govt. Pvt.',
  'Social Work',
  'Student',
  'Travel and Tourism',
  'Other',
] as const;

/** Profession options with codes 1–31 in SPEC order. */
export const PROFESSION_OPTIONS = PROFESSIONS.map((label, i) => ({ value: String(i + 1), label }));

const CLASS_WORDS = new Map<string, string>(CLASS_OPTIONS.map((o) => [o.value, o.label]));
const PROFESSION_WORDS = new Map<string, string>(PROFESSION_OPTIONS.map((o) => [o.value, o.label]));
/** The stored form fields that hold a list's code: class fields a class code ("nur"), profession a number ("14"). */
const CODED: Partial<Record<string, ReadonlyMap<string, string>>> = {
  class: CLASS_WORDS,
  school2: CLASS_WORDS,
  subject: CLASS_WORDS,
  profession1: PROFESSION_WORDS,
};

/** A stored alumni form field as the form showed it to the person ("Nursery", "Teaching"): staff pages and the CSV. */
export function alumniFieldInWords(key: string, value: string): string {
  return CODED[key]?.get(value) ?? value;
}

export const FIRST_BATCH_YEAR = 1970;

/** Batches from the current year back to 1970, labelled 'year-1 to year' (SPEC §5). */
export function batchOptions(currentYear = new Date().getFullYear()): string[] {
  const options: string[] = [];
  for (let year = currentYear; year >= FIRST_BATCH_YEAR; year--) options.push(`${year - 1} to ${year}`);
  return options;
}

const BATCH_PATTERN = /^(\d{4}) to (\d{4})$/;
/** Any number as a person writes it: digits with spaces, brackets, dashes or dots, and an optional leading +. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;
export const PHONE_MIN_DIGITS = 7;
/** E.164's longest number. */
export const PHONE_MAX_DIGITS = 15;
export const PHONE_MESSAGE = 'Enter a phone number of 7 to 15 digits, like +91 98765 43210 or (0121) 2345678.';

/** A mobile or landline number, national or international (decision 0004): 7–15 digits, written any usual way. */
export function isPhoneNumber(value: string): boolean {
  if (!PHONE_CHARACTERS.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

const TEXT_MAX = 200;
const LONG_TEXT_MAX = 500;

function text(label: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? undefined : `${label} must be text.`) })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` });
}

/** A required text field whose missing or blank value gets SPEC §5's exact message. */
function required(label: string, message: string, max = TEXT_MAX) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : `${label} must be text.`) })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `${label} must be at most ${max} characters.` });
}

function optional(label: string, max = TEXT_MAX) {
  return text(label, max).optional().default('');
}

const classValues = CLASS_OPTIONS.map((o) => o.value) as string[];
const professionValues = PROFESSION_OPTIONS.map((o) => o.value);

function oneOf(base: z.ZodString, values: string[], message: string) {
  return base.refine((v) => values.includes(v), { error: message });
}

function batch() {
  return required('Batch', 'Batch is required.').refine((v) => isBatch(v), { error: 'Choose a batch from the list.' });
}

export function isBatch(value: string): boolean {
  const m = BATCH_PATTERN.exec(value);
  if (!m) return false;
  const from = Number(m[1]);
  const to = Number(m[2]);
  return to === from + 1 && to >= FIRST_BATCH_YEAR && to <= new Date().getFullYear() + 1;
}

export const alumniFormSchema = z
  .object({
    // Time at school
    fromYear: batch(),
    class: oneOf(required('Class', 'Class is required.'), classValues, 'Choose a class from the list.'),
    toYear: batch(),
    school2: oneOf(required('Last class', 'Last Class is required.'), classValues, 'Choose a class from the list.'),
    // Ward at school
    fatherName: required("Ward's name", 'Name is required.'),
    subject: oneOf(required('Class', 'Class is required.'), classValues, 'Choose a class from the list.'),
    // Contact
    name: required('Name', 'Name is required.'),
    email: required('Email', 'Email is required.').refine((v) => EMAIL_PATTERN.test(v), {
      error: 'Enter a valid email address, like name@example.org.',
    }),
    phone: required('Mobile', 'Mobile is required.', 30).refine(isPhoneNumber, { error: PHONE_MESSAGE }),
    location: required('Location', 'Location is required.'),
    address: required('Address', 'Address is required.', LONG_TEXT_MAX),
    // Higher education
    school: optional('College'),
    profession3: optional('Degree'),
    // Work
    school1: optional('Organisation name'),
    designation: optional('Designation'),
    address1: optional('Office address', LONG_TEXT_MAX),
    profession1: oneOf(required('Profession', 'Profession is required.'), professionValues, 'Choose a profession from the list.'),
  })
  .superRefine((form, ctx) => {
    const from = BATCH_PATTERN.exec(form.fromYear);
    const to = BATCH_PATTERN.exec(form.toYear);
    if (from && to && Number(to[2]) < Number(from[2])) {
      ctx.addIssue({ code: 'custom', path: ['toYear'], message: 'The batch you left in cannot be before the batch you joined.' });
    }
  });

export type AlumniForm = z.infer<typeof alumniFormSchema>;
export type AlumniField = keyof AlumniForm;
export const ALUMNI_FIELDS = Object.keys(alumniFormSchema.shape) as AlumniField[];

/** The honeypot: a field hidden from people; bots fill it. A filled honeypot is accepted silently and not stored. */
export const HONEYPOT_FIELD = 'website';

export type AlumniFieldErrors = Partial<Record<AlumniField, string>>;

export type AlumniValidation = { ok: true; data: AlumniForm } | { ok: false; errors: AlumniFieldErrors };

/** Validates unknown input; on failure gives one message per field (the first), keyed by field name. */
export function validateAlumniForm(input: unknown): AlumniValidation {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, errors: {} };
  }
  const result = alumniFormSchema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: AlumniFieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && key in alumniFormSchema.shape && !(key in errors)) {
      errors[key as AlumniField] = issue.message;
    }
  }
  return { ok: false, errors };
}

export const ALUMNI_SUCCESS_MESSAGE = 'Your Form Submitted Successfully.';
