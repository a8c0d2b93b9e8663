import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { sizeWords, tooLarge } from '../media/judge.ts';
import { bareHost, guardedLookup, isPublicAddress, NOT_PUBLIC } from './address-guard.ts';

// The importer's HTTP client (docs/decisions/0136): at most `concurrency` requests at a time, a
// time-out on every attempt, retries with backoff that honour Retry-After, answers size-capped
// and type-checked, redirects followed by hand (each one a new connection, checked again). With
// `allowPrivate: false` (an administrator's import) every connection's address must be public
// (address-guard.ts); only the operator's command line may read from a private address.

export interface ClientOptions {
  allowPrivate: boolean;
  /** Each attempt of a JSON read, whole answer included. */
  timeoutMs?: number;
  /** Each attempt of a file download. */
  fileTimeoutMs?: number;
  maxJsonBytes?: number;
  maxFileBytes: number;
  concurrency?: number;
  /** Attempts after the first. */
  retries?: number;
  /** The first backoff; doubled each time. */
  backoffMs?: number;
  /** The longest Retry-After waited for; a longer one ends the retries. */
  maxWaitMs?: number;
  /** Which addresses may be reached when private ones may not (tests narrow it); public ones by default. */
  allowAddress?: (address: string) => boolean;
}

const MAX_REDIRECTS = 5;
const USER_AGENT = 'school-site-import/1 (moving a school in; one request at a time per file)';

/** Why a read failed, in words for the report; `retry` when another attempt may succeed. */
export class FetchProblem extends Error {
  readonly retry: boolean;
  readonly waitMs: number | undefined;
  readonly status: number | undefined;
  constructor(message: string, o: { retry?: boolean; waitMs?: number; status?: number } = {}) {
    super(message);
    this.retry = o.retry ?? false;
    this.waitMs = o.waitMs;
    this.status = o.status;
  }
}

export interface FileAnswer {
  /** 304: unchanged since `etag`. */
  status: 200 | 304;
  etag: string | null;
  sha256: string | null;
  bytes: number;
}

