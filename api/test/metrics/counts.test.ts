import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantWorkers } from '../../src/media/variant-worker.ts';
import { finishBackupRun, startBackupRun } from '../../src/repositories/backup-runs.ts';
import { createNews, createSchool } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { phoneJpeg, upload } from '../media/media-helpers.ts';
import { createStaff, ORIGIN, signIn } from '../staff/staff-helpers.ts';
import { figure, metricsPort } from './support.ts';

// GET /metrics after known traffic: the counts match what was sent. Over a real socket, with the
// server's caches and replay on, since replayed answers never reach Fastify (api/src/replay.ts).

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp({}, () => new Date(), { responseCache: true });
  await createSchool(t.db, { code: 'STHSM' });
  await createNews(t.db, { title: 'Sports day' });
  await t.app.listen({ port: metricsPort(0), host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await fetch(`${base}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};

describe('GET /metrics counts what the server did', () => {
  it('requests by group and status, cache hits and misses, replayed answers', async () => {
    const before = await scrape();
    // The same public GET five times: a miss, a hit (which makes it replayable), then replays.
    for (let i = 0; i < 5; i++) expect((await fetch(`${base}/api/news/STHSM`)).status).toBe(200);
    expect((await fetch(`${base}/api/no-such-route`)).status).toBe(404);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => figure(after, name, labels) - figure(before, name, labels);
    expect(delta('sthsm_http_requests_total', { group: 'api', status: '200' })).toBe(5);
    expect(delta('sthsm_http_requests_total', { group: 'api', status: '404' })).toBe(1);
    expect(delta('sthsm_http_request_duration_seconds_count', { group: 'api' })).toBe(6);
    expect(delta('sthsm_cache_lookups_total', { cache: 'api', result: 'miss' })).toBe(2);
    // A replay needs the school's content counter read within the last second (content/watch.ts);
    // on a loaded machine a request may find it older and go through Fastify as a cache hit instead.
    const hits = delta('sthsm_cache_lookups_total', { cache: 'api', result: 'hit' });
    expect(hits).toBeGreaterThanOrEqual(1);
    expect(hits + delta('sthsm_replayed_answers_total')).toBe(4);
    // The first scrape itself was answered and counted.
    expect(delta('sthsm_http_requests_total', { group: 'metrics', status: '200' })).toBe(1);
  });

  it('sign-in failures and lockouts', async () => {
    const before = await scrape();
    const person = await createStaff(t.db, { role: 'editor' });
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { email: person.email, password: 'not the password' },
        headers: { origin: ORIGIN },
        remoteAddress: '10.9.0.1',
      });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
    const after = await scrape();
    expect(figure(after, 'sthsm_sign_in_failures_total', { step: 'password' }) - figure(before, 'sthsm_sign_in_failures_total')).toBe(5);
    expect(figure(after, 'sthsm_sign_in_locked_total') - figure(before, 'sthsm_sign_in_locked_total')).toBe(1);
    expect(figure(after, 'sthsm_http_requests_total', { group: 'staff-api', status: '401' })).toBe(5);
  });

  it('uploads per school, encode times, the variant queue, the last backup', async () => {
    const editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
    const photo = await phoneJpeg(640, 480);
    expect((await upload(t.app, editor, photo, 'sports-day.jpg')).statusCode).toBe(201);
    expect((await upload(t.app, editor, photo, 'again.jpg')).statusCode).toBe(200);
    await variantWorkers.get(t.app)?.idle();
    const finished = new Date(Date.now() - 3600_000).toISOString();
    const run = await startBackupRun(t.db, { trigger: 'manual', at: finished });
    await finishBackupRun(t.db, run ?? '', { at: finished, archive: 'backup-metrics.tar', sizeBytes: 1 });
    const text = await scrape();
    expect(figure(text, 'sthsm_media_uploads_total', { school: 'STHSM', result: 'added' })).toBe(1);
    expect(figure(text, 'sthsm_media_uploads_total', { school: 'STHSM', result: 'duplicate' })).toBe(1);
    expect(figure(text, 'sthsm_media_encode_duration_seconds_count', { result: 'made' })).toBe(1);
    expect(figure(text, 'sthsm_media_jobs_waiting')).toBe(0);
    expect(figure(text, 'sthsm_backup_last_success_timestamp_seconds')).toBe(Date.parse(finished) / 1000);
    expect(figure(text, 'sthsm_backup_age_seconds')).toBeGreaterThanOrEqual(3600);
    expect(figure(text, 'sthsm_backup_age_seconds')).toBeLessThan(3700);
    expect(figure(text, 'sthsm_backup_failing')).toBe(0);
  });
});
