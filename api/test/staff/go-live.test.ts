import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupsElsewhere } from '../../src/content/go-live.ts';
import { saveSchoolProfile } from '../../src/repositories/school-profiles.ts';
import { seedDemo } from '../../src/seed/seed.ts';
import { createSchool } from '../factories.ts';
import { demoMediaCache, engine, TODAY, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from './staff-helpers.ts';

// "Before you go live" on the dashboard (docs/decisions/0135): a school made empty lacks every line;
// the demo school has its facts, pages and host names but not the brand (not in its settings yet),
// and e-mail and off-disk backups follow the server's configuration. Administrators see every line,
// editors the pages line, contributors nothing.

let t: TestApp;
let newAdmin: Signed;
let newEditor: Signed;
let newContributor: Signed;
let demoAdmin: Signed;

interface GoLive {
  done: boolean;
  items: Array<{ key: string; done: boolean; pages?: string[] }>;
}
const goLiveOf = async (who: Signed, code: string): Promise<GoLive | null> => {
  const res = await as(t.app, who)('GET', `/api/admin/${code}/dashboard`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().goLive as GoLive | null;
};
const lines = (g: GoLive | null) => Object.fromEntries((g?.items ?? []).map((i) => [i.key, i.done]));

beforeAll(async () => {
  t = await startTestApp({ SMTP_URL: 'smtp://mail.example.org:587' });
  await seedDemo(t.db, t.config.mediaRoot, new Date(`${TODAY}T00:00:00Z`), t.config.cacheDir, demoMediaCache);
  await createSchool(t.db, { code: 'NEWSC', name: 'New School' });
  newAdmin = await signIn(t.app, await createStaff(t.db, { role: 'admin', school: 'NEWSC' }));
  newEditor = await signIn(t.app, await createStaff(t.db, { role: 'editor', school: 'NEWSC' }));
  newContributor = await signIn(t.app, await createStaff(t.db, { role: 'contributor', school: 'NEWSC' }));
  demoAdmin = await signIn(t.app, await createStaff(t.db, { role: 'admin', school: 'STHSM' }));
});
afterAll(() => t.close());

describe(`before you go live (${engine})`, () => {
  it('lists everything a school made empty still lacks, each page by name', async () => {
    const goLive = await goLiveOf(newAdmin, 'NEWSC');
    expect(goLive?.done).toBe(false);
    expect(goLive?.items.map((i) => i.key)).toEqual([
      'name',
      'crest',
      'colours',
      'contact',
      'principal',
      'affiliation',
      'pages',
      'privacy',
      'host',
      'email',
      'backups',
    ]);
    expect(lines(goLive)).toEqual({
      // Given when the school was made (its settings read as its name alone, decision 0132).
      name: true,
      crest: false,
      colours: false,
      contact: false,
      principal: false,
      affiliation: false,
      pages: false,
      privacy: false,
      host: false,
      // This server sends e-mail (SMTP_URL); its backups are under DATA_DIR, on the same disk.
      email: true,
      backups: false,
    });
    const pages = goLive?.items.find((i) => i.key === 'pages')?.pages ?? [];
    expect(pages).toContain('about-us');
    expect(pages).toContain('contact-us');
    expect(pages).not.toContain('home');
  });

  it("ticks the demo school's facts, brand, pages and host names", async () => {
    const goLive = await goLiveOf(demoAdmin, 'STHSM');
    expect(lines(goLive)).toMatchObject({
      name: true,
      crest: true,
      colours: true,
      contact: true,
      principal: true,
      affiliation: true,
      pages: true,
      privacy: true,
      host: true,
    });
    expect(goLive?.items.find((i) => i.key === 'pages')?.pages).toEqual([]);
  });

  it("ticks a crest and colours once the school's settings hold them", async () => {
    await saveSchoolProfile(t.db, 'NEWSC', { name: 'New School', brand: { crest: 'NEWSC/public/Images/crest.png', primary: '#12386b' } });
    expect(lines(await goLiveOf(newAdmin, 'NEWSC'))).toMatchObject({ crest: true, colours: true, contact: false });
  });

  it('asks for a data protection contact, not only an office e-mail (DPDP Rules r.9)', async () => {
    await saveSchoolProfile(t.db, 'NEWSC', { name: 'New School', emails: { office: 'office@newsc.example.org' } });
    expect(lines(await goLiveOf(newAdmin, 'NEWSC'))).toMatchObject({ privacy: false });
    await saveSchoolProfile(t.db, 'NEWSC', {
      name: 'New School',
      privacyContact: { name: 'The Bursar', email: 'privacy@newsc.example.org' },
    });
    expect(lines(await goLiveOf(newAdmin, 'NEWSC'))).toMatchObject({ privacy: true });
    await saveSchoolProfile(t.db, 'NEWSC', { name: 'New School' });
  });

  it('shows editors the pages line only, and contributors nothing', async () => {
    expect(lines(await goLiveOf(newEditor, 'NEWSC'))).toEqual({ pages: false });
    expect(await goLiveOf(newContributor, 'NEWSC')).toBeNull();
  });

  it('ticks the pages line once every information page is published', async () => {
    const page = (await as(t.app, newEditor)('GET', '/api/admin/NEWSC/pages/contact-us')).json().page;
    expect(page.version).toBe(0);
    const text = { description: 'How to reach us.', lead: 'Welcome.', officeHours: '9 to 1.', directions: 'By the lake.' };
    expect(
      (await as(t.app, newEditor)('PUT', '/api/admin/NEWSC/pages/contact-us', { content: text, version: 0, intent: 'publish' })).statusCode,
    ).toBe(200);
    const pages = (await goLiveOf(newEditor, 'NEWSC'))?.items[0]?.pages ?? [];
    expect(pages).not.toContain('contact-us');
    expect(pages).toContain('about-us');
  });

  it('tells backups on another disk from backups beside the data', async () => {
    expect(await backupsElsewhere({ dataDir: t.config.dataDir, backupDir: path.join(t.config.dataDir, 'backups') })).toBe(false);
    // A folder on another file system, where this machine has one (a tmpfs at /dev/shm).
    const other = ['/dev/shm', '/run/shm'].find((dir) => {
      try {
        return statSync(dir).dev !== statSync(tmpdir()).dev;
      } catch {
        return false;
      }
    });
    if (other)
      expect(await backupsElsewhere({ dataDir: t.config.dataDir, backupDir: path.join(other, 'not-made-yet', 'backups') })).toBe(true);
  });
});
