import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, createSchoolHost } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { createStaff, ORIGIN, signIn, type Signed } from '../staff/staff-helpers.ts';
import { createUpload, finish, phoneJpeg, sendChunk } from './media-helpers.ts';

// An upload is acted on only at its own address (routes/admin/media.ts): the tus server would take
// the last "/" segment of the whole URL, query string included, so /uploads/{mine}?x=/{yours} once
// read, finished or deleted someone else's upload — a colleague's, or another school's. Every
// method the tus server handles, and every spelling of the URL, through real routes on both engines.

let t: TestApp;
let victim: Signed;
let colleague: Signed;
let otherSchool: Signed;
let photos = 0;

const OTHER_HOST = 'other.example';
const UPLOADS = '/api/admin/media/uploads';

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  await createSchoolHost(t.db, OTHER_HOST, 'OTHER');
  victim = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  colleague = await signIn(t.app, await createStaff(t.db, { role: 'contributor' }));
  otherSchool = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
});
afterAll(() => t.close());

interface Attacker {
  label: string;
  who: Signed;
  host?: string;
}

const attackers = (): Attacker[] => [
  { label: 'a colleague', who: colleague },
  { label: 'another school', who: otherSchool, host: OTHER_HOST },
];

function tus(method: string, url: string, who: Signed, host?: string, extra: Record<string, string> = {}, payload?: Buffer) {
  return t.app.inject({
    method: method as 'HEAD',
    url,
    headers: {
      origin: ORIGIN,
      cookie: who.cookie,
      'x-csrf-token': who.csrf,
      'tus-resumable': '1.0.0',
      ...(host ? { host, origin: `http://${host}` } : {}),
      ...extra,
    },
    ...(payload ? { payload } : {}),
  });
}

interface VictimUpload {
  id: string;
  half: number;
  bytes: Buffer;
}

/** The victim's upload (a photo of its own colour), half sent. */
async function victimUpload(): Promise<VictimUpload> {
  photos++;
  const bytes = await phoneJpeg(640, 480, `#${(0x102030 + photos * 0x050301).toString(16)}`);
  const { id, res } = await createUpload(t.app, victim, bytes.length, 'Victim.jpg');
  expect(res.statusCode, res.body).toBe(201);
  const half = Math.floor(bytes.length / 2);
  expect((await sendChunk(t.app, victim, id, 0, bytes.subarray(0, half))).statusCode).toBe(204);
  return { id, half, bytes };
}

/** The attacker's own upload (in their own school), so that their own id passes every check. */
async function ownUpload(a: Attacker): Promise<string> {
  const { id, res } = await createUpload(
    t.app,
    a.who,
    10,
    'Mine.jpg',
    'image/jpeg',
    a.host ? { host: a.host, origin: `http://${a.host}` } : {},
  );
  expect(res.statusCode, res.body).toBe(201);
  return id;
}

/** The victim's upload is as it was: its offset, and it still finishes into the victim's photo. */
async function untouched(upload: VictimUpload) {
  const head = await tus('HEAD', `${UPLOADS}/${upload.id}`, victim);
  expect(head.statusCode).toBe(200);
  expect(Number(head.headers['upload-offset'])).toBe(upload.half);
  expect((await sendChunk(t.app, victim, upload.id, upload.half, upload.bytes.subarray(upload.half))).statusCode).toBe(204);
  const done = await finish(t.app, victim, upload.id);
  expect(done.statusCode, done.body).toBe(201);
  // The victim's own bytes (stored upright: phoneJpeg is sideways).
  expect(done.json().item).toMatchObject({ name: 'Victim.jpg', width: 480, height: 640 });
}

