import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMembership } from '../../src/repositories/staff-users.ts';
import { firstStartSetupLink } from '../../src/staff/setup-link.ts';
import { createSchool } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { startSmtp } from './smtp.ts';
import { as, auditActions, createStaff, ORIGIN, PASSWORD, sessionCookieOf, signIn } from './staff-helpers.ts';

// STAFF.md "Getting in": the first-start setup link → the first administrator → an invitation by
// link (shown to the admin and, with SMTP_URL, e-mailed: caught by an SMTP server on loopback) →
// the invited editor chooses a password and is signed in. Links are single-use and expire.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let clock = new Date('2025-08-14T05:30:00.000Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp(
    { SMTP_URL: smtp.url, SITE_URL: 'https://school.example.org', MAIL_FROM: 'School <web@school.example.org>' },
    () => clock,
  );
  await createSchool(t.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const tokenOf = (link: string) => link.split('/').pop() as string;
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { origin: 'https://school.example.org' } });

describe('from the first start to an invited editor', () => {
  let adminCookie = '';
  let inviteLink = '';

  it('makes a one-time setup link while the school has no administrator', async () => {
    const link = await firstStartSetupLink(t.db, t.config, clock);
    expect(link).toMatch(/^https:\/\/school\.example\.org\/admin\/setup\/[A-Za-z0-9_-]{43}$/);
    // A new start withdraws the previous link.
    const second = await firstStartSetupLink(t.db, t.config, clock);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/links/${tokenOf(link!)}` })).statusCode).toBe(404);
    const info = await t.app.inject({ method: 'GET', url: `/api/admin/links/${tokenOf(second!)}` });
    expect(info.json()).toEqual({ purpose: 'setup', email: null, name: null, school: { code: 'STHSM', name: 'St. Thomas Demo School' } });

    const weak = await post('/api/admin/setup', {
      token: tokenOf(second!),
      name: 'Asha Rao',
      email: 'asha@example.org',
      password: 'password123',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatch(/most common/);
    const res = await post('/api/admin/setup', {
      token: tokenOf(second!),
      name: 'Asha Rao',
      email: 'Asha@Example.org',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ signedIn: true, user: { email: 'asha@example.org', name: 'Asha Rao' } });
    adminCookie = sessionCookieOf(res);
    // Used once; and no new link once an administrator exists.
    expect(
      (await post('/api/admin/setup', { token: tokenOf(second!), name: 'X', email: 'x@example.org', password: PASSWORD })).statusCode,
    ).toBe(404);
    expect(await firstStartSetupLink(t.db, t.config, clock)).toBeNull();
  });

  it('invites an editor: with e-mail set up the link goes to the address only', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: adminCookie } });
    const admin = { cookie: adminCookie, csrf: me.json().csrfToken as string };
    const res = await as(t.app, admin)(
      'POST',
      '/api/admin/STHSM/staff',
      { email: 'ravi@example.org', role: 'editor', name: 'Ravi' },
      { origin: 'https://school.example.org' },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // The administrator never holds a link that could open an account they do not own (docs/decisions/0117).
    expect(body).toMatchObject({ link: null, emailed: true });
    const mail = smtp.mails.find((m) => m.to.includes('ravi@example.org'));
    inviteLink = /https:\/\/school\.example\.org\/admin\/set-password\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(inviteLink).not.toBe('');
    // Sent in the school's name from MAIL_FROM's address (docs/decisions/0133).
    expect(mail?.raw).toMatch(/^From: "St\. Thomas Demo School" <web@school\.example\.org>/m);
    const list = await as(t.app, admin)('GET', '/api/admin/STHSM/staff');
    expect(list.json().members).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: 'ravi@example.org', role: 'editor', status: 'invited' })]),
    );
    expect(await auditActions(t.db, 'STHSM')).toEqual(
      expect.arrayContaining(['staff.setup_completed', 'session.signed_in', 'staff.invited']),
    );
  });

  it('the editor sets a password from the link, is signed in, and the link is spent', async () => {
    const info = await t.app.inject({ method: 'GET', url: `/api/admin/links/${tokenOf(inviteLink)}` });
    expect(info.json()).toMatchObject({ purpose: 'invite', email: 'ravi@example.org', school: { code: 'STHSM' } });
    const res = await post('/api/admin/set-password', { token: tokenOf(inviteLink), password: 'ravi long password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ signedIn: true, user: { email: 'ravi@example.org' } });
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: sessionCookieOf(res) } });
    expect(me.json().memberships).toEqual([{ code: 'STHSM', name: 'St. Thomas Demo School', role: 'editor', twoFactorRequired: false }]);
    expect((await post('/api/admin/set-password', { token: tokenOf(inviteLink), password: 'another long password' })).statusCode).toBe(404);
    expect((await signIn(t.app, { email: 'ravi@example.org', password: 'ravi long password' })).cookie).toMatch(/staff_session=/);
    expect(await auditActions(t.db, 'STHSM')).toContain('staff.invitation_accepted');
  });

  it('an invitation expires after 24 hours', async () => {
    const admin = await signIn(t.app, await createStaff(t.db, { role: 'admin' }));
    const res = await as(t.app, admin)(
      'POST',
      '/api/admin/STHSM/staff',
      { email: 'late@example.org', role: 'contributor' },
      { origin: 'https://school.example.org' },
    );
    expect(res.statusCode).toBe(201);
    const mail = smtp.mails.find((m) => m.to.includes('late@example.org'));
    const link = /\/admin\/set-password\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '')?.[0] ?? '';
    advance(24 * 3_600_000);
    const late = await post('/api/admin/set-password', { token: tokenOf(link), password: 'late long password' });
    expect(late.statusCode).toBe(404);
    expect(late.json().error).toMatch(/expired/);
  });
});

describe('POST /api/admin/password-reset', () => {
  it('answers the same for a known and an unknown address, and mails a one-hour link to the known one', async () => {
    const person = await createStaff(t.db, { role: 'editor' });
    const known = await post('/api/admin/password-reset', { email: person.email });
    const unknown = await post('/api/admin/password-reset', { email: 'nobody@example.org' });
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    await expect.poll(() => smtp.mails.some((m) => m.to.includes(person.email)), { timeout: 5000 }).toBe(true);
    expect(smtp.mails.some((m) => m.to.includes('nobody@example.org'))).toBe(false);
    const mail = smtp.mails.find((m) => m.to.includes(person.email))!;
    const link = /https:\/\/school\.example\.org\/admin\/set-password\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
    const who = await signIn(t.app, person);
    const res = await post('/api/admin/set-password', { token: tokenOf(link), password: 'reset long password' });
    expect(res.json()).toEqual({ signedIn: false });
    // A reset ends every session.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: who.cookie } })).statusCode).toBe(401);
    expect((await signIn(t.app, { email: person.email, password: 'reset long password' })).cookie).toBeTruthy();
  });

  it('for someone who also works for another school, the link is e-mailed and not shown', async () => {
    await createSchool(t.db, { code: 'OTHER', name: 'Other School' });
    const admin = await signIn(t.app, await createStaff(t.db, { role: 'admin' }));
    const person = await createStaff(t.db, { school: 'OTHER', role: 'admin' });
    await insertMembership(t.db, { userId: person.id, schoolCode: 'STHSM', role: 'editor', at: clock.toISOString() });
    const res = await as(t.app, admin)('POST', `/api/admin/STHSM/staff/${person.id}/reset-link`);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ link: null, emailed: true, withheld: true });
    expect(smtp.mails.some((m) => m.to.includes(person.email) && /set-password/.test(m.text))).toBe(true);
  });

  it('an admin can make a new link for a staff member, shown to them', async () => {
    const admin = await signIn(t.app, await createStaff(t.db, { role: 'admin' }));
    const person = await createStaff(t.db, { role: 'contributor' });
    const res = await as(t.app, admin)('POST', `/api/admin/STHSM/staff/${person.id}/reset-link`, undefined, {
      origin: ORIGIN.replace('http://localhost:80', 'https://school.example.org'),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().link).toMatch(/\/admin\/set-password\//);
  });
});