/** Retry-After as milliseconds (seconds or an HTTP date), or undefined. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SourceClient {
  readonly #o: Required<ClientOptions>;
  #running = 0;
  readonly #queue: Array<() => void> = [];
  /** Requests in flight at most, ever (the tests read it). */
  peak = 0;

  constructor(options: ClientOptions) {
    this.#o = {
      timeoutMs: 20_000,
      fileTimeoutMs: 120_000,
      maxJsonBytes: 20 * 1024 * 1024,
      concurrency: 4,
      retries: 3,
      backoffMs: 500,
      maxWaitMs: 60_000,
      allowAddress: isPublicAddress,
      ...options,
    };
    this.#lookup = guardedLookup(this.#o.allowAddress);
  }

  readonly #lookup: ReturnType<typeof guardedLookup>;

  async #slot<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#o.concurrency) await new Promise<void>((resolve) => this.#queue.push(resolve));
    this.#running++;
    this.peak = Math.max(this.peak, this.#running);
    try {
      return await work();
    } finally {
      this.#running--;
      this.#queue.shift()?.();
    }
  }

  /** Runs `attempt` with retries: a retryable problem waits (Retry-After, else backoff) and tries again. */
  async #withRetries<T>(attempt: () => Promise<T>): Promise<T> {
    for (let n = 0; ; n++) {
      try {
        return await this.#slot(attempt);
      } catch (err) {
        if (!(err instanceof FetchProblem) || !err.retry || n >= this.#o.retries) throw err;
        const wait = err.waitMs ?? this.#o.backoffMs * 2 ** n;
        if (wait > this.#o.maxWaitMs) throw new FetchProblem(`${err.message} (asked to wait ${Math.ceil(wait / 1000)} s)`);
        await sleep(wait);
      }
    }
  }

  /** A JSON answer of the source: the parsed body (null for a 404) and the next page's address (a Link rel="next"). */
  async json(url: string): Promise<{ body: unknown; next: string | null }> {
    return this.#withRetries(async () => {
      const res = await this.#open(url, { accept: 'application/json' }, this.#o.timeoutMs);
      try {
        if (res.statusCode === 404) return { body: null, next: null };
        checkStatus(res);
        const type = String(res.headers['content-type'] ?? '');
        if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) throw new FetchProblem(`answered ${type || 'no content type'}, not JSON`);
        const body = await readCapped(res, this.#o.maxJsonBytes);
        let parsed: unknown;
        try {
          parsed = JSON.parse(body.toString('utf8')) as unknown;
        } catch {
          throw new FetchProblem('answered malformed JSON');
        }
        return { body: parsed, next: nextLink(res.headers.link, url) };
      } finally {
        res.destroy();
      }
    });
  }

  /** Downloads a file to `dest` (a new file), unless it still has `etag` (304). */
  async file(url: string, dest: string, etag: string | null): Promise<FileAnswer> {
    return this.#withRetries(async () => {
      const headers: Record<string, string> = { accept: '*/*' };
      if (etag) headers['if-none-match'] = etag;
      const res = await this.#open(url, headers, this.#o.fileTimeoutMs);
      try {
        if (res.statusCode === 304 && etag) return { status: 304, etag, sha256: null, bytes: 0 };
        if (res.statusCode === 404) throw new FetchProblem('the file is missing at the source (404)', { status: 404 });
        checkStatus(res);
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > this.#o.maxFileBytes) throw tooBig(this.#o.maxFileBytes);
        const hash = createHash('sha256');
        let bytes = 0;
        const out = createWriteStream(dest, { flags: 'w' });
        try {
          for await (const chunk of res as AsyncIterable<Buffer>) {
            bytes += chunk.length;
            if (bytes > this.#o.maxFileBytes) throw tooBig(this.#o.maxFileBytes);
            hash.update(chunk);
            if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
          }
          await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
        } catch (err) {
          out.destroy();
          await rm(dest, { force: true });
          if (err instanceof FetchProblem) throw err;
          throw new FetchProblem('the download was cut off', { retry: true });
        }
        const tag = res.headers.etag;
        return { status: 200, etag: typeof tag === 'string' ? tag : null, sha256: hash.digest('hex'), bytes };
      } finally {
        res.destroy();
      }
    });
  }

  /** One attempt: the answer's head, after following redirects; the time-out covers the whole answer. */
  async #open(address: string, headers: Record<string, string>, timeoutMs: number): Promise<IncomingMessage> {
    let url = new URL(address);
    const deadline = AbortSignal.timeout(timeoutMs);
    for (let hop = 0; ; hop++) {
      const res = await this.#once(url, headers, deadline, timeoutMs);
      const location = res.headers.location;
      if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304 && location) {
        res.destroy();
        if (hop >= MAX_REDIRECTS) throw new FetchProblem('redirected too many times');
        url = new URL(location, url);
        continue;
      }
      return res;
    }
  }

  #once(url: URL, headers: Record<string, string>, deadline: AbortSignal, timeoutMs: number): Promise<IncomingMessage> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return Promise.reject(new FetchProblem(`${url.protocol} addresses are not read`));
    const host = bareHost(url.hostname);
    // An address written as such is never looked up: it is checked here.
    if (!this.#o.allowPrivate && net.isIP(host) && !this.#o.allowAddress(host)) return Promise.reject(new FetchProblem(NOT_PUBLIC));
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.get(url, {
        headers: { 'user-agent': USER_AGENT, ...headers },
        signal: deadline,
        ...(this.#o.allowPrivate ? {} : { lookup: this.#lookup }),
        // No connection pooling: every request's connection is looked up (and checked) afresh.
        agent: false,
      });
      req.on('response', resolve);
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOTPUBLIC') return reject(new FetchProblem(NOT_PUBLIC));
        if (deadline.aborted || err.name === 'AbortError')
          return reject(new FetchProblem(`no answer within ${Math.round(timeoutMs / 1000)} s`, { retry: true }));
        if (err.code === 'ENOTFOUND') return reject(new FetchProblem(`the name ${url.hostname} is not known`));
        return reject(new FetchProblem(`could not connect (${err.code ?? err.message})`, { retry: true }));
      });
    });
  }
}

/** The rel="next" address of a Link header, on the same origin as `base`, or null. */
export function nextLink(header: string | string[] | undefined, base: string): string | null {
  const text = Array.isArray(header) ? header.join(',') : header;
  const match = text?.match(/<([^>]+)>\s*;[^,]*rel="?next"?/i);
  if (!match?.[1]) return null;
  const next = new URL(match[1], base);
  return next.origin === new URL(base).origin ? next.href : null;
}

/** Refused as an upload of the same size would be (MEDIA_MAX_BYTES), before more is read. */
const tooBig = (max: number) => new FetchProblem(`refused: ${tooLarge(max)}`);

function checkStatus(res: IncomingMessage): void {
  const status = res.statusCode ?? 0;
  if (status >= 200 && status < 300) return;
  const retry = status === 429 || status === 408 || status >= 500;
  throw new FetchProblem(`answered ${status}`, { retry, status, waitMs: retryAfterMs(res.headers['retry-after']) });
}

/** The answer's body, at most `max` bytes (more is refused, not cut). */
async function readCapped(res: IncomingMessage, max: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) throw new FetchProblem(`answer larger than ${sizeWords(max)}`);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > max) throw new FetchProblem(`answer larger than ${sizeWords(max)}`);
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof FetchProblem) throw err;
    throw new FetchProblem('the answer was cut off', { retry: true });
  }
  return Buffer.concat(chunks);
}
