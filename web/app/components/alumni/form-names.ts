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
