import { execFile } from 'node:child_process';
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, verify, randomBytes, type ECDH, type KeyObject } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// A push service on loopback for the web push sender's tests (api/src/notify/push.ts): HTTPS with a
// certificate made at start, and for every message what a real push service checks (RFC 8030, the
// VAPID header of RFC 8292) plus what only the browser does: it holds each subscription's private
// key and decrypts the body (RFC 8291 over RFC 8188) with node:crypto, written out here from the
// RFCs rather than with web-push or http_ece, so the sender's library is not tested by itself.
// Quiet and keep-alive, so a test may send it thousands of messages.

export interface ReceivedPush {
  /** The endpoint's name (endpointFor); '' for a path that names none. */
  name: string;
  /** What the service answered. */
  status: number;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The JWT's `sub`; '' when there was no valid JWT. */
  vapidSubject: string;
  /** Whether the JWT's `aud` was this service's origin. */
  vapidAudienceOk: boolean;
  /** The decrypted JSON; undefined when the message was refused before it was read. */
  payload: unknown;
}

export interface PushService {
  /** https://127.0.0.1:PORT */
  origin: string;
  /** The certificate (PEM) a client must trust. */
  ca: string;
  endpointFor(name: string): string;
  /** The next and later messages to `name` (that pass every check) get this answer; 201 by default. */
  answer(name: string, status: number, headers?: Record<string, string>): void;
  /**
   * A browser's subscription to `name`: a new P-256 key pair and 16-byte auth secret, kept to decrypt.
   * With `applicationServerKey` (base64url), as a browser's pushManager.subscribe() takes it, only
   * messages signed by that VAPID key are accepted (403 otherwise).
   */
  subscription(name: string, applicationServerKey?: string): { endpoint: string; p256dh: string; auth: string };
  received: ReceivedPush[];
  /** TLS connections accepted so far (a keep-alive sender opens few). */
  readonly connections: number;
  close(): Promise<void>;
}

/** RFC 8030 requires at least 4096 bytes of body be accepted; more is refused. */
const MAX_BODY = 4096;
const MAX_JWT_LIFETIME_S = 24 * 60 * 60;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);

interface Subscription {
  ecdh: ECDH;
  auth: Buffer;
  applicationServerKey: string | undefined;
}

