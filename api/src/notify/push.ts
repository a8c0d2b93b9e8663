import { createECDH, createHash } from 'node:crypto';
import https from 'node:https';
import net from 'node:net';
import webpush from 'web-push';
import { createPushEncrypter, type Encrypted } from './push-encrypt.ts';
import { z } from 'zod';
import { bareHost, guardedLookup, isPublicAddress } from '../import/address-guard.ts';
import type { DeliveryResult, Message, PushRecipient, Sender } from './sender.ts';

// The web push sender (RFC 8030, 8291, 8292): one encrypted message to one browser's push
// subscription. The maintained `web-push` package builds the request (the VAPID signature and the
// aes128gcm encryption); it is sent here with node:https so that every connection goes through the
// address guard (address-guard.ts): a push address is written by a visitor's browser, so it is
// treated like any other address a stranger gives us. No redirect is followed, the whole request has
// a time-out, and the push service's answer is mapped to the DeliveryResult the send job acts on.
// Nothing returned or logged names the endpoint or the keys: the endpoint is a capability.

const MAX_ENDPOINT_LENGTH = 1000;
const NOT_SENDABLE = "This browser's push address is not one the school can send to.";

/**
 * Why a browser's push address cannot be stored or sent to, in a sentence for the visitor, or
 * undefined. An address written as an IP literal is checked here; a name is checked on every
 * connection, on the address it really resolves to (`allowAddress`, public addresses by default).
 */
export function checkPushEndpoint(endpoint: string, allowAddress: (address: string) => boolean = isPublicAddress): string | undefined {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return "This browser's push address is too long.";
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "This browser's push address is not a web address.";
  }
  if (url.protocol !== 'https:') return "This browser's push address is not a secure (https) address.";
  if (url.username || url.password) return NOT_SENDABLE;
  const host = bareHost(url.hostname);
  if (!host) return NOT_SENDABLE;
  if (net.isIP(host) && !allowAddress(host)) return NOT_SENDABLE;
  return undefined;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The bytes of an unpadded base64url string, or undefined when it is not one. */
function fromBase64url(text: string): Buffer | undefined {
  if (!BASE64URL.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  // Only the canonical spelling: no stray trailing bits, nothing Buffer skipped over.
  return bytes.toString('base64url') === text ? bytes : undefined;
}

/** Whether `point` is an uncompressed P-256 public key that lies on the curve. */
function isP256Point(point: Buffer): boolean {
  if (point.length !== 65 || point[0] !== 0x04) return false;
  try {
    // OpenSSL refuses a point that is not on the curve when it decodes it.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why a browser's push keys cannot be used, in a sentence for the visitor, or undefined: `p256dh`
 * is its P-256 public key (65 bytes, uncompressed) and `auth` its 16-byte secret, both base64url.
 */
export function checkPushKeys(p256dh: string, auth: string): string | undefined {
  const key = fromBase64url(p256dh);
  if (!key || !isP256Point(key)) return "This browser's push key is not valid.";
  const secret = fromBase64url(auth);
  if (secret?.length !== 16) return "This browser's push secret is not valid.";
  return undefined;
}

/** A new VAPID key pair (base64url), made once for a platform and kept in its settings. */
export function createVapidKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { publicKey, privateKey };
}

/** Why a VAPID subject (the contact a push service may write to) is not usable, or undefined. */
export function checkVapidSubject(subject: string): string | undefined {
  const refused = 'The push contact must be a mailto: address (mailto:office@school.example) or an https: address.';
  let url: URL;
  try {
    url = new URL(subject);
  } catch {
    return refused;
  }
  if (url.protocol === 'mailto:') {
    if (url.search || url.hash) return refused;
    return z.email().safeParse(decodeURIComponent(url.pathname)).success ? undefined : refused;
  }
  if (url.protocol === 'https:' && url.hostname && !url.username && !url.password) return undefined;
  return refused;
}

export interface PushSenderOptions {
  vapid: { subject: string; publicKey: string; privateKey: string };
  /** The whole request, answer included. */
  timeoutMs?: number;
  /** Which addresses a connection may reach; public ones by default (tests allow their loopback). */
  allowAddress?: (address: string) => boolean;
  /** Certificates to trust besides the system's (tests trust their own push service). */
  ca?: string | Buffer;
}

/** Push services keep 4 KB; the encryption adds 86 bytes and the JSON a little. */
export const MAX_PAYLOAD_BYTES = 3 * 1024;

const fits = (text: string) => Buffer.byteLength(text) <= MAX_PAYLOAD_BYTES;

/** The notification's JSON, at most MAX_PAYLOAD_BYTES: a long body is shortened, never the rest. */
export function pushPayload(message: Message): string | undefined {
  const encode = (body: string) => JSON.stringify({ title: message.title, body, url: message.url, tag: message.tag, topic: message.topic });
  const whole = encode(message.body);
  if (fits(whole)) return whole;
  // The longest beginning of the body (whole characters) that fits with an ellipsis after it.
  const chars = Array.from(message.body);
  const shortened = (n: number) => encode(`${chars.slice(0, n).join('').trimEnd()}…`);
  let lo = 0;
  let hi = chars.length - 1;
  if (!fits(shortened(lo))) return undefined;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(shortened(mid))) lo = mid;
    else hi = mid - 1;
  }
  return shortened(lo);
}

