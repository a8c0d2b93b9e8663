import { createECDH, randomBytes } from 'node:crypto';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  checkPushEndpoint,
  checkPushKeys,
  checkVapidSubject,
  createPushSender,
  createVapidKeys,
  MAX_PAYLOAD_BYTES,
  pushPayload,
} from '../../src/notify/push.ts';
import type { DeliveryResult, Message, PushRecipient, Sender } from '../../src/notify/sender.ts';
import { startPushService, type PushService } from '../support/push-service.ts';

// The web push sender (api/src/notify/push.ts) through real HTTPS on loopback, against a push
// service that checks the VAPID signature and decrypts every message with the subscription's own
// keys (test/support/push-service.ts), as the browser at the other end would.

const vapid = { subject: 'mailto:office@school.example', ...createVapidKeys() };
/** The tests' push service is on loopback: the only address these senders may reach. */
const loopbackOnly = (address: string) => address === '127.0.0.1';
let service: PushService;
let sender: Sender<PushRecipient>;

const message = (o: Partial<Message> = {}): Message => ({
  schoolCode: 'STHSM',
  schoolName: 'St. Thomas Higher Secondary School',
  title: 'School closed tomorrow',
  body: 'Heavy rain is expected: the school is closed on Friday. Classes resume on Monday.',
  url: 'https://www.sthsm.example/notices/rain-closure',
  topic: 'notices',
  ttlSeconds: 3600,
  urgency: 'high',
  tag: 'notice-42',
  ...o,
});

/** What the sender must never put in a reason: the endpoint and the keys. */
const expectNoSecrets = (result: DeliveryResult, recipient: PushRecipient) => {
  const reason = 'reason' in result ? result.reason : '';
  for (const secret of [recipient.endpoint, new URL(recipient.endpoint).pathname, recipient.p256dh, recipient.auth]) {
    expect(reason).not.toContain(secret);
  }
};

/** A POST straight to the service, for requests the sender would never make. */
function post(endpoint: string, headers: Record<string, string>, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = https.request(endpoint, { method: 'POST', headers, ca: service.ca, agent: false });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.end(body);
  });
}

/** The request the web-push library builds, its numbers as strings. */
function requestFor(recipient: PushRecipient, payload: string, keys = vapid) {
  const details = webpush.generateRequestDetails(
    { endpoint: recipient.endpoint, keys: { p256dh: recipient.p256dh, auth: recipient.auth } },
    payload,
    {
      vapidDetails: keys,
      TTL: 60,
      contentEncoding: 'aes128gcm',
    },
  );
  const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
  return { headers, body: details.body as Buffer };
}

beforeAll(async () => {
  service = await startPushService();
  sender = createPushSender({ vapid, allowAddress: loopbackOnly, ca: service.ca, timeoutMs: 5000 });
});
afterAll(() => service.close());
beforeEach(() => {
  service.received.length = 0;
});