/** A refusal: the status answered and why (in the body, for a failing test's message). */
class Refused extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** A self-signed certificate for 127.0.0.1, made with openssl in a directory removed at once. */
async function makeCertificate(): Promise<{ key: string; cert: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sthsm-push-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]);
    return { key: await readFile(keyFile, 'utf8'), cert: await readFile(certFile, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Each VAPID key's KeyObject, made once (a sender signs every message with the same key). */
const vapidKeys = new Map<string, KeyObject>();
function vapidKey(raw: Buffer): KeyObject {
  const known = vapidKeys.get(raw.toString('base64url'));
  if (known) return known;
  try {
    if (raw.length !== 65 || raw[0] !== 0x04) throw new Error('not an uncompressed point');
    const key = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    vapidKeys.set(raw.toString('base64url'), key);
    return key;
  } catch {
    throw new Refused(401, 'the VAPID key (k=) is not a P-256 public key');
  }
}

/** The JWT's claims once its ES256 signature by `key` (a raw P-256 public key) is checked. */
function verifiedClaims(jwt: string, key: Buffer): Record<string, unknown> {
  const parts = jwt.split('.');
  if (parts.length !== 3) throw new Refused(401, 'the VAPID token is not a JWT');
  const [head, body, signature] = parts as [string, string, string];
  const publicKey = vapidKey(key);
  let joseHeader: unknown;
  let claims: unknown;
  try {
    joseHeader = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new Refused(401, 'the VAPID token is not JSON');
  }
  if ((joseHeader as { alg?: unknown }).alg !== 'ES256') throw new Refused(401, 'the VAPID token is not ES256');
  // JOSE writes an ECDSA signature as r || s (IEEE P1363), not DER.
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Refused(401, 'the VAPID signature does not verify');
  if (typeof claims !== 'object' || claims === null) throw new Refused(401, 'the VAPID claims are not an object');
  return claims as Record<string, unknown>;
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** The plaintext of an aes128gcm body (RFC 8188) encrypted for `sub` (RFC 8291); throws Refused(400). */
function decryptAes128gcm(body: Buffer, sub: { ecdh: ECDH; auth: Buffer }): Buffer {
  if (body.length < 21) throw new Refused(400, 'the body is shorter than its header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] as number;
  if (rs < 18) throw new Refused(400, 'the record size is too small');
  if (idlen !== 65 || body.length < 21 + idlen) throw new Refused(400, "the key id is not the sender's P-256 public key");
  const senderPublic = body.subarray(21, 21 + idlen);
  let secret: Buffer;
  try {
    secret = sub.ecdh.computeSecret(senderPublic);
  } catch {
    throw new Refused(400, "the sender's public key is not on the curve");
  }
  // RFC 8291 section 3.4: the auth secret and both public keys go into the input keying material.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.ecdh.getPublicKey(), senderPublic]);
  const ikm = hkdf(sub.auth, secret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const ciphertext = body.subarray(21 + idlen);
  if (ciphertext.length === 0) throw new Refused(400, 'there is no record');
  const out: Buffer[] = [];
  for (let seq = 0, at = 0; at < ciphertext.length; seq++, at += rs) {
    const record = ciphertext.subarray(at, at + rs);
    const last = at + rs >= ciphertext.length;
    if (record.length < 17) throw new Refused(400, 'a record is shorter than its tag');
    // RFC 8188 section 2.3: the nonce is the base nonce XOR the record's sequence number.
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new Refused(400, 'a record does not decrypt (its tag does not match)');
    }
    // Padding: a delimiter (2 in the last record, 1 in the others), then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (end < 0 || plain[end] !== (last ? 2 : 1)) throw new Refused(400, 'a record has no valid padding delimiter');
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}

export async function startPushService(): Promise<PushService> {
  const { key, cert } = await makeCertificate();
  const subscriptions = new Map<string, Subscription>();
  const answers = new Map<string, { status: number; headers: Record<string, string> }>();
  const received: ReceivedPush[] = [];
  let origin = '';

  /** Checks one message as a push service and its browser would; records it and answers. */
  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer, tooLarge: boolean) => {
    const url = new URL(req.url ?? '/', origin);
    const match = /^\/push\/([^/]+)$/.exec(url.pathname);
    const name = match ? decodeURIComponent(match[1] as string) : '';
    const record: ReceivedPush = {
      name,
      status: 0,
      ttl: header(req, 'ttl'),
      urgency: header(req, 'urgency'),
      vapidSubject: '',
      vapidAudienceOk: false,
      payload: undefined,
    };
    received.push(record);
    let status = 201;
    let headers: Record<string, string> = {};
    let text = '';
    try {
      if (req.method !== 'POST') throw new Refused(405, 'only POST');
      const sub = subscriptions.get(name);
      if (!sub) throw new Refused(404, 'no such subscription');

      // RFC 8292: Authorization: vapid t=<JWT>, k=<the signer's public key>.
      const auth = /^vapid\s+(.*)$/i.exec(header(req, 'authorization') ?? '');
      if (!auth) throw new Refused(401, 'no vapid authorization');
      const params = new Map(
        (auth[1] as string).split(',').map((part) => {
          const at = part.indexOf('=');
          return [part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim()] as const;
        }),
      );
      const jwt = params.get('t');
      const k = params.get('k');
      if (!jwt || !k) throw new Refused(401, 'the vapid authorization lacks t= or k=');
      const claims = verifiedClaims(jwt, Buffer.from(k, 'base64url'));
      record.vapidSubject = typeof claims.sub === 'string' ? claims.sub : '';
      record.vapidAudienceOk = claims.aud === origin;
      const now = Math.floor(Date.now() / 1000);
      if (typeof claims.exp !== 'number' || claims.exp <= now) throw new Refused(401, 'the VAPID token has expired');
      if (claims.exp > now + MAX_JWT_LIFETIME_S) throw new Refused(401, 'the VAPID token lives longer than 24 hours');
      if (!record.vapidAudienceOk) throw new Refused(403, 'the VAPID audience is not this push service');
      if (sub.applicationServerKey !== undefined && k !== sub.applicationServerKey)
        throw new Refused(403, 'the VAPID key is not the one this subscription was made for');

      // RFC 8030 section 5.2: TTL is required; Urgency and Topic have fixed forms.
      if (!record.ttl || !/^\d+$/.test(record.ttl)) throw new Refused(400, 'no TTL');
      if (record.urgency !== undefined && !URGENCIES.has(record.urgency)) throw new Refused(400, 'an unknown urgency');
      const topic = header(req, 'topic');
      if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic))
        throw new Refused(400, 'a topic that is not 1 to 32 base64url characters');
      if (tooLarge) throw new Refused(413, `a body larger than ${MAX_BODY} bytes`);
      if (header(req, 'content-encoding') !== 'aes128gcm') throw new Refused(400, 'the content encoding is not aes128gcm');

      const plain = decryptAes128gcm(body, sub);
      try {
        record.payload = JSON.parse(plain.toString('utf8')) as unknown;
      } catch {
        throw new Refused(400, 'the decrypted payload is not JSON');
      }
      const chosen = answers.get(name);
      if (chosen) ({ status, headers } = chosen);
      if (status === 201) headers = { location: `${origin}/message/${randomBytes(8).toString('hex')}`, ...headers };
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      status = err.status;
      text = err.message;
    }
    record.status = status;
    res.writeHead(status, { 'content-type': 'text/plain', ...headers });
    res.end(text);
  };

  const server = https.createServer({ key, cert, keepAliveTimeout: 10_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => handle(req, res, Buffer.concat(chunks), size > MAX_BODY));
  });
  let connections = 0;
  server.on('secureConnection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const endpointFor = (name: string) => `${origin}/push/${encodeURIComponent(name)}`;
  return {
    origin,
    ca: cert,
    endpointFor,
    answer(name, status, headers = {}) {
      answers.set(name, { status, headers });
    },
    subscription(name, applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(name, { ecdh, auth, applicationServerKey });
      return { endpoint: endpointFor(name), p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') };
    },
    received,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