/** The Topic header: a push service keeps only the newest undelivered message per topic (one per item). */
const topicFor = (message: Message) =>
  createHash('sha256').update(`${message.schoolCode}\n${message.tag}`).digest('base64url').slice(0, 32);

/** Retry-After as milliseconds (seconds or an HTTP date), or undefined. */
function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Throws, in words for the operator, when the VAPID settings cannot sign anything. */
function checkVapid(vapid: PushSenderOptions['vapid']): void {
  const subject = checkVapidSubject(vapid.subject);
  if (subject) throw new Error(subject);
  const publicKey = fromBase64url(vapid.publicKey);
  const privateKey = fromBase64url(vapid.privateKey);
  if (publicKey?.length !== 65 || privateKey?.length !== 32)
    throw new Error('The VAPID keys must be a P-256 key pair in base64url (make one with createVapidKeys).');
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(privateKey);
  } catch {
    throw new Error('The VAPID private key is not a P-256 private key.');
  }
  if (!ecdh.getPublicKey().equals(publicKey)) throw new Error('The VAPID public key is not the one of the VAPID private key.');
}

interface Answer {
  status: number;
  retryAfter: string | string[] | undefined;
}

/** The web push Sender; one keep-alive agent per sender, every new connection's address checked. */
export function createPushSender(options: PushSenderOptions): Sender<PushRecipient> {
  checkVapid(options.vapid);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const allowAddress = options.allowAddress ?? isPublicAddress;
  const agent = new https.Agent({
    keepAlive: true,
    lookup: guardedLookup(allowAddress),
    ...(options.ca === undefined ? {} : { ca: options.ca }),
  });

  /** One POST; the answer's status once its body has been read (so the connection can be reused). */
  const post = (endpoint: string, headers: Record<string, string>, body: Buffer, signal: AbortSignal) =>
    new Promise<Answer>((resolve, reject) => {
      const req = https.request(endpoint, { method: 'POST', headers, agent, signal });
      req.on('error', reject);
      req.on('response', (res) => {
        const answer = { status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] };
        res.on('error', reject);
        res.on('end', () => resolve(answer));
        res.on('close', () => {
          if (!res.complete) reject(Object.assign(new Error('the answer was cut off'), { code: 'ECONNRESET' }));
        });
        // The body (an error description at most) is not needed: read and dropped.
        res.resume();
      });
      req.end(body);
    });

  const encrypter = createPushEncrypter();
  return {
    channel: 'push',
    close: () => encrypter.close(),
    async send(recipient, message, signal) {
      if (checkPushEndpoint(recipient.endpoint, allowAddress))
        return { outcome: 'failed', reason: 'the push address is not one we send to' };
      const payload = pushPayload(message);
      if (payload === undefined) return { outcome: 'failed', reason: 'the message is too large for a push notification' };
      let request: Encrypted | undefined;
      try {
        // In a worker thread (push-encrypt.ts): the elliptic-curve work stays off the event loop.
        request = await encrypter.encrypt(
          { endpoint: recipient.endpoint, keys: { p256dh: recipient.p256dh, auth: recipient.auth } },
          payload,
          {
            vapidDetails: options.vapid,
            TTL: message.ttlSeconds,
            urgency: message.urgency,
            topic: topicFor(message),
            contentEncoding: 'aes128gcm',
          },
        );
      } catch {
        return { outcome: 'retry', reason: 'the encryption worker stopped' };
      }
      if (!request) return { outcome: 'failed', reason: 'could not encrypt for this subscription (its keys are not valid)' };
      if (!request.body) return { outcome: 'failed', reason: 'could not encrypt the message' };
      const { headers } = request;
      const deadline = AbortSignal.timeout(timeoutMs);
      let answer: Answer;
      try {
        answer = await post(request.endpoint, headers, request.body, signal ? AbortSignal.any([deadline, signal]) : deadline);
      } catch (err) {
        return connectionProblem(err as NodeJS.ErrnoException, deadline, timeoutMs);
      }
      return outcomeOf(answer);
    },
  };
}

function connectionProblem(err: NodeJS.ErrnoException, deadline: AbortSignal, timeoutMs: number): DeliveryResult {
  if (err.code === 'ENOTPUBLIC') return { outcome: 'failed', reason: 'the push address resolves to an address we do not send to' };
  if (deadline.aborted)
    return { outcome: 'retry', reason: `no answer within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}` };
  if (err.name === 'AbortError') return { outcome: 'retry', reason: 'the send was stopped' };
  // The code only: a message may name the address connected to.
  return { outcome: 'retry', reason: `could not reach the push service (${err.code ?? 'connection error'})` };
}

function outcomeOf({ status, retryAfter }: Answer): DeliveryResult {
  if (status === 200 || status === 201 || status === 202) return { outcome: 'sent' };
  if (status === 404 || status === 410) return { outcome: 'gone' };
  if (status === 429 || status >= 500) {
    const afterMs = retryAfterMs(retryAfter);
    const reason = `the push service answered ${status}`;
    return afterMs === undefined ? { outcome: 'retry', reason } : { outcome: 'retry', reason, afterMs };
  }
  if (status >= 300 && status < 400)
    return { outcome: 'failed', reason: `the push service redirected (${status}); redirects are not followed` };
  return { outcome: 'failed', reason: `the push service answered ${status}` };
}
