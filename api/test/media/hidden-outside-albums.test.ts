import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseCacheOf } from '../../src/cache.ts';
import { mediaStores } from '../../src/media/library.ts';
import { cachedVariantFile, NAMED_VARIANTS } from '../../src/media/variants.ts';
import { variantWorkers } from '../../src/media/variant-worker.ts';
import { createSchool, createSchoolPage } from '../factories.ts';
import { engine, NOW, otherServer, startTestApp, type TestApp } from '../helpers.ts';
import { recordChild } from '../staff/children-support.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { phoneJpeg, upload } from './media-helpers.ts';

// A photo tagged with a child and used outside albums (docs/decisions/0057, 0113), on both engines:
// a news item's attachments, an event's images, an information page's picture (by file id, and by
// storage path on another school's page) and the share preview (?variant=og, the pages' Open
// Graph image). While consent is in effect every use serves; after a withdrawal none does. The
// response cache is on, as in production, and a second server on the same database (a module graph
// of its own, decision 0118) answers the lists too: the withdrawal takes the photo out of both at
// once — here by the in-process signal, there only by the school's counter.

let t: TestApp;
let editor: Signed;
let ref: string;
let storagePath: string;
let childId: string;
let other: FastifyInstance;

const page = (image: string) => ({
  description: 'Clubs and activities.',
  lead: 'Something for everyone.',
  items: [{ name: 'Athletics', text: 'Races every Friday.', image: { path: image, width: 480, height: 640, alt: 'The relay' } }],
});

beforeAll(async () => {
  t = await startTestApp({}, () => NOW, { responseCache: true });
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  const res = await upload(t.app, editor, await phoneJpeg(640, 480, '#335588'), 'Relay.jpg');
  expect(res.statusCode, res.body).toBe(201);
  ref = res.json().item.ref;
  storagePath = (await t.db.selectFrom('media').select('path').where('ref', '=', ref).executeTakeFirstOrThrow()).path;
  const child = await recordChild(t.app, editor, { photos: {} }, { name: 'Anaya Singh', class: 'VIII-B' });
  childId = child.id;
  const tagged = await as(t.app, editor)('PUT', `/api/admin/media/${res.json().item.id}/children`, { children: [childId] });
  expect(tagged.json().children[0].photosConsent).toBe(true);

  const api = as(t.app, editor);
  const news = await api('POST', '/api/admin/STHSM/content/news', {
    title: 'Relay champions',
    description: 'Our team won.',
    date: '2025-08-10',
    attachments: [ref],
    intent: 'publish',
  });
  expect(news.statusCode, news.body).toBe(201);
  const event = await api('POST', '/api/admin/STHSM/content/events', {
    title: 'Sports day',
    description: 'Races for every class.',
    date: '2025-08-20',
    images: [ref],
    intent: 'publish',
  });
  expect(event.statusCode, event.body).toBe(201);
  await createSchoolPage(t.db, 'STHSM', 'activities', page(ref));
  // Another school's page naming this school's stored file: still this school's photo, under its checks.
  await createSchoolPage(t.db, 'OTHER', 'activities', page(storagePath));
  await variantWorkers.get(t.app)?.idle();
  other = await otherServer(t, { responseCacheTtlMs: 600_000 });
}, 60_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/** The files the public answers last listed for the news item and the event, here and on the other server. */
const listed: { news: string[]; events: string[]; otherNews: string[]; otherEvents: string[] } = {
  news: [],
  events: [],
  otherNews: [],
  otherEvents: [],
};

/** Every image URL the public pages build from the public answers, with its status. */
async function uses(): Promise<Record<string, number>> {
  const news = (await t.app.inject({ url: '/api/news/STHSM' })).json() as Array<{ attachments?: string[] }>;
  const events = (await t.app.inject({ url: '/api/events/STHSM' })).json() as Array<{ images?: string[] }>;
  const pageOf = async (code: string) =>
    ((await t.app.inject({ url: `/api/pages/${code}/activities` })).json() as { content: { items: Array<{ image: { path: string } }> } })
      .content.items[0]?.image.path;
  listed.news = news[0]?.attachments ?? [];
  listed.events = events[0]?.images ?? [];
  const otherNews = (await other.inject({ url: '/api/news/STHSM' })).json() as Array<{ attachments?: string[] }>;
  const otherEvents = (await other.inject({ url: '/api/events/STHSM' })).json() as Array<{ images?: string[] }>;
  listed.otherNews = otherNews[0]?.attachments ?? [];
  listed.otherEvents = otherEvents[0]?.images ?? [];
  // The photo by its ref whether or not the answers still list it: its bytes are refused either way.
  const urls: Record<string, string | undefined> = {
    'news attachment': ref,
    'news share preview': `${ref}?variant=og`,
    'event image, 640 wide': `${ref}?w=640`,
    'event share preview': `${ref}?variant=og`,
    'information page picture': await pageOf('STHSM'),
    "another school's page picture (storage path)": await pageOf('OTHER'),
    "another school's page picture, 320 wide": `${await pageOf('OTHER')}?w=320`,
    "another school's page share preview": `${await pageOf('OTHER')}?variant=og`,
  };
  const statuses: Record<string, number> = {};
  for (const [use, url] of Object.entries(urls)) {
    statuses[use] = url ? (await t.app.inject({ url: `/api/image/${url}`, headers: { accept: 'image/webp' } })).statusCode : 0;
  }
  return statuses;
}

/** Whether this server's cache holds the photo's share preview. */
async function previewCached(): Promise<boolean> {
  const { media, cache } = mediaStores(t.config);
  const info = await media.stat(storagePath);
  if (!info) throw new Error('the original is gone');
  const { width, format, height } = NAMED_VARIANTS.og;
  return (await cache.stat(cachedVariantFile({ path: storagePath, ...info }, width, format, height))) !== null;
}

describe(`a tagged photo used outside albums (${engine})`, () => {
  it('serves in every use while the child has photo consent', async () => {
    expect(Object.values(await uses())).toEqual(Array(8).fill(200));
    expect(listed).toEqual({ news: [ref], events: [ref], otherNews: [ref], otherEvents: [ref] });
    // This server's cache now holds the lists (the other's too: it answered them once).
    expect(responseCacheOf(t.app)?.keys()).toEqual(expect.arrayContaining(['/api/news/STHSM', '/api/events/STHSM']));
    expect(await previewCached()).toBe(true);
  });

  it('serves in no use once the consent is withdrawn, and its cached share preview is deleted', async () => {
    const res = await as(t.app, editor)('POST', `/api/admin/STHSM/children/${childId}/withdraw`, { purpose: 'photos' });
    expect(res.statusCode, res.body).toBe(200);
    const statuses = await uses();
    expect(statuses).toEqual(Object.fromEntries(Object.keys(statuses).map((use) => [use, 404])));
    // Nor do the public answers list it any more (the item stays, without the photo), from either cache.
    expect(listed).toEqual({ news: [], events: [], otherNews: [], otherEvents: [] });
    expect(await previewCached()).toBe(false);
  });
});
