// A new school's pages under Lighthouse (issue 31: "Lighthouse and axe hold on a new school's pages
// as on the demo's"). In the bench's DATA_DIR, beside the demo school, a school is made as a host
// would make one (`npm run school -- create` with a host name) and its administrator, through the
// staff API as the staff screens would, gives it its own crest and colours, writes Contact Us and
// publishes one news item; everything else stays as a new school has it (unwritten pages, sections
// never started). Its pages are then measured on its own host name: Chromium sends *.localhost to
// loopback, so `http://gvs.localhost:PORT` is this server answering as that school.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { LhRun } from './lighthouse.ts';
import { BIN, PORT, ROOT } from './settings.ts';
import { signIn, type Session } from './upload.ts';

const CODE = 'GVS';
const NAME = 'Green Valley Senior School';
const HOST = 'gvs.localhost';
/** The measured pages: the home page with only what the school has, a list, an item and a written page. */
const PAGES = ['/', '/news', '/contactUs'] as const;
const REQUEST_TIMEOUT_MS = 30_000;

export interface NewSchoolFigures {
  origin: string;
  pages: { page: string; runs: LhRun[] }[];
}

async function staffCall(origin: string, s: Session, method: string, url: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${origin}/api/admin/${CODE}${url}`, {
    method,
    headers: { origin, cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const answer = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`new school: ${method} ${url} answered ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

/** Makes the school, fills the little it has, and returns the origin of its own host name. */
async function makeSchool(origin: string, dataDir: string): Promise<{ origin: string; newsId: string }> {
  const made = spawnSync(path.join(BIN, 'node'), ['api/src/schools/cli.ts', 'create', '--code', CODE, '--name', NAME, '--host', HOST], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (made.status !== 0) throw new Error(`could not create the new school: ${made.stdout}${made.stderr}`);
  // The crest as a stored file of the school's own folder (what an upload leaves there, without the upload).
  const crest = `${CODE}/public/Images/crest.png`;
  const file = path.join(dataDir, 'media', ...crest.split('/'));
  mkdirSync(path.dirname(file), { recursive: true });
  const shield = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#ffffff"/><path d="M300 40 540 120v170c0 150-110 240-240 280C170 530 60 440 60 290V120z" fill="#0b5d3b"/><path d="M300 140 420 300H180z" fill="#f2c14e"/></svg>`;
  writeFileSync(file, await sharp(Buffer.from(shield)).png().toBuffer());

  const admin = await signIn(origin, dataDir, { school: CODE, role: 'admin', email: 'bench.admin@gvs.example.org' });
  await staffCall(origin, admin, 'PUT', '/settings', {
    version: 0,
    profile: { name: NAME, brand: { crest, primary: '#0b5d3b', accent: '#f2c14e', shareImage: null } },
  });
  await staffCall(origin, admin, 'PUT', '/pages/contact-us', {
    version: 0,
    intent: 'publish',
    content: {
      description: `How to reach ${NAME}: office hours and directions.`,
      lead: 'Parents and visitors are welcome on school days; please come to the front office first.',
      officeHours: 'Monday to Friday, 8 AM to 2 PM; Saturday, 8 AM to 11 AM.',
      directions: 'Beside the hill road bus stop, behind the community library.',
    },
  });
  const news = await staffCall(origin, admin, 'POST', '/content/news', {
    title: 'School reopens after the winter break',
    date: new Date().toISOString().slice(0, 10),
    description: '<p>Classes begin again on Monday at the usual time. The bus routes are unchanged.</p>',
    attachments: [],
    intent: 'publish',
  });
  const newsId = String((news.item as { id?: unknown } | undefined)?.id ?? '');
  if (!newsId) throw new Error('new school: the news item was not created');
  return { origin: `http://${HOST}:${PORT}`, newsId };
}

/** The new school's pages, each measured `runs` times by `lighthouseRuns` (run.ts's, with its retries). */
export async function newSchoolBench(
  origin: string,
  dataDir: string,
  lighthouseRuns: (url: string) => Promise<LhRun[]>,
): Promise<NewSchoolFigures> {
  console.log(`New school: creating ${CODE} on ${HOST} and giving it a crest, colours, a page and a news item…`);
  const school = await makeSchool(origin, dataDir);
  const pages: NewSchoolFigures['pages'] = [];
  for (const page of [...PAGES, `/news/item?id=${encodeURIComponent(school.newsId)}`])
    pages.push({ page, runs: await lighthouseRuns(school.origin + page) });
  return { origin: school.origin, pages };
}
