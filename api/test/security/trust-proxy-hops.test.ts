import { afterEach, describe, expect, it } from 'vitest';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { VALID_FORM } from './site-server.ts';

// TRUST_PROXY as a hop count (docs/configuration.md "Rate limits"): only the address the trusted hops
// resolved counts, never an entry the client wrote in front of them. From loopback through one
// proxy (TRUST_PROXY=1) and two (TRUST_PROXY=2), every post carries a fresh client-written
// address first; the alumni form's per-address limit must still fall on the real client.

const LIMIT = 5;
const REAL = '198.51.100.1';
const OTHER = '198.51.100.2';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const HOPS: Array<[hops: string, forwardedFor: (written: string, client: string) => string]> = [
  ['1', (written, client) => `${written}, ${client}`],
  ['2', (written, client) => `${written}, ${client}, 10.0.0.2`],
];

describe(`TRUST_PROXY as a hop count (${engine})`, () => {
  it.each(HOPS)(
    'TRUST_PROXY=%s: a client-written address in front never escapes the limit of the real client',
    async (hops, forwardedFor) => {
      t = await startTestApp({ TRUST_PROXY: hops });
      await createSchool(t.db);
      const app = t.app;
      const send = (written: string, client: string) =>
        app.inject({
          method: 'POST',
          url: '/api/form/STHSM/alumni',
          payload: VALID_FORM,
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor(written, client) },
        });
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) statuses.push((await send(`203.0.113.${i + 1}`, REAL)).statusCode);
      expect(statuses, 'the real client is limited whatever it writes in front').toEqual([...Array<number>(LIMIT).fill(201), 429]);
      // Another real client behind the same proxies has a bucket of its own (the proxies are not counted).
      expect((await send('203.0.113.99', OTHER)).statusCode).toBe(201);
    },
  );
});
