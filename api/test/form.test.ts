import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { countAlumniSubmissions, findAlumniSubmission } from '../src/repositories/alumni.ts';
import { createSchool } from './factories.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { FULL_ALUMNI_FORM, MALFORMED_EMAILS } from '../../web/app/lib/testing/alumni-form.ts';

let t: TestApp;
let ipCounter = 0;
const nextIp = () => `10.2.0.${++ipCounter}`;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
});
afterAll(() => t.close());

const VALID_FORM = FULL_ALUMNI_FORM;

const post = (payload: string | object, headers: Record<string, string> = {}, remoteAddress = nextIp(), url = '/api/form/STHSM/alumni') =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });

describe('POST /api/form/{code}/{formType}', () => {
  it('stores a valid JSON form and answers 201 { _id }', async () => {
    const res = await post(VALID_FORM, { authorization: 'Bearer whatever' });
    expect(res.statusCode).toBe(201);
    const { _id } = res.json();
    expect(_id).toMatch(/^[0-9a-f]{24}$/);
    const row = await findAlumniSubmission(t.db, _id);
    expect(row).toMatchObject({
      school_code: 'STHSM',
      form_type: 'alumni',
      from_year: '2004 to 2005',
      class: '1',
      to_year: '2015 to 2016',
      school2: '12',
      father_name: 'Kabir',
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
    });
  });

  it('accepts a landline or a number abroad as typed, and refuses a number of too few digits (decision 0004)', async () => {
    for (const phone of ['(0121) 2345678', '+44 20 7946 0958', '020.7946.0958']) {
      const res = await post({ ...VALID_FORM, phone });
      expect(res.statusCode, phone).toBe(201);
      expect((await findAlumniSubmission(t.db, res.json()._id))?.phone).toBe(phone);
    }
    const short = await post({ ...VALID_FORM, phone: '12 34 5' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ phone: 'Enter a phone number of 7 to 15 digits, like +91 98765 43210 or (0121) 2345678.' });
  });

  it('accepts application/x-www-form-urlencoded, keeping the later of repeated fields', async () => {
    const body = `${new URLSearchParams(VALID_FORM).toString()}&name=First&name=Later`;
    const res = await post(body, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(201);
    expect((await findAlumniSubmission(t.db, res.json()._id))?.name).toBe('Later');
  });

  it('answers 400 with the exact SPEC §5 message per field', async () => {
    const res = await post({ ...VALID_FORM, name: ' ', address: '', toYear: '', fatherName: undefined, profession1: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Please correct the highlighted fields.',
      errors: {
        name: 'Name is required.',
        address: 'Address is required.',
        toYear: 'Batch is required.',
        fatherName: 'Name is required.',
        profession1: 'Profession is required.',
      },
    });
  });

  it('answers 400 JSON for malformed JSON, a non-object body and wrong types', async () => {
    const malformed = await post('{"name": ', { 'content-type': 'application/json' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'The request body is not valid JSON.' });
    const array = await post('[1,2]', { 'content-type': 'application/json' });
    expect(array.statusCode).toBe(400);
    expect(array.json().error).toMatch(/Invalid body/);
    const wrongType = await post({ ...VALID_FORM, name: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors).toEqual({ name: 'Name must be text.' });
  });

  it('answers 413 JSON for an oversized body and 415 for an unknown content type', async () => {
    const big = await post({ ...VALID_FORM, address: 'x'.repeat(20_000) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'The request body is too large.' });
    const xml = await post('<form/>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error).toMatch(/application\/json/);
  });

  it('accepts a filled honeypot with a fake id and stores nothing', async () => {
    const res = await post({ ...VALID_FORM, website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(await findAlumniSubmission(t.db, res.json()._id)).toBeUndefined();
  });

  it('answers 404 for an unknown school', async () => {
    const res = await post(VALID_FORM, {}, nextIp(), '/api/form/NOPE/alumni');
    expect(res.statusCode).toBe(404);
  });

  it('rate-limits an address to 5 submissions a minute (429 JSON with Retry-After)', async () => {
    const ip = '10.3.3.3';
    for (let i = 0; i < 5; i++) expect((await post(VALID_FORM, {}, ip)).statusCode).toBe(201);
    const limited = await post(VALID_FORM, {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ error: expect.stringMatching(/Too many requests/) });
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const ip = '10.4.4.4';
    for (let i = 0; i < 5; i++) await post(VALID_FORM, { 'x-forwarded-for': `203.0.113.${i}` }, ip);
    expect((await post(VALID_FORM, { 'x-forwarded-for': '203.0.113.99' }, ip)).statusCode).toBe(429);
  });
});

/** Posts the form as JSON to the listening server, from a client address of its own (X-Forwarded-For from loopback). */
async function postOverHttp(
  fields: Record<string, string>,
): Promise<{ status: number; body: { error?: string; errors?: Record<string, string> } }> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/api/form/STHSM/alumni`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
    body: JSON.stringify(fields),
  });
  return { status: res.status, body: (await res.json()) as { error?: string; errors?: Record<string, string> } };
}

describe('rules of the shared schema, over real HTTP (issue 39)', () => {
  it('refuses a left batch before the joined one (400, the message on toYear) and stores nothing', async () => {
    const before = await countAlumniSubmissions(t.db, 'STHSM');
    const res = await postOverHttp({ ...VALID_FORM, fromYear: '2015 to 2016', toYear: '2004 to 2005' });
    expect(res).toEqual({
      status: 400,
      body: {
        error: 'Please correct the highlighted fields.',
        errors: { toYear: 'The batch you left in cannot be before the batch you joined.' },
      },
    });
    expect(await countAlumniSubmissions(t.db, 'STHSM')).toBe(before);
    expect((await postOverHttp({ ...VALID_FORM, fromYear: '2015 to 2016', toYear: '2015 to 2016' })).status).toBe(201);
  });

  it('refuses malformed and near-miss e-mail addresses (400, the message on email) and stores none', async () => {
    const before = await countAlumniSubmissions(t.db, 'STHSM');
    for (const email of MALFORMED_EMAILS) {
      const res = await postOverHttp({ ...VALID_FORM, email });
      expect(res, email).toEqual({
        status: 400,
        body: { error: 'Please correct the highlighted fields.', errors: { email: 'Enter a valid email address, like name@example.org.' } },
      });
    }
    expect(await countAlumniSubmissions(t.db, 'STHSM')).toBe(before);
    const ok = await postOverHttp({ ...VALID_FORM, email: 'riya.sen+alumni@mail.school.example' });
    expect(ok.status).toBe(201);
  });
});

describe('with TRUST_PROXY=1', () => {
  it('limits by the forwarded client address', async () => {
    const proxied = await startTestApp({ TRUST_PROXY: '1' });
    try {
      await createSchool(proxied.db);
      const send = (client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/form/STHSM/alumni',
          payload: VALID_FORM,
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < 5; i++) expect((await send('198.51.100.1')).statusCode).toBe(201);
      expect((await send('198.51.100.1')).statusCode).toBe(429);
      expect((await send('198.51.100.2')).statusCode).toBe(201);
    } finally {
      await proxied.close();
    }
  });
});
