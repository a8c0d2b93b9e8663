import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { VALID } from '../publish/publish-helpers.ts';
import { recordChild } from './children-support.ts';
import { startSmtp } from './smtp.ts';
import { as, createStaff, ORIGIN, signIn, type Signed } from './staff-helpers.ts';

// Verifiable parental consent by e-mail (issue 37; docs/decisions/0151) through real HTTP on both
// engines, with the response cache on: staff ask the guardian → the e-mail reaches the local SMTP
// server → the guardian answers through the link (two purposes yes, one no) → the register says
// how each was verified → the public read shows the child where consent allows → the guardian
// withdraws through the same link and the child is gone at once, cache included. Forged, expired,
// superseded and other schools' links change nothing.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let clock = NOW;
let admin: Signed;
let editor: Signed;
let contributor: Signed;
let otherAdmin: Signed;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'School <office@school.example>', SUBSCRIBE_RATE_LIMIT_PER_MINUTE: '1000' },
    () => clock,
    {
      responseCache: { now: () => clock.getTime() },
    },
  );
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  admin = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'admin', email: 'head@example.org' }));
  editor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'editor', email: 'editor@example.org' }));
  contributor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'contributor' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const ASK = {
  guardianName: 'Pat Example',
  guardianEmail: 'Guardian.One@Example.org',
  endsOn: '2026-03-31',
  askBirthday: 'on',
  askResults: 'on',
  askPhotos: 'on',
};

/** Sends a request for the child; answers the link's token from the e-mail the SMTP server caught. */
async function ask(who: Signed, childId: string, body: Record<string, string> = ASK, school = 'STHSM') {
  const before = smtp.mails.length;
  const res = await as(t.app, who)('POST', `/api/admin/${school}/children/${childId}/consent-requests`, body);
  expect(res.statusCode, res.body).toBe(201);
  expect(smtp.mails.length).toBe(before + 1);
  const mail = smtp.mails.at(-1)!;
  const token = /\/consent\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  return { res, mail, token: token! };
}

const guardian = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { origin: ORIGIN, ...headers }, remoteAddress: '203.0.113.5' });

const consentRows = (childId: string) =>
  t.db.selectFrom('child_consents').selectAll().where('child_id', '=', childId).orderBy('purpose').execute();
const toppers = async () => ((await t.app.inject({ url: '/api/topper/STHSM' })).json() as Array<{ name: string }>).map((r) => r.name);
const auditOf = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

