import { createRequire } from 'node:module';
import { ALUMNI_FIELDS, type AlumniField } from '@sthsm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAlumniSubmission } from '../../src/repositories/alumni.ts';
import type { AlumniSubmissionsTable } from '../../src/db/schema.ts';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { pool } from './raw-http.ts';
import { FULL_ALUMNI_FORM, MALFORMED_EMAILS } from '../../../web/app/lib/testing/alumni-form.ts';

// Every blns string in every alumni field (the others valid): 0 5xx; each answer is 201
// with a byte-exact round trip, or 400 with a message. The shared schema trims every field
// (String.prototype.trim), so a stored value must equal exactly what was sent, trimmed; every
// other field must come back exactly as sent.
const blns = createRequire(import.meta.url)('blns') as string[];
/** Beyond blns: text no database returns byte for byte (must be a 400, not a 5xx or a changed value). */
const UNSTORABLE = ['a\u0000b', '\u0000', 'x\ud800y', '\udfff'];

const VALID_FORM = FULL_ALUMNI_FORM as Record<AlumniField, string>;
const COLUMN: Partial<Record<AlumniField, keyof AlumniSubmissionsTable>> = {
  fromYear: 'from_year',
  toYear: 'to_year',
  fatherName: 'father_name',
};
const columnOf = (field: AlumniField) => COLUMN[field] ?? (field as keyof AlumniSubmissionsTable);

// ---- The oracle: each field's rule as the form documents it (SPEC §3/§5, decision 0004), applied
// to the trimmed value; written apart from packages/contract/src/alumni.ts on purpose.

/** One @, no white space, a local part, and a domain of two or more non-empty dot-separated labels. */
function isEmail(v: string): boolean {
  if (/\s/.test(v)) return false;
  const parts = v.split('@');
  if (parts.length !== 2 || !parts[0]) return false;
  const labels = (parts[1] ?? '').split('.');
  return labels.length >= 2 && labels.every((label) => label.length > 0);
}

/** 7 to 15 ASCII digits, written with spaces, brackets, dashes or dots, and at most one + in front. */
function isPhone(v: string): boolean {
  const body = v.startsWith('+') ? v.slice(1) : v;
  if (body === '' || [...body].some((c) => !/[0-9]/.test(c) && !/\s/.test(c) && !'().-'.includes(c))) return false;
  const digits = [...body].filter((c) => /[0-9]/.test(c)).length;
  return digits >= 7 && digits <= 15;
}

