import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandedHtml } from '../../src/staff/mail-brand.ts';
import { saveSchoolHost } from '../../src/repositories/school-hosts.ts';
import { saveSchoolProfile } from '../../src/repositories/school-profiles.ts';
import { createSchool } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { startSmtp, type CaughtMail } from './smtp.ts';
import { as, createStaff, signIn, type Signed } from './staff-helpers.ts';

// E-mail sent for a school carries that school's name and look (docs/decisions/0133): the sender's
// name is the school's, the HTML part has its colour and its crest from its own origin; a school
// without a crest has no picture (never another school's), and a school's words are escaped.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let hill: Signed;
let bare: Signed;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'School website <no-reply@schools.example>' });
  await createSchool(t.db, { code: 'HILL', name: 'Hillview Public School' });
  await createSchool(t.db, { code: 'BARE', name: 'Bare <School> & Co' });
  await saveSchoolHost(t.db, 'www.hillview.example', 'HILL');
  await saveSchoolProfile(t.db, 'HILL', {
    name: 'Hillview Public School',
    brand: { crest: 'HILL/public/Images/crest.png', primary: '#0a7d3b' },
  });
  hill = await signIn(t.app, await createStaff(t.db, { school: 'HILL', role: 'admin' }));
  bare = await signIn(t.app, await createStaff(t.db, { school: 'BARE', role: 'admin' }));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function mailTo(to: string): Promise<CaughtMail> {
  await expect.poll(() => smtp.mails.some((m) => m.to.includes(to)), { timeout: 5000 }).toBe(true);
  return smtp.mails.filter((m) => m.to.includes(to)).at(-1)!;
}

describe('an invitation e-mailed for a school', () => {
  it('comes in the school’s name, with its colour and its own crest in the HTML part', async () => {
    const res = await as(t.app, hill)('POST', '/api/admin/HILL/staff', { email: 'teacher@hill.example', role: 'editor' });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await mailTo('teacher@hill.example');
    expect(mail.text).toMatch(/^From: "?Hillview Public School"? <no-reply@schools\.example>/m);
    expect(mail.text).toContain('Content-Type: text/html');
    expect(mail.text).toContain('background:#0a7d3b');
    expect(mail.text).toMatch(/src="http:\/\/www\.hillview\.example(?::\d+)?\/api\/school\/HILL\/icon\/192\.png"/);
  });

  it('from a school without a crest has no picture, and the school’s name is escaped', async () => {
    const res = await as(t.app, bare)('POST', '/api/admin/BARE/staff', { email: 'teacher@bare.example', role: 'editor' });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await mailTo('teacher@bare.example');
    expect(mail.text).toContain('Content-Type: text/html');
    expect(mail.text).not.toContain('<img');
    expect(mail.text).toContain('Bare &lt;School&gt; &amp; Co</td>');
  });
});

describe('brandedHtml', () => {
  it('escapes the text and links only a line that is an address alone', () => {
    const html = brandedHtml('Hello <b>you</b>\n\nhttps://school.example/admin/set-password/abc\n\nSee javascript:alert(1)', {
      name: 'A',
      primary: '#0a7d3b',
    });
    expect(html).toContain('Hello &lt;b&gt;you&lt;/b&gt;');
    expect(html).toContain('<a href="https://school.example/admin/set-password/abc">');
    expect(html).not.toContain('<a href="javascript');
  });
});