describe('the push sender', () => {
  it('delivers a message the browser can decrypt, with its TTL, urgency and a VAPID token for this push service', async () => {
    const parent = service.subscription('parent-1', vapid.publicKey);
    const result = await sender.send(parent, message());
    expect(result).toEqual({ outcome: 'sent' });
    expect(service.received).toEqual([
      {
        name: 'parent-1',
        status: 201,
        ttl: '3600',
        urgency: 'high',
        vapidSubject: 'mailto:office@school.example',
        vapidAudienceOk: true,
        payload: {
          title: 'School closed tomorrow',
          body: 'Heavy rain is expected: the school is closed on Friday. Classes resume on Monday.',
          url: 'https://www.sthsm.example/notices/rain-closure',
          tag: 'notice-42',
          topic: 'notices',
        },
      },
    ]);

    expect(await sender.send(parent, message({ ttlSeconds: 86_400, urgency: 'normal', title: 'Sports day', topic: 'events' }))).toEqual({
      outcome: 'sent',
    });
    expect(service.received[1]).toMatchObject({ ttl: '86400', urgency: 'normal', payload: { title: 'Sports day', topic: 'events' } });
  });

  it('puts no personal data in the payload: only what the public page says', async () => {
    const parent = service.subscription('parent-payload');
    await sender.send(parent, message());
    expect(Object.keys(service.received[0]?.payload as object).sort()).toEqual(['body', 'tag', 'title', 'topic', 'url']);
  });

  it('shortens a long body to fit 3 KB, and still delivers', async () => {
    const long = message({ body: 'Annual day programme: ' + 'रंगारंग कार्यक्रम और पुरस्कार वितरण। '.repeat(200) });
    const payload = pushPayload(long) as string;
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(Buffer.byteLength(payload)).toBeGreaterThan(MAX_PAYLOAD_BYTES - 100);
    const parent = service.subscription('parent-long');
    expect(await sender.send(parent, long)).toEqual({ outcome: 'sent' });
    const body = (service.received[0]?.payload as { body: string } | undefined)?.body ?? '';
    expect(body.endsWith('…')).toBe(true);
    expect(long.body.startsWith(body.slice(0, -1))).toBe(true);
    expect(pushPayload(message())).toBe(
      JSON.stringify({ title: message().title, body: message().body, url: message().url, tag: 'notice-42', topic: 'notices' }),
    );
  });

  it('answers gone for 404 and 410: the subscription no longer exists', async () => {
    for (const status of [404, 410]) {
      const name = `gone-${status}`;
      const parent = service.subscription(name);
      service.answer(name, status);
      expect(await sender.send(parent, message()), String(status)).toEqual({ outcome: 'gone' });
    }
    expect(service.received.map((r) => r.status)).toEqual([404, 410]);
  });

  it("answers retry for 429 with Retry-After's wait (seconds or a date), and for 5xx", async () => {
    const busy = service.subscription('busy');
    service.answer('busy', 429, { 'retry-after': '7' });
    const result = await sender.send(busy, message());
    expect(result).toEqual({ outcome: 'retry', reason: 'the push service answered 429', afterMs: 7000 });
    expectNoSecrets(result, busy);

    const dated = service.subscription('busy-until');
    service.answer('busy-until', 503, { 'retry-after': new Date(Date.now() + 30_000).toUTCString() });
    const later = await sender.send(dated, message());
    expect(later.outcome).toBe('retry');
    expect(later.outcome === 'retry' && later.afterMs).toBeGreaterThan(27_000);
    expect(later.outcome === 'retry' && later.afterMs).toBeLessThanOrEqual(30_000);

    const down = service.subscription('down');
    service.answer('down', 500);
    expect(await sender.send(down, message())).toEqual({ outcome: 'retry', reason: 'the push service answered 500' });
  });

  it('answers failed for 400, 403 and 413, with the status and never the endpoint or keys', async () => {
    for (const status of [400, 403, 413]) {
      const name = `refused-${status}`;
      const parent = service.subscription(name);
      service.answer(name, status);
      const result = await sender.send(parent, message());
      expect(result, String(status)).toEqual({ outcome: 'failed', reason: `the push service answered ${status}` });
      expectNoSecrets(result, parent);
    }
  });

  it('does not follow a redirect: a 301 is failed, and the service sees one request', async () => {
    const moved = service.subscription('moved');
    const target = service.subscription('moved-to');
    service.answer('moved', 301, { location: target.endpoint });
    const result = await sender.send(moved, message());
    expect(result.outcome).toBe('failed');
    expect(result.outcome === 'failed' && result.reason).toMatch(/redirect.*301|301.*redirect/);
    expectNoSecrets(result, target);
    expect(service.received.map((r) => [r.name, r.status])).toEqual([['moved', 301]]);
  });

  it('fails when the subscription was made for another VAPID key (the service answers 403)', async () => {
    const parent = service.subscription('other-key', createVapidKeys().publicKey);
    expect(await sender.send(parent, message())).toEqual({ outcome: 'failed', reason: 'the push service answered 403' });
    expect(service.received[0]).toMatchObject({ status: 403, vapidAudienceOk: true, payload: undefined });
  });

  it('refuses, with the default address rule, a name that resolves to loopback: no request reaches the service', async () => {
    const guarded = createPushSender({ vapid });
    const parent = service.subscription('private');
    const port = new URL(service.origin).port;
    const byName = { ...parent, endpoint: `https://localhost:${port}/push/private` };
    const result = await guarded.send(byName, message());
    expect(result).toEqual({ outcome: 'failed', reason: 'the push address resolves to an address we do not send to' });
    // Written as an address, it is refused before any connection.
    expect(await guarded.send(parent, message())).toEqual({ outcome: 'failed', reason: 'the push address is not one we send to' });
    expect(service.received).toEqual([]);
  });

  it('answers retry when the push service cannot be reached or does not answer in time', async () => {
    const parent = service.subscription('unreachable');
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await sender.send({ ...parent, endpoint: `https://127.0.0.1:${closedPort}/push/unreachable` }, message());
    expect(refused).toEqual({ outcome: 'retry', reason: 'could not reach the push service (ECONNREFUSED)' });

    // Accepts the connection and says nothing.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const quick = createPushSender({ vapid, allowAddress: loopbackOnly, ca: service.ca, timeoutMs: 300 });
      const endpoint = `https://127.0.0.1:${(silent.address() as AddressInfo).port}/push/unreachable`;
      const started = Date.now();
      expect(await quick.send({ ...parent, endpoint }, message())).toEqual({ outcome: 'retry', reason: 'no answer within 300 ms' });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('stops when the caller aborts', async () => {
    const parent = service.subscription('aborted');
    expect(await sender.send(parent, message(), AbortSignal.abort())).toEqual({ outcome: 'retry', reason: 'the send was stopped' });
  });

  it('checks a stored endpoint again when sending', async () => {
    const parent = service.subscription('stored');
    for (const endpoint of [parent.endpoint.replace('https:', 'http:'), parent.endpoint.replace('https://', 'https://user:pw@')]) {
      expect(await sender.send({ ...parent, endpoint }, message())).toEqual({
        outcome: 'failed',
        reason: 'the push address is not one we send to',
      });
    }
    expect(service.received).toEqual([]);
  });

  it('fails, without a request, for a subscription whose keys cannot be encrypted for', async () => {
    const parent = service.subscription('bad-keys');
    const result = await sender.send({ ...parent, p256dh: parent.p256dh.slice(0, 20) }, message());
    expect(result).toEqual({ outcome: 'failed', reason: 'could not encrypt for this subscription (its keys are not valid)' });
    expect(service.received).toEqual([]);
  });

  it('sends many messages over kept-alive connections', async () => {
    const parents = Array.from({ length: 20 }, (_, i) => service.subscription(`many-${i}`));
    const results: DeliveryResult[] = [];
    const connectionsBefore = service.connections;
    for (let round = 0; round < 25; round++) {
      results.push(...(await Promise.all(parents.map((parent, i) => sender.send(parent, message({ tag: `t-${round}-${i}` }))))));
    }
    expect(results.filter((r) => r.outcome === 'sent')).toHaveLength(500);
    expect(service.received.filter((r) => r.status === 201)).toHaveLength(500);
    // At most one connection per message sent at once, never one per message.
    expect(service.connections - connectionsBefore).toBeLessThanOrEqual(20);
  });

  it('refuses VAPID settings that cannot sign, when it is made', () => {
    const other = createVapidKeys();
    expect(() => createPushSender({ vapid: { ...vapid, publicKey: other.publicKey } })).toThrow(/not the one of the VAPID private key/);
    expect(() => createPushSender({ vapid: { ...vapid, subject: 'office@school.example' } })).toThrow(/mailto:/);
    expect(() => createPushSender({ vapid: { ...vapid, privateKey: 'short' } })).toThrow(/P-256 key pair/);
  });
});

describe('the test push service', () => {
  it('refuses a body with one byte changed (400): the decryption really checks', async () => {
    const parent = service.subscription('tampered');
    const { headers, body } = requestFor(parent, JSON.stringify({ title: 'x' }));
    expect(await post(parent.endpoint, headers, body)).toBe(201);
    const flipped = Buffer.from(body);
    const at = 21 + 65 + 3; // inside the ciphertext, past the header
    flipped[at] = (flipped[at] as number) ^ 0x01;
    expect(await post(parent.endpoint, headers, flipped)).toBe(400);
    expect(service.received.map((r) => [r.status, r.payload])).toEqual([
      [201, { title: 'x' }],
      [400, undefined],
    ]);
  });

  it('refuses a message for another subscription (it cannot be decrypted with these keys)', async () => {
    const parent = service.subscription('mine');
    const stranger = service.subscription('theirs');
    const { headers, body } = requestFor({ ...stranger, endpoint: parent.endpoint }, '{}');
    expect(await post(parent.endpoint, headers, body)).toBe(400);
  });

  it('refuses a VAPID token for another audience (403), signed by another key (401), or missing (401)', async () => {
    const parent = service.subscription('vapid-checks');
    const elsewhere = requestFor({ ...parent, endpoint: 'https://push.example/push/vapid-checks' }, '{}');
    expect(await post(parent.endpoint, elsewhere.headers, elsewhere.body)).toBe(403);
    expect(service.received[0]).toMatchObject({ status: 403, vapidAudienceOk: false, vapidSubject: vapid.subject });

    const right = requestFor(parent, '{}');
    const forged = {
      ...right.headers,
      Authorization: String(right.headers.Authorization).replace(/k=.*$/, `k=${createVapidKeys().publicKey}`),
    };
    expect(await post(parent.endpoint, forged, right.body)).toBe(401);
    const { Authorization: _, ...anonymous } = right.headers;
    expect(await post(parent.endpoint, anonymous, right.body)).toBe(401);
    expect(await post(parent.endpoint, right.headers, right.body)).toBe(201);
  });
});

describe('checkPushEndpoint', () => {
  it('accepts a push service address', () => {
    expect(checkPushEndpoint('https://fcm.googleapis.com/fcm/send/abc')).toBeUndefined();
    expect(checkPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/gAAAA')).toBeUndefined();
    expect(checkPushEndpoint('https://web.push.apple.com/QGx')).toBeUndefined();
  });

  it('refuses http:, credentials, private and local addresses, and a long address, in a sentence', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://user:secret@fcm.googleapis.com/fcm/send/abc',
      'https://10.0.0.1/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1:8443/push',
      'https://2130706433/push', // 127.0.0.1 as one number
      `https://fcm.googleapis.com/fcm/send/${'a'.repeat(1001 - 'https://fcm.googleapis.com/fcm/send/'.length)}`,
      'not a url',
      'javascript:alert(1)',
    ]) {
      const problem = checkPushEndpoint(endpoint);
      expect(problem, endpoint).toMatch(/^This browser's push address .+\.$/);
    }
    expect(`https://fcm.googleapis.com/fcm/send/${'a'.repeat(1001 - 'https://fcm.googleapis.com/fcm/send/'.length)}`).toHaveLength(1001);
    expect(
      checkPushEndpoint(`https://fcm.googleapis.com/fcm/send/${'a'.repeat(1000 - 'https://fcm.googleapis.com/fcm/send/'.length)}`),
    ).toBeUndefined();
  });
});

describe('checkPushKeys', () => {
  const browser = createECDH('prime256v1');
  const p256dh = browser.generateKeys().toString('base64url');
  const auth = randomBytes(16).toString('base64url');

  it("accepts a browser's P-256 public key and 16-byte secret", () => {
    expect(checkPushKeys(p256dh, auth)).toBeUndefined();
  });

  it('refuses a 64-byte key, a point off the curve, a compressed point, and a 15-byte secret', () => {
    const key = Buffer.from(p256dh, 'base64url');
    const offCurve = Buffer.from(key);
    offCurve[64] = (offCurve[64] as number) ^ 0x01;
    expect(checkPushKeys(randomBytes(64).toString('base64url'), auth)).toBe("This browser's push key is not valid.");
    expect(checkPushKeys(key.subarray(0, 64).toString('base64url'), auth)).toBe("This browser's push key is not valid.");
    expect(checkPushKeys(offCurve.toString('base64url'), auth)).toBe("This browser's push key is not valid.");
    expect(checkPushKeys(browser.getPublicKey('base64url', 'compressed'), auth)).toBe("This browser's push key is not valid.");
    expect(checkPushKeys(`${p256dh}!`, auth)).toBe("This browser's push key is not valid.");
    expect(checkPushKeys(p256dh, randomBytes(15).toString('base64url'))).toBe("This browser's push secret is not valid.");
    expect(checkPushKeys(p256dh, randomBytes(17).toString('base64url'))).toBe("This browser's push secret is not valid.");
  });
});

describe('checkVapidSubject', () => {
  it('accepts a mailto: address or an https: address', () => {
    expect(checkVapidSubject('mailto:office@school.example')).toBeUndefined();
    expect(checkVapidSubject('https://school.example/')).toBeUndefined();
  });

  it('refuses anything else', () => {
    for (const subject of ['http://x', 'office@school.example', 'mailto:office', 'mailto:', 'ftp://school.example/', '']) {
      expect(checkVapidSubject(subject), subject).toMatch(/^The push contact must be/);
    }
  });
});
