import type { AlumniField } from '@sthsm/contract';

// The alumni form's element ids and field labels, shared by the server-rendered form (alumni-form.tsx)
// and the small module that runs it in the browser without React (islands/alumni.ts).

export function fieldId(name: string): string {
  return `alumni-${name}`;
}

/** The region holding the success (status) and failure (alert) notices; focused after an answer. */
export const NOTICE_ID = 'alumni-notice';
/** The error summary at the top of the form. */
export const SUMMARY_ID = 'alumni-error-summary';

/** Each field's visible label; the error summary names the field too, as two of SPEC §5's messages are the same. */
export const LABELS: Record<AlumniField, string> = {
  fromYear: 'Batch you joined',
  class: 'Class you joined',
  toYear: 'Batch you left',
  school2: 'Last class you studied',
  fatherName: 'Ward’s name',
  subject: 'Ward’s class',
  name: 'Your name',
  email: 'Email',
  phone: 'Mobile',
  location: 'Location (town or city)',
  address: 'Address',
  school: 'College',
  profession3: 'Degree',
  school1: 'Organisation name',
  designation: 'Designation',
  profession1: 'Profession',
  address1: 'Office address',
};

/** The summary's heading for a number of invalid fields. */
export function summaryHeading(count: number): string {
  return count === 1 ? 'Please correct 1 field:' : `Please correct ${count} fields:`;
}

/**
 * The form's words in the page's language (issue 35), for its server-rendered HTML and, as the
 * form's JSON `data-words` on a page not in English, for islands/alumni.ts. English pages carry no
 * `data-words`: there the module keeps the English above.
 */
export interface AlumniWords {
  locale: string;
  labels: Record<AlumniField, string>;
  /** The shared schema's messages (English, as the API gives them too) → this language's. */
  errors: Record<string, string>;
  /** "… must be at most {max} characters." with {label} and {max} to fill in. */
  tooLong: string;
  /** "… must be text." with {label} to fill in. */
  notText: string;
  /** The summary's heading for 0…17 invalid fields (index: the number). */
  summaries: string[];
  submit: string;
  submitting: string;
  unreachable: string;
  serverError: string;
}

const TOO_LONG = / must be at most (\d+) characters\.$/;
const NOT_TEXT = / must be text\.$/;

/**
 * A field's error in the page's language: the schema gives English (SPEC §5's messages, which the
 * API answers with too); on an English page it stays exactly that.
 */
export function errorText(words: AlumniWords, field: AlumniField, message: string): string {
  if (words.locale === 'en') return message;
  const exact = words.errors[message];
  if (exact) return exact;
  const long = TOO_LONG.exec(message);
  if (long) return words.tooLong.replace('{label}', words.labels[field]).replace('{max}', long[1] ?? '');
  if (NOT_TEXT.test(message)) return words.notText.replace('{label}', words.labels[field]);
  return message;
}