/** One request as written on the wire (inject would tidy the target); the status line and headers. */
function rawRequest(port: number, method: string, target: string, who: Signed, headers: Record<string, string>, body: Buffer) {
  const lines = [
    `${method} ${target} HTTP/1.1`,
    'host: localhost',
    `origin: ${ORIGIN}`,
    `cookie: ${who.cookie}`,
    `x-csrf-token: ${who.csrf}`,
    'tus-resumable: 1.0.0',
    'connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return new Promise<string>((resolve, reject) => {
    // Written, not ended: a half-closed request may be taken as abandoned. "connection: close" ends it.
    const socket = connect(port, '127.0.0.1', () => socket.write(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), body])));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer.split('\r\n\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

/**
 * Spellings of "my upload, then the victim's id" (each must act on neither the victim's upload nor
 * leak it). A fragment is not sent by inject (it drops it): that one goes over a real socket below.
 */
const spellings = (own: string, victimId: string) => [
  `${UPLOADS}/${own}?x=/${victimId}`,
  `${UPLOADS}/${own}?/${victimId}`,
  `${UPLOADS}/${own}?x=%2F${victimId}`,
  `${UPLOADS}/${own}?x=/${victimId}/`,
  `${UPLOADS}/${own}%2F${victimId}`,
  `${UPLOADS}/${own}%2F..%2F${victimId}`,
  `${UPLOADS}/${own};x=/${victimId}`,
  `${UPLOADS}/${own};/${victimId}`,
  `${UPLOADS}/${own}//${victimId}`,
  `${UPLOADS}//${victimId}`,
  `/api/admin/media//uploads/${victimId}`,
  `${UPLOADS}/x/../${victimId}`,
];

describe(`an upload is reached only at its own address (${engine})`, () => {
  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    it(`${method} with a query string naming another upload is refused (400, a message), for a colleague and another school`, async () => {
      for (const a of attackers()) {
        const target = await victimUpload();
        const own = await ownUpload(a);
        const extra: Record<string, string> =
          method === 'PATCH' ? { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(target.half) } : {};
        const payload = method === 'PATCH' ? Buffer.alloc(target.bytes.length - target.half, 7) : undefined;
        const res = await tus(method, `${UPLOADS}/${own}?x=/${target.id}`, a.who, a.host, extra, payload);
        expect(res.statusCode, `${a.label}: ${res.body}`).toBe(400);
        expect(res.headers['upload-offset'], a.label).toBeUndefined();
        expect(res.headers['upload-metadata'], a.label).toBeUndefined();
        if (method !== 'HEAD')
          expect(res.json().error, a.label).toBe('An upload’s address takes no query string: use its address as given.');
        await untouched(target);
      }
    });
  }

  it('no spelling of the URL (encoded slash, ";" parameters, double slashes, dot segments) reaches another upload', async () => {
    for (const a of attackers()) {
      for (const method of ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
        const target = await victimUpload();
        const own = await ownUpload(a);
        for (const url of spellings(own, target.id)) {
          const extra: Record<string, string> =
            method === 'PATCH' ? { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(target.half) } : {};
          const payload = method === 'PATCH' ? Buffer.alloc(target.bytes.length - target.half, 7) : undefined;
          const res = await tus(method, url, a.who, a.host, extra, payload);
          const what = `${a.label}: ${method} ${url}: ${res.statusCode} ${res.body}`;
          expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, what).toBeLessThan(500);
          expect(res.headers['upload-offset'], what).toBeUndefined();
          expect(res.headers['upload-metadata'], what).toBeUndefined();
        }
        await untouched(target);
      }
    }
  });

  it('over a real socket: a fragment or a query string in the request line reaches no other upload', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      const target = await victimUpload();
      const own = await ownUpload(attackers()[0] as Attacker);
      for (const url of [`${UPLOADS}/${own}#/${target.id}`, `${UPLOADS}/${own}?x=/${target.id}`]) {
        const body = method === 'PATCH' ? Buffer.alloc(target.bytes.length - target.half, 7) : Buffer.alloc(0);
        const head = await rawRequest(
          address.port,
          method,
          url,
          colleague,
          {
            ...(method === 'PATCH' ? { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(target.half) } : {}),
            'content-length': String(body.length),
          },
          body,
        );
        expect(head, `${method} ${url}`).toMatch(/^HTTP\/1\.1 400 /);
        expect(head.toLowerCase(), `${method} ${url}`).not.toContain('upload-offset');
      }
      await untouched(target);
    }
  });

  it('refuses a query string on the creation (POST) with a message, and creates nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${UPLOADS}?x=/anything`,
      headers: {
        origin: ORIGIN,
        cookie: colleague.cookie,
        'x-csrf-token': colleague.csrf,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.json().error).toBe('An upload’s address takes no query string: use its address as given.');
  });

  it('still serves the owner at the plain address: HEAD, PATCH and DELETE', async () => {
    const mine = await victimUpload();
    const head = await tus('HEAD', `${UPLOADS}/${mine.id}`, victim);
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['upload-offset'])).toBe(mine.half);
    const gone = await tus('DELETE', `${UPLOADS}/${mine.id}`, victim);
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await tus('HEAD', `${UPLOADS}/${mine.id}`, victim)).statusCode).toBe(404);
  });
});
