import { createRequire } from 'node:module';
import { ALUMNI_FIELDS, type AlumniField } from '@sthsm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAlumniSubmission } from '../../src/repositories/alumni.ts';
import type { AlumniSubmissionsTable } from '../../src/db/schema.ts';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { pool } from './raw-http.ts';

// Every blns string in every alumni field (the others valid): 0 5xx; each answer is 201
// with a byte-exact round trip, or 400 with a message. The shared schema trims every field
// (String.prototype.trim), so a stored value must equal exactly what was sent, trimmed; every
// other field must come back exactly as sent.
const blns = createRequire(import.meta.url)('blns') as string[];
/** Beyond blns: text no database returns byte for byte (must be a 400, not a 5xx or a changed value). */
const UNSTORABLE = ['a\u0000b', '\u0000', 'x\ud800y', '\udfff'];

const VALID_FORM: Record<AlumniField, string> = {
  fromYear: '2004 to 2005',
  class: '1',
  toYear: '2015 to 2016',
  school2: '12',
  fatherName: 'Kabir',
  subject: '3',
  name: 'Riya Sen',
  email: 'riya@example.org',
  phone: '+91 98765 43210',
  location: 'Lucknow',
  address: '12 Park Road',
  school: 'City College',
  profession3: 'B.Sc.',
  school1: 'Acme Labs',
  designation: 'Analyst',
  address1: '5 Mall Road',
  profession1: '20',
};
const COLUMN: Partial<Record<AlumniField, keyof AlumniSubmissionsTable>> = {
  fromYear: 'from_year',
  toYear: 'to_year',
  fatherName: 'father_name',
};
const columnOf = (field: AlumniField) => COLUMN[field] ?? (field as keyof AlumniSubmissionsTable);

let t: TestApp;
beforeAll(async () => {
  // The default limit (5 a minute) would answer 429 after five posts; raised for this test only.
  t = await startTestApp({ FORM_RATE_LIMIT_PER_MINUTE: '1000000' });
  await createSchool(t.db);
}, 60_000);
afterAll(() => t?.close());

describe(`alumni form fuzz with blns (${engine})`, () => {
  it('answers every blns string in every field with 201 and an exact round trip, or 400 with a message', async () => {
    const cases = ALUMNI_FIELDS.flatMap((field) => [...blns, ...UNSTORABLE].map((value) => ({ field, value })));
    let created = 0;
    let rejected = 0;
    let serverErrors = 0;
    const mismatches: string[] = [];
    const unexpected: string[] = [];
    await pool(cases, 16, async ({ field, value }) => {
      const sent = { ...VALID_FORM, [field]: value };
      const res = await t.app.inject({ method: 'POST', url: '/api/form/STHSM/alumni', payload: sent });
      if (res.statusCode >= 500) serverErrors++;
      if (res.statusCode === 201) {
        created++;
        const row = await findAlumniSubmission(t.db, res.json()._id);
        for (const f of ALUMNI_FIELDS) {
          const expected = sent[f].trim();
          if (row?.[columnOf(f)] !== expected)
            mismatches.push(`${field}=${JSON.stringify(value)}: ${f} stored ${JSON.stringify(row?.[columnOf(f)])}`);
        }
      } else if (res.statusCode === 400) {
        const body = res.json();
        if (typeof body.error === 'string' && body.error && typeof body.errors?.[field] === 'string' && body.errors[field]) rejected++;
        else unexpected.push(`${field}=${JSON.stringify(value)}: 400 without a message for the field: ${res.body}`);
      } else {
        unexpected.push(`${field}=${JSON.stringify(value)}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    });
    console.log(
      `[form fuzz ${engine}] (blns strings ${blns.length} + ${UNSTORABLE.length} NUL/lone-surrogate) × fields ${ALUMNI_FIELDS.length} = ${cases.length} tried: 201 ${created}, 400 ${rejected}, 5xx ${serverErrors}, mismatches ${mismatches.length}, other ${unexpected.length}`,
    );
    expect(blns.length).toBeGreaterThanOrEqual(485);
    expect(serverErrors).toBe(0);
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(unexpected.slice(0, 10)).toEqual([]);
    expect(created + rejected).toBe(cases.length);
  }, 300_000);
});
