import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { startSmtp } from '../staff/smtp.ts';
import { emailSubscriber, insertEmailSubscribers } from './support.ts';

// Subscribing is careful by default (issue 34): SUBSCRIBE_RATE_LIMIT_PER_MINUTE (5) requests a minute
// from one address, then 429 with Retry-After; a page on another site cannot subscribe a visitor; a
// school that cannot send e-mail says so rather than storing an address it cannot confirm.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, SITE_URL: 'https://www.school.example' });
  await createSchool(t.db, { code: 'STHSM' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const body = (i: number) => ({ email: `limit${i}@example.org`, topics: ['news'], frequency: 'instant' });

describe(`subscribing limits (${engine})`, () => {
  it('answers 429 with Retry-After after five requests a minute from one address', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/subscribe/STHSM/email', payload: body(i), remoteAddress: '203.0.113.9' });
      statuses.push(res.statusCode);
      retryAfter ??= res.statusCode === 429 ? String(res.headers['retry-after']) : undefined;
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Another address is not held back.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/STHSM/email',
      payload: body(7),
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(202);
  });

  it('refuses a subscription posted from another site’s page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/STHSM/email',
      payload: body(20),
      headers: { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
      remoteAddress: '203.0.113.20',
    });
    expect(res.statusCode).toBe(403);
    const rows = await t.db.selectFrom('subscriptions').select('id').where('email', '=', 'limit20@example.org').execute();
    expect(rows).toEqual([]);
  });
});

describe(`behind the response cache (${engine})`, () => {
  it('answers a manage link freshly after a change and after unsubscribing (never from the shared cache)', async () => {
    const cached = await startTestApp({ SMTP_URL: smtp.url }, undefined, { responseCache: true });
    try {
      await createSchool(cached.db, { code: 'STHSM' });
      const { manageToken } = await import('../../src/notify/secrets.ts');
      const { tokenHash } = await import('../../src/staff/secrets.ts');
      await insertEmailSubscribers(cached.db, [
        emailSubscriber({ id: 'cached-one', email: 'cached@example.org', frequency: 'daily', at: new Date() }),
      ]);
      const token = await manageToken(cached.db, 'cached-one');
      await cached.db
        .updateTable('subscriptions')
        .set({ token_hash: tokenHash(token) })
        .where('id', '=', 'cached-one')
        .execute();
      const url = `/api/subscribe/STHSM/manage?token=${token}`;
      expect((await cached.app.inject({ method: 'GET', url })).json().subscription.frequency).toBe('daily');
      await cached.app.inject({ method: 'PUT', url, payload: { topics: ['news'], frequency: 'weekly' } });
      expect((await cached.app.inject({ method: 'GET', url })).json().subscription.frequency).toBe('weekly');
      await cached.app.inject({ method: 'POST', url: `/api/subscribe/STHSM/unsubscribe?token=${token}` });
      expect((await cached.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    } finally {
      await cached.close();
    }
  });
});

describe(`a school without e-mail (${engine})`, () => {
  it('answers 503 and stores nothing', async () => {
    const bare = await startTestApp();
    try {
      await createSchool(bare.db, { code: 'STHSM' });
      const res = await bare.app.inject({ method: 'POST', url: '/api/subscribe/STHSM/email', payload: body(30) });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe('This school cannot send e-mail yet. Please try browser notifications, or ask the school office.');
      expect(await bare.db.selectFrom('subscriptions').select('id').execute()).toEqual([]);
      // And without a valid VAPID contact (the localhost default), no push key is offered.
      expect((await bare.app.inject({ method: 'GET', url: '/api/subscribe/STHSM' })).json()).toEqual({ email: false, push: null });
    } finally {
      await bare.close();
    }
  });
});
