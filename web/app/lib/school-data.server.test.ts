import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHOOL_FILE_FORMAT, type PageContent, type SchoolFile, type SchoolProfile } from '@sthsm/contract';

// Where the site's school data comes from (docs/decisions/0023): the API when it has the school
// endpoints, else the school file (SCHOOL_PROFILE_FILE), else the last copy the API gave, else
// nothing. A stand-in API on loopback plays a contract server that has, or lacks, the endpoints.

const url = (p: string) => `https://school.example.org/${p}`;
const profile: SchoolProfile = {
  name: 'Test School',
  shortName: 'Test',
  fullName: 'Test School, Testnagar',
  tagline: 'A school for tests',
  motto: 'Test well',
  vision: 'Every test passes.',
  about: 'A school that exists for the tests.',
  address: { lines: ['Test School', 'Main Road'], city: 'Testnagar', state: 'Uttar Pradesh', postalCode: '299990', country: 'India' },
  addressLine: 'Main Road, Testnagar',
  phones: [{ label: 'Office', number: '+91 00000 00501', whatsapp: true }],
  email: 'office@school.example.org',
  emails: { office: 'office@school.example.org', admissions: 'admissions@school.example.org', principal: 'principal@school.example.org' },
  website: url(''),
  social: { facebook: url('fb') },
  map: { embedUrl: 'https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4', linkUrl: url('map'), latitude: 26.5, longitude: 80.3 },
  app: { name: 'Test App', iosUrl: url('ios'), androidUrl: url('android'), schoolCode: 'STHSM' },
  parentPortal: { loginUrl: url('login'), helpDesk: { hours: '9 to 5', phone: '+91 00000 00502', email: 'help@school.example.org' } },
  erp: { provider: 'Test ERP', url: url('erp') },
  principal: {
    name: 'A. Principal',
    title: 'Principal',
    address: 'School House',
    email: 'principal@school.example.org',
    phone: '+91 00000 00503',
  },
  trust: 'Test Trust',
  board: 'CISCE',
  examinations: 'ICSE',
  affiliationNo: 'UP-1',
  affiliatedSince: 2000,
  established: 1990,
  medium: 'English',
  schoolType: 'Co-educational',
  academicSession: 'April to March',
  vacation: 'June',
  copyrightYear: 2026,
  developer: { name: 'Test Studio', url: url('dev') },
};
const filed = { ...profile, name: 'From The School File' };
const contact: PageContent<'contact-us'> = {
  description: 'Contact us.',
  lead: 'Call us.',
  officeHours: '9 to 5.',
  directions: 'Turn left.',
};
const timings: PageContent<'timings'> = {
  description: 'Timings.',
  lead: 'Our hours.',
  classes: [{ classes: 'All', summer: '8 - 1', winter: '9 - 2' }],
  principalVisiting: { summer: '9 - 10', winter: '10 - 11' },
  office: '8 - 2',
  houses: 4,
  notes: [],
};
const pages = { 'contact-us': contact, timings };
let mode: 'endpoints' | 'contract-only' | 'down' = 'contract-only';
let server: Server;
let data: typeof import('./school-data.server');

beforeAll(async () => {
  server = createServer((req, res) => {
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (mode === 'down') return req.socket.destroy();
    if (mode === 'contract-only') return answer(404, { error: 'Not found' });
    if (req.url === '/api/school/STHSM') return answer(200, { code: 'STHSM', version: 3, updatedAt: '2026-11-23T00:00:00.000Z', profile });
    if (req.url === '/api/school/DEMO2')
      return answer(200, { code: 'DEMO2', version: 1, updatedAt: 'x', profile: { ...profile, name: 'Second School' } });
    // An answer for another school than asked is no answer.
    if (req.url === '/api/school/EVIL') return answer(200, { code: 'STHSM', version: 1, updatedAt: 'x', profile });
    if (req.url === '/api/pages/STHSM/contact-us')
      return answer(200, { code: 'STHSM', slug: 'contact-us', version: 1, updatedAt: 'x', content: pages['contact-us'] });
    // A school that has published nothing yet (decision 0134).
    if (req.url === '/api/pages/NEWSC') return answer(200, []);
    // A malformed answer is no answer.
    if (req.url === '/api/pages/STHSM/timings')
      return answer(200, { code: 'STHSM', slug: 'timings', version: 1, updatedAt: 'x', content: { lead: 42 } });
    return answer(404, { error: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const file: SchoolFile = {
    format: SCHOOL_FILE_FORMAT,
    exportedAt: '2026-11-23T00:00:00.000Z',
    schools: [
      { code: 'STHSM', profile: filed, pages: { 'contact-us': { ...pages['contact-us'], lead: 'Filed lead.' }, timings: pages.timings } },
    ],
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'sthsm-school-file-'));
  writeFileSync(path.join(dir, 'school.json'), JSON.stringify(file));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.SCHOOL_PROFILE_FILE = path.join(dir, 'school.json');
  data = await import('./school-data.server');
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the school data of the site', () => {
  it('comes from the school file when the API is a contract server without school endpoints', async () => {
    mode = 'contract-only';
    expect((await data.loadSchoolProfile('STHSM'))?.name).toBe('From The School File');
    expect((await data.loadPage('STHSM', 'contact-us'))?.lead).toBe('Filed lead.');
    expect(await data.loadPage('STHSM', 'library')).toBeNull();
    expect(await data.loadSchoolProfile('OTHER')).toBeNull();
  });

  it('comes from the API when it has them, and a malformed page falls back like a missing one', async () => {
    mode = 'endpoints';
    expect((await data.loadSchoolProfile('STHSM'))?.name).toBe(profile.name);
    expect((await data.loadPage('STHSM', 'contact-us'))?.lead).toBe(pages['contact-us'].lead);
    expect((await data.loadPage('STHSM', 'timings'))?.lead).toBe(pages.timings.lead);
  });

  it('keeps the school file ahead of the last API copy when the API goes away, and the last copy ahead of nothing', async () => {
    mode = 'endpoints';
    expect((await data.loadSchoolProfile('DEMO2'))?.name).toBe('Second School');
    expect(await data.loadSchoolProfile('EVIL')).toBeNull();
    mode = 'down';
    expect((await data.loadSchoolProfile('STHSM'))?.name).toBe('From The School File');
    expect((await data.loadSchoolProfile('DEMO2'))?.name).toBe('Second School');
    expect(await data.loadSchoolProfile('OTHER')).toBeNull();
  });

  it('tells a page the school has not published from one the API could not give', async () => {
    mode = 'endpoints';
    expect(await data.loadPublishedPages('NEWSC')).toEqual({});
    expect(await data.fetchPage('NEWSC', 'about-us')).toEqual({ content: null, published: false });
    // A server that lists no published pages for the school: its 404 says nothing about publishing.
    expect(await data.loadPublishedPages('OTHER')).toBeNull();
    expect(await data.fetchPage('OTHER', 'about-us')).toEqual({ content: null, published: true });
    mode = 'down';
    expect(await data.fetchPage('NEWSC', 'about-us')).toEqual({ content: null, published: true });
  });
});