describe(`verifiable parental consent by e-mail (${engine})`, () => {
  it('asks the guardian by e-mail, records their answer as confirmed by the guardian, and their withdrawal takes effect at once', async () => {
    const child = await recordChild(t.app, editor, {}, { name: 'Nila Testchild', class: 'VI-B' });
    const { res, mail, token } = await ask(editor, child.id);
    expect(mail.to).toEqual(['guardian.one@example.org']);
    expect(mail.text).toContain('Dear Pat Example');
    expect(mail.text).toContain('Nila (class VI-B)');
    expect(mail.text).not.toContain('Testchild');
    expect(mail.text).toContain('birthday section');
    expect(mail.text).toContain('until 31 March 2026');
    expect(mail.text).toContain('within 14 days');
    // The child's page shows the request as pending: sent when, to which address, by whom.
    expect(res.json().child.request).toMatchObject({
      status: 'pending',
      guardianEmail: 'guardian.one@example.org',
      sentBy: 'editor@example.org',
      purposes: ['birthday', 'results', 'photos'],
      sentAt: NOW.toISOString(),
    });
    // Only the hash of the link is kept.
    const stored = await t.db.selectFrom('consent_requests').select('token_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    // The guardian's page: school, first name and class, each purpose.
    const page = await guardian('GET', `/api/consent/STHSM/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json().consent).toMatchObject({ childFirstName: 'Nila', childClass: 'VI-B', status: 'pending' });
    expect(JSON.stringify(page.json())).not.toContain('Testchild');
    expect(page.json().consent.purposes.map((p: { state: string }) => p.state)).toEqual(['not-given', 'not-given', 'not-given']);

    // A topper linked to the child cannot be published yet.
    const topper = await as(t.app, editor)('POST', '/api/admin/STHSM/content/toppers', {
      ...VALID.toppers,
      name: 'Nila Testchild',
      child: child.id,
      intent: 'publish',
    });
    expect(topper.statusCode).toBe(422);
    expect(await toppers()).not.toContain('Nila Testchild');

    // An answer missing a purpose is refused with a message, and nothing is recorded.
    const partial = await guardian('POST', `/api/consent/STHSM/${token}`, { birthday: 'yes' });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors).toMatchObject({ results: expect.stringMatching(/yes or no/), photos: expect.any(String) });
    expect(await consentRows(child.id)).toEqual([]);

    // Yes to birthday and results, no to photos.
    clock = new Date(NOW.getTime() + 3600_000);
    const confirmed = await guardian('POST', `/api/consent/STHSM/${token}`, { birthday: 'yes', results: 'yes', photos: 'no' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().consent.status).toBe('confirmed');
    expect(confirmed.json().consent.purposes.map((p: { state: string }) => p.state)).toEqual(['given', 'given', 'not-given']);
    // Answering twice changes nothing.
    expect((await guardian('POST', `/api/consent/STHSM/${token}`, { birthday: 'yes', results: 'yes', photos: 'yes' })).statusCode).toBe(
      409,
    );

    // The register: how each consent was verified.
    const register = (await as(t.app, editor)('GET', `/api/admin/STHSM/children/${child.id}`)).json().child;
    expect(register.consents).toEqual([
      expect.objectContaining({
        purpose: 'birthday',
        verifiedBy: 'guardian',
        guardianEmail: 'guardian.one@example.org',
        confirmedAt: clock.toISOString(),
        givenOn: '2025-08-14',
        endsOn: '2026-03-31',
        current: true,
      }),
      expect.objectContaining({ purpose: 'results', verifiedBy: 'guardian', current: true }),
    ]);
    expect(register.request).toMatchObject({ status: 'confirmed', confirmedAt: clock.toISOString() });
    // Saving the child's details with the form as it shows them keeps the guardian's confirmation.
    const resaved = await as(t.app, admin)('PUT', `/api/admin/STHSM/children/${child.id}`, {
      name: 'Nila Testchild',
      class: 'VI-C',
      birthdayGivenOn: '2025-08-14',
      birthdayEndsOn: '2026-03-31',
      resultsGivenOn: '2025-08-14',
      resultsEndsOn: '2026-03-31',
    });
    expect(resaved.statusCode).toBe(200);
    expect(resaved.json().child.consents.map((c: { verifiedBy: string }) => c.verifiedBy)).toEqual(['guardian', 'guardian']);

    // The public read now includes the child where consent allows (results: a topper).
    const published = await as(t.app, editor)('POST', '/api/admin/STHSM/content/toppers', {
      ...VALID.toppers,
      name: 'Nila Testchild',
      child: child.id,
      intent: 'publish',
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(await toppers()).toContain('Nila Testchild');
    expect(await toppers()).toContain('Nila Testchild'); // served from the response cache now

    // The guardian withdraws results through the same link: gone at once, cache included.
    const withdrawn = await guardian('POST', `/api/consent/STHSM/${token}/withdraw`, { purpose: 'results' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().consent.purposes.map((p: { state: string }) => p.state)).toEqual(['given', 'withdrawn', 'not-given']);
    expect(await toppers()).not.toContain('Nila Testchild');
    const after = (await as(t.app, editor)('GET', `/api/admin/STHSM/children/${child.id}`)).json().child;
    expect(after.consents.find((c: { purpose: string }) => c.purpose === 'results')).toMatchObject({
      current: false,
      withdrawnBy: 'guardian',
      withdrawnAt: clock.toISOString(),
      withdrawnByEmail: null,
    });
    // A purpose the link did not… or a made-up one: refused with a message.
    expect((await guardian('POST', `/api/consent/STHSM/${token}/withdraw`, { purpose: 'everything' })).statusCode).toBe(400);

    // A staff withdrawal says who withdrew.
    await as(t.app, admin)('POST', `/api/admin/STHSM/children/${child.id}/withdraw`, { purpose: 'birthday' });
    const staffWithdrawn = (await as(t.app, editor)('GET', `/api/admin/STHSM/children/${child.id}`)).json().child.consents[0];
    expect(staffWithdrawn).toMatchObject({ purpose: 'birthday', withdrawnBy: 'school', withdrawnByEmail: 'head@example.org' });

    // The audit log: the child's random id and purposes only — never names or addresses.
    expect((await auditOf('consent.requested')).map((r) => [r.target, JSON.parse(r.after ?? '{}')])).toContainEqual([
      child.id,
      { purposes: ['birthday', 'results', 'photos'] },
    ]);
    expect((await auditOf('consent.confirmed_by_guardian')).map((r) => [r.target, JSON.parse(r.after ?? '{}')])).toEqual([
      [child.id, { purposes: ['birthday', 'results'], declined: ['photos'] }],
    ]);
    expect((await auditOf('consent.withdrawn_by_guardian')).map((r) => [r.target, JSON.parse(r.after ?? '{}')])).toEqual([
      [child.id, { purposes: ['results'] }],
    ]);
    for (const row of await t.db.selectFrom('audit_log').selectAll().where('action', 'like', 'consent.%').execute()) {
      expect(JSON.stringify(row)).not.toMatch(/Nila|Testchild|Pat Example|guardian\.one/i);
    }
    clock = NOW;
  });

  it('treats forged, expired, superseded and other schools\u2019 links the same way, and changes nothing', async () => {
    const child = await recordChild(t.app, admin, {}, { name: 'Tara Fictional', class: 'II-A' });
    const first = await ask(admin, child.id);
    const second = await ask(admin, child.id, { ...ASK, guardianEmail: 'guardian.two@example.org', askPhotos: '' });
    expect(second.res.json().child.request).toMatchObject({ status: 'pending', purposes: ['birthday', 'results'] });
    const yes = { birthday: 'yes', results: 'yes', photos: 'yes' };

    const notValid = async (url: string) => {
      const res = await guardian('POST', url, yes);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toMatch(/not valid any more/);
      return res.json().error as string;
    };
    const messages = [
      // Superseded: sending again invalidates the old link.
      await notValid(`/api/consent/STHSM/${first.token}`),
      // Forged: well-formed and not.
      await notValid(`/api/consent/STHSM/${'A'.repeat(43)}`),
      await notValid('/api/consent/STHSM/not-a-token'),
      // Another school's address for this school's link.
      await notValid(`/api/consent/OTHER/${second.token}`),
      await notValid(`/api/consent/OTHER/${second.token}/withdraw`),
    ];
    expect(new Set(messages).size).toBe(1);
    expect((await guardian('GET', `/api/consent/STHSM/${first.token}`)).statusCode).toBe(404);
    expect((await guardian('GET', `/api/consent/STHSM/${'B'.repeat(43)}`)).json().error).toBe(messages[0]);
    expect((await guardian('POST', `/api/consent/NOPE/${second.token}`, yes)).statusCode).toBe(404);

    // Expired: 14 days after sending the link no longer confirms, and the register says so.
    clock = new Date(NOW.getTime() + 14 * 86_400_000 + 1000);
    await notValid(`/api/consent/STHSM/${second.token}`);
    const later = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'editor' }));
    expect((await as(t.app, later)('GET', `/api/admin/STHSM/children/${child.id}`)).json().child.request.status).toBe('expired');
    clock = NOW;
    expect(await consentRows(child.id)).toEqual([]);

    // Another school's staff can neither ask about this child nor see it.
    const theirs = await as(t.app, otherAdmin)('POST', `/api/admin/OTHER/children/${child.id}/consent-requests`, ASK);
    expect(theirs.statusCode).toBe(404);
    expect((await as(t.app, otherAdmin)('POST', `/api/admin/STHSM/children/${child.id}/consent-requests`, ASK)).statusCode).toBe(403);

    // Within its 14 days the newest link still works.
    clock = new Date(NOW.getTime() + 13 * 86_400_000);
    expect((await guardian('POST', `/api/consent/STHSM/${second.token}`, { birthday: 'no', results: 'yes' })).statusCode).toBe(200);
    clock = NOW;
    expect((await consentRows(child.id)).map((r) => [r.purpose, r.verified_by, r.guardian_email])).toEqual([
      ['results', 'guardian', 'guardian.two@example.org'],
    ]);
  });

  it('refuses contributors, foreign pages, a missing CSRF token and bad input, sending nothing', async () => {
    const child = await recordChild(t.app, admin, {}, { name: 'Omi Placeholder', class: 'I-C' });
    const url = `/api/admin/STHSM/children/${child.id}/consent-requests`;
    const before = smtp.mails.length;
    expect((await as(t.app, contributor)('POST', url, ASK)).statusCode).toBe(403);
    expect((await as(t.app, editor)('POST', url, ASK, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await as(t.app, { cookie: editor.cookie, csrf: 'wrong' })('POST', url, ASK)).statusCode).toBe(403);
    const bad = await as(t.app, editor)('POST', url, { guardianName: ' ', guardianEmail: 'not-an-address', endsOn: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      guardianName: 'Guardian’s name is required.',
      guardianEmail: 'Enter a valid email address, like name@example.org.',
      endsOn: 'End date must be a date like 2026-03-31.',
    });
    const none = await as(t.app, editor)('POST', url, { ...ASK, askBirthday: '', askResults: '', askPhotos: '' });
    expect(none.json().errors).toEqual({ purposes: 'Choose at least one purpose to ask about.' });
    const past = await as(t.app, editor)('POST', url, { ...ASK, endsOn: '2025-08-13' });
    expect(past.json().errors).toEqual({ endsOn: 'End date has already passed.' });
    expect((await as(t.app, editor)('POST', '/api/admin/STHSM/children/no-such-child/consent-requests', ASK)).statusCode).toBe(404);
    expect(smtp.mails.length).toBe(before);
    expect(await t.db.selectFrom('consent_requests').select('id').where('child_id', '=', child.id).execute()).toEqual([]);

    // The guardian's POST is refused from another site's page, like the subscribe form.
    const { token } = await ask(editor, child.id);
    const foreign = await guardian(
      'POST',
      `/api/consent/STHSM/${token}`,
      { birthday: 'yes', results: 'yes', photos: 'yes' },
      {
        origin: 'https://attacker.example',
        'sec-fetch-site': 'cross-site',
      },
    );
    expect(foreign.statusCode).toBe(403);
    expect(await consentRows(child.id)).toEqual([]);
    const bogus = await guardian('POST', `/api/consent/STHSM/${token}`, { birthday: 'maybe', results: 'yes', photos: 'yes' });
    expect(bogus.statusCode).toBe(400);
    expect(await consentRows(child.id)).toEqual([]);
  });

  it('keeps the link\u2019s secret out of the request log', async () => {
    const lines: string[] = [];
    const logged = await startTestApp({ LOG_LEVEL: 'info' }, () => NOW, { logStream: { write: (line) => void lines.push(line) } });
    try {
      const token = 'Z'.repeat(43);
      await logged.app.inject({ method: 'GET', url: `/api/consent/STHSM/${token}` });
      await logged.app.inject({ method: 'POST', url: `/api/consent/STHSM/${token}/withdraw`, payload: { purpose: 'photos' } });
      expect(lines.join('\n')).toContain('/api/consent/STHSM/…');
      expect(lines.join('\n')).not.toContain(token);
    } finally {
      await logged.close();
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/admin/{code}/children/{id}/consent-requests'].post.responses['201']).toBeDefined();
    expect(doc.paths['/api/consent/{code}/{token}'].get).toBeDefined();
    expect(doc.paths['/api/consent/{code}/{token}'].post.responses['409']).toBeDefined();
    expect(doc.paths['/api/consent/{code}/{token}/withdraw'].post).toBeDefined();
  });
});
