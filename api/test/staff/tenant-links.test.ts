import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSchoolHost } from '../../src/repositories/school-hosts.ts';
import { createSchool } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { startSmtp } from './smtp.ts';
import { as, createStaff, signIn } from './staff-helpers.ts';

// Links in e-mails and answers are built from configuration — SITE_URL for the default school, the
// host table for the others — never from a request's Host or X-Forwarded-Host, which whoever sends
// the request writes. No SITE_URL here: the default school's origin is http://localhost:3000.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const EVIL = {
  host: 'attacker.example',
  'x-forwarded-host': 'attacker.example',
  'x-forwarded-proto': 'https',
  origin: 'http://attacker.example',
};

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url });
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Other School' });
  await saveSchoolHost(t.db, 'www.other-school.example', 'OTHER');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const linkIn = async (to: string) => {
  await expect.poll(() => smtp.mails.some((m) => m.to.includes(to)), { timeout: 5000 }).toBe(true);
  const mail = smtp.mails.filter((m) => m.to.includes(to)).at(-1)!;
  return /https?:\/\/\S+\/admin\/set-password\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
};

describe('links built from configuration, never from request headers', () => {
  it('a password reset asked with a forged Host mails a link on the school’s own origin', async () => {
    const person = await createStaff(t.db, { school: 'STHSM', role: 'editor' });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/password-reset', payload: { email: person.email }, headers: EVIL });
    expect(res.statusCode).toBe(202);
    expect(await linkIn(person.email)).toMatch(/^http:\/\/localhost:3000\/admin\/set-password\//);
  });

  it('another school’s links are on its own host name', async () => {
    const person = await createStaff(t.db, { school: 'OTHER', role: 'editor' });
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/password-reset',
      payload: { email: person.email, school: 'OTHER' },
      headers: EVIL,
    });
    expect(await linkIn(person.email)).toMatch(/^http:\/\/www\.other-school\.example:3000\/admin\/set-password\//);
  });

  it('an invitation sent from a forged Host carries the inviting school’s origin', async () => {
    const admin = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
    const res = await as(t.app, admin)('POST', '/api/admin/OTHER/staff', { email: 'invited@example.org', role: 'editor' }, EVIL);
    expect(res.statusCode).toBe(201);
    // E-mail is on: the link goes to the address only, never to the administrator.
    expect(res.json()).toMatchObject({ link: null, emailed: true });
    expect(await linkIn('invited@example.org')).toMatch(/^http:\/\/www\.other-school\.example:3000\/admin\/set-password\//);
  });
});