const THIS_YEAR = new Date().getFullYear();
/** "1969 to 1970" … "{this year} to {next year}". */
const BATCHES = new Set(Array.from({ length: THIS_YEAR + 1 - 1970 + 1 }, (_, i) => `${1969 + i} to ${1970 + i}`));
const CLASSES = new Set(['nur', 'lkg', 'ukg', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
const PROFESSION_CODES = new Set(Array.from({ length: 31 }, (_, i) => String(i + 1)));

type Kind = 'email' | 'phone' | 'batch' | 'select' | 'text';
const KIND: Record<AlumniField, Kind> = {
  fromYear: 'batch',
  class: 'select',
  toYear: 'batch',
  school2: 'select',
  fatherName: 'text',
  subject: 'select',
  name: 'text',
  email: 'email',
  phone: 'phone',
  location: 'text',
  address: 'text',
  school: 'text',
  profession3: 'text',
  school1: 'text',
  designation: 'text',
  address1: 'text',
  profession1: 'select',
};
const OPTIONAL = new Set<AlumniField>(['school', 'profession3', 'school1', 'designation', 'address1']);
const LONG = new Set<AlumniField>(['address', 'address1']);

/** The left year of a batch ("2004 to 2005" → 2005). */
const leftYear = (batch: string) => Number(batch.slice(-4));

/**
 * The fields a 400 must name when `field` holds `value` (the others valid); none for a 201. Batches
 * out of order (by the years written, whether or not each is on the list) are refused on toYear.
 */
function refusedFields(field: AlumniField, value: string): AlumniField[] {
  if (value.includes('\u0000') || !value.isWellFormed()) return [field];
  const v = value.trim();
  const kind = KIND[field];
  let ok: boolean;
  if (kind === 'email') ok = isEmail(v);
  else if (kind === 'phone') ok = isPhone(v);
  else if (kind === 'batch') ok = BATCHES.has(v);
  else if (kind === 'select') ok = (field === 'profession1' ? PROFESSION_CODES : CLASSES).has(v);
  else ok = (OPTIONAL.has(field) || v.length > 0) && v.length <= (LONG.has(field) ? 500 : 200);
  const refused = new Set<AlumniField>(ok ? [] : [field]);
  if (kind === 'batch' && /^\d{4} to \d{4}$/.test(v)) {
    const joined = field === 'fromYear' ? v : VALID_FORM.fromYear;
    const left = field === 'toYear' ? v : VALID_FORM.toYear;
    if (leftYear(left) < leftYear(joined)) refused.add('toYear');
  }
  return [...refused].sort();
}

/** Near-misses for each kind of field beyond blns, valid ones among them. */
const GENERATED: Record<Kind, string[]> = {
  email: [...MALFORMED_EMAILS, 'a@b.example\u00a0x', ' a@b.example ', 'a.b@c.example', 'a+b@c.d.example', 'ü@b.example'],
  phone: [
    '123456',
    '1234567',
    '123456789012345',
    '1234567890123456',
    '+91 98765 43210',
    '++91 98765 43210',
    '91+98765 43210',
    '98765x43210',
    '(0121) 2345678',
    '0121-234.5678',
    '+',
    '+ 1234567',
    '\uff11\uff12\uff13\uff14\uff15\uff16\uff17',
    '\u0661\u0662\u0663\u0664\u0665\u0666\u0667',
    '1234567\u00a0',
    '123 4567 #1',
    '1/2345678',
    '1,234,567',
  ],
  batch: [
    '2004 to 2005',
    '2004 to 2006',
    '2005 to 2004',
    '1968 to 1969',
    '1969 to 1970',
    `${THIS_YEAR} to ${THIS_YEAR + 1}`,
    `${THIS_YEAR + 1} to ${THIS_YEAR + 2}`,
    '2004-2005',
    '2004  to 2005',
    '2004 to 2005 x',
    '\uff12\uff10\uff10\uff14 to \uff12\uff10\uff10\uff15',
    '2020 to 2021',
    '1990 to 1991',
  ],
  select: ['nur', 'NUR', 'Nursery', '0', '1', '12', '13', '31', '32', '01', '1.0', '1e1', ' 1 ', 'XII', 'I'],
  text: ['x'.repeat(200), 'x'.repeat(201), 'x'.repeat(500), 'x'.repeat(501), ` ${'y'.repeat(200)} `, '\u00a0', '\u2028 z \u2029'],
};

let t: TestApp;
beforeAll(async () => {
  // The default limit (5 a minute) would answer 429 after five posts; raised for this test only.
  t = await startTestApp({ FORM_RATE_LIMIT_PER_MINUTE: '1000000' });
  await createSchool(t.db);
}, 60_000);
afterAll(() => t?.close());

describe(`alumni form fuzz with blns (${engine})`, () => {
  it('answers every string in every field as that field\u2019s rule says: 400 naming the field, or 201 and an exact round trip', async () => {
    const cases = ALUMNI_FIELDS.flatMap((field) => [...blns, ...UNSTORABLE, ...GENERATED[KIND[field]]].map((value) => ({ field, value })));
    let created = 0;
    let rejected = 0;
    let serverErrors = 0;
    const mismatches: string[] = [];
    const wrong: string[] = [];
    await pool(cases, 16, async ({ field, value }) => {
      const sent = { ...VALID_FORM, [field]: value };
      const res = await t.app.inject({ method: 'POST', url: '/api/form/STHSM/alumni', payload: sent });
      const expected = refusedFields(field, value);
      const what = `${field}=${JSON.stringify(value)}`;
      if (res.statusCode >= 500) serverErrors++;
      if (res.statusCode === 201 && expected.length === 0) {
        created++;
        const row = await findAlumniSubmission(t.db, res.json()._id);
        for (const f of ALUMNI_FIELDS) {
          const stored = row?.[columnOf(f)];
          if (stored !== sent[f].trim()) mismatches.push(`${what}: ${f} stored ${JSON.stringify(stored)}`);
        }
      } else if (res.statusCode === 400 && expected.length > 0) {
        const body = res.json() as { error?: unknown; errors?: Record<string, unknown> };
        const named = Object.keys(body.errors ?? {}).sort();
        const messages = Object.values(body.errors ?? {});
        if (
          typeof body.error === 'string' &&
          body.error &&
          JSON.stringify(named) === JSON.stringify(expected) &&
          messages.every((m) => typeof m === 'string' && m)
        )
          rejected++;
        else wrong.push(`${what}: 400 should name ${expected.join(' and ')}: ${res.body.slice(0, 200)}`);
      } else {
        wrong.push(
          `${what}: ${res.statusCode}, the rule says ${expected.length === 0 ? '201' : `400 on ${expected.join(' and ')}`}: ${res.body.slice(0, 200)}`,
        );
      }
    });
    console.log(
      `[form fuzz ${engine}] (blns ${blns.length} + ${UNSTORABLE.length} NUL/lone-surrogate + generated per kind) in ${ALUMNI_FIELDS.length} fields = ${cases.length} tried: 201 ${created}, 400 ${rejected}, 5xx ${serverErrors}, mismatches ${mismatches.length}, against the rule ${wrong.length}`,
    );
    expect(blns.length).toBeGreaterThanOrEqual(485);
    expect(serverErrors).toBe(0);
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(created + rejected).toBe(cases.length);
    // Each kind of field met both answers (the oracle is not vacuous).
    for (const field of ALUMNI_FIELDS) {
      const mine = cases.filter((c) => c.field === field);
      expect(
        mine.some((c) => refusedFields(field, c.value).length === 0),
        `${field}: some string accepted`,
      ).toBe(true);
      expect(
        mine.some((c) => refusedFields(field, c.value).length > 0),
        `${field}: some string refused`,
      ).toBe(true);
    }
  }, 300_000);
});
