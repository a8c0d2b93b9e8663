// The alumni submissions inbox (issue 16): the fields of a stored submission in the form's order,
// with the words staff see. Keys are the alumni form's field names (SPEC §3). No zod: safe for
// browser bundles.

export const SUBMISSION_FIELDS = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Mobile' },
  { key: 'location', label: 'Location' },
  { key: 'address', label: 'Address' },
  { key: 'fromYear', label: 'Batch joined' },
  { key: 'class', label: 'Class joined' },
  { key: 'toYear', label: 'Batch left' },
  { key: 'school2', label: 'Last class' },
  { key: 'fatherName', label: "Ward's name" },
  { key: 'subject', label: "Ward's class" },
  { key: 'school', label: 'College' },
  { key: 'profession3', label: 'Degree' },
  { key: 'school1', label: 'Organisation name' },
  { key: 'designation', label: 'Designation' },
  { key: 'address1', label: 'Office address' },
  { key: 'profession1', label: 'Profession' },
] as const;

export type SubmissionField = (typeof SUBMISSION_FIELDS)[number]['key'];

export interface Submission extends Record<SubmissionField, string> {
  id: string;
  formType: string;
  receivedAt: string;
  /** When an admin marked it handled; null: not yet. */
  handledAt: string | null;
}

export const HANDLED_FILTERS = ['all', 'unhandled', 'handled'] as const;
export type HandledFilterName = (typeof HANDLED_FILTERS)[number];

export const DEFAULT_RETENTION_MONTHS = 24;
export const MIN_RETENTION_MONTHS = 1;
export const MAX_RETENTION_MONTHS = 120;

/** At most this many submissions are erased in one request (a page's worth, and more). */
export const MAX_ERASE_IDS = 500;
