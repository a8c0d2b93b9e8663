import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, type Page } from '@playwright/test';
import { e2eDataDir } from '../../playwright.config';

// Shared by the alumni specs: the form's visible labels, a complete valid entry, and a read of
// the stored submission straight from the API's SQLite file.

export const LABELS = {
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
  school: 'College (optional)',
  profession3: 'Degree (optional)',
  school1: 'Organisation name (optional)',
  designation: 'Designation (optional)',
  address1: 'Office address (optional)',
  profession1: 'Profession',
} as const;
export type Field = keyof typeof LABELS;

const SELECTS = new Set<Field>(['fromYear', 'class', 'toYear', 'school2', 'subject', 'profession1']);

/** SPEC §5's exact messages for an empty form, in the form's order. */
export const REQUIRED_MESSAGES: Array<[Field, string]> = [
  ['fromYear', 'Batch is required.'],
  ['class', 'Class is required.'],
  ['toYear', 'Batch is required.'],
  ['school2', 'Last Class is required.'],
  ['fatherName', 'Name is required.'],
  ['subject', 'Class is required.'],
  ['name', 'Name is required.'],
  ['email', 'Email is required.'],
  ['phone', 'Mobile is required.'],
  ['location', 'Location is required.'],
  ['address', 'Address is required.'],
  ['profession1', 'Profession is required.'],
];

/** A complete, valid entry as a person would type it; values are what the API must store. */
export function validEntry(tag: string): Record<Field, string> {
  return {
    fromYear: '2004 to 2005',
    class: '5',
    toYear: '2015 to 2016',
    school2: '12',
    fatherName: 'Riya Verma',
    subject: '3',
    name: `Asha Verma ${tag}`,
    email: `asha.${tag}@example.org`,
    phone: '+91 98765-43210',
    location: 'Mahimnagar',
    address: '12 Station Road\nMahimnagar 000000',
    school: 'Mahimnagar College of Science',
    profession3: 'B.Sc. Chemistry',
    school1: 'Riverside Labs Pvt. Ltd.',
    designation: 'Research Chemist',
    address1: 'Plot 4, Industrial Area\nMahimnagar',
    profession1: '26',
  };
}

/** A field's control by its role and accessible name, as assistive technology announces it. */
export function control(page: Page, field: Field) {
  return page.getByRole(SELECTS.has(field) ? 'combobox' : 'textbox', { name: LABELS[field], exact: true });
}

export async function fill(page: Page, entry: Partial<Record<Field, string>>) {
  for (const [field, value] of Object.entries(entry) as Array<[Field, string]>) {
    if (SELECTS.has(field)) await control(page, field).selectOption(value);
    else await control(page, field).fill(value);
  }
}

/** Every field shows exactly what the entry holds (empty entry: every field empty). */
export async function expectValues(page: Page, entry: Partial<Record<Field, string>>) {
  for (const field of Object.keys(LABELS) as Field[]) {
    await expect(control(page, field), field).toHaveValue(entry[field] ?? '');
  }
}

export const COLUMNS: Record<Field, string> = {
  fromYear: 'from_year',
  class: 'class',
  toYear: 'to_year',
  school2: 'school2',
  fatherName: 'father_name',
  subject: 'subject',
  name: 'name',
  email: 'email',
  phone: 'phone',
  location: 'location',
  address: 'address',
  school: 'school',
  profession3: 'profession3',
  school1: 'school1',
  designation: 'designation',
  address1: 'address1',
  profession1: 'profession1',
};

/** The stored alumni submissions with this e-mail address, read from the e2e server's database. */
export function storedSubmissions(email: string): Array<Record<string, unknown>> {
  const db = new DatabaseSync(path.join(e2eDataDir, 'school.db'), { readOnly: true });
  try {
    return db.prepare('SELECT * FROM alumni_submissions WHERE email = ?').all(email) as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
}

export function expectStored(entry: Record<Field, string>) {
  const rows = storedSubmissions(entry.email);
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  for (const field of Object.keys(COLUMNS) as Field[]) expect(row[COLUMNS[field]], field).toBe(entry[field]);
  expect(row.school_code).toBe('STHSM');
  expect(row.form_type).toBe('alumni');
}
