import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';

// Caddy as docs/deploy.md installs it, for api/test/proxy/caddy.test.ts: the shipped deploy/Caddyfile
// with only its ports, its `ask` server, its upstreams and Caddy's own test CA (instead of Let's
// Encrypt) filled in, and a client that reaches it under any host name from any loopback address.

export const SHIPPED_CADDYFILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy/Caddyfile');

export interface CaddyPorts {
  http: number;
  https: number;
  admin: number;
  /** The school-site server behind it. */
  server: number;
}

/** The caddy binary, or null when it is not installed (`apt-get install caddy`). */
export function caddyBinary(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v caddy'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

/** Replaces `from` by `to` in `text`, which must hold it exactly `times` times (the shipped file changed shape otherwise). */
function replaceExactly(text: string, from: string, to: string, times = 1): string {
  const count = text.split(from).length - 1;
  if (count !== times) throw new Error(`deploy/Caddyfile: expected "${from}" ${times} time(s), found ${count}`);
  return text.replaceAll(from, to);
}

/** deploy/Caddyfile for a test: test ports, the server on loopback, certificates from Caddy's internal CA. */
export function testCaddyfile(shipped: string, ports: CaddyPorts): string {
  let text = shipped;
  text = replaceExactly(text, '\thttp_port 80\n', `\thttp_port ${ports.http}\n`);
  text = replaceExactly(text, '\thttps_port 443\n', `\thttps_port ${ports.https}\n`);
  // Caddy's own CA, not trusted system-wide (nothing is installed into the machine's trust store).
  text = replaceExactly(text, '\tadmin localhost:2019\n', `\tadmin 127.0.0.1:${ports.admin}\n\tskip_install_trust\n`);
  text = replaceExactly(text, 'ask http://127.0.0.1:3000/api/tls/allowed', `ask http://127.0.0.1:${ports.server}/api/tls/allowed`);
  text = replaceExactly(text, '\t\tto 127.0.0.1:3000\n', `\t\tto 127.0.0.1:${ports.server}\n`, 2);
  text = replaceExactly(text, 'redir https://{host}{uri} 308', `redir https://{host}:${ports.https}{uri} 308`);
  text = replaceExactly(text, '\ttls {\n\t\ton_demand\n', '\ttls internal {\n\t\ton_demand\n');
  return text;
}

export interface RunningCaddy {
  /** Caddy's test CA (PEM): what a client must trust. */
  ca: string;
  /** Where Caddy keeps certificates. */
  dataDir: string;
  /** What Caddy logged (its JSON lines), for failure messages. */
  log: () => string;
  stop: () => Promise<void>;
}

/** Starts Caddy with the test Caddyfile in `dir`; resolves once its HTTPS port listens and its CA exists. */
export async function startCaddy(binary: string, dir: string, ports: CaddyPorts): Promise<RunningCaddy> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'Caddyfile');
  await writeFile(file, testCaddyfile(readFileSync(SHIPPED_CADDYFILE, 'utf8'), ports));
  const dataDir = path.join(dir, 'data');
  let output = '';
  const child: ChildProcess = spawn(binary, ['run', '--config', file, '--adapter', 'caddyfile'], {
    env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: dataDir, XDG_CONFIG_HOME: path.join(dir, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const rootCert = path.join(dataDir, 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited with ${child.exitCode}:\n${output}`);
    if (existsSync(rootCert) && (await listening(ports.https))) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`caddy did not start within 20 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    ca: readFileSync(rootCert, 'utf8'),
    dataDir,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port: port, method: 'HEAD', path: '/', timeout: 500 });
    // Any answer (here: a plain-HTTP request to a TLS port is refused by Caddy in words) means it listens.
    req.on('response', (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code !== 'ECONNREFUSED'));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The names the server's certificate is for (HTTPS only). */
  certificateNames?: string;
}

export interface Call {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The loopback address the request comes from (127.0.0.2 …: another visitor). */
  from?: string;
}

/**
 * One request to Caddy's HTTPS port for `host` (SNI and Host), trusting only Caddy's test CA; a fresh
 * TLS handshake each time. A certificate Caddy has just made on demand can be dated from the next
 * second as OpenSSL reads it (CERT_NOT_YET_VALID, seen once in a full run): that handshake is tried
 * once more after the second has passed, anything else fails at once.
 */
export async function httpsCall(port: number, ca: string, host: string, call: Call = {}): Promise<Answer> {
  try {
    return await httpsCallOnce(port, ca, host, call);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'CERT_NOT_YET_VALID') throw error;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    return httpsCallOnce(port, ca, host, call);
  }
}

function httpsCallOnce(port: number, ca: string, host: string, call: Call): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port,
        servername: host,
        ca,
        agent: false,
        method: call.method ?? 'GET',
        path: call.path ?? '/',
        headers: { host: `${host}:${port}`, ...call.headers },
        ...(call.from ? { localAddress: call.from } : {}),
        timeout: 15_000,
      },
      (res) => {
        const socket = res.socket as TLSSocket;
        const certificateNames = socket.getPeerCertificate?.().subjectaltname ?? '';
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), certificateNames }),
        );
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.end(call.body);
  });
}

/** One plain-HTTP request to Caddy's HTTP port for `host`. */
export function httpCall(port: number, host: string, target = '/'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: target, headers: { host: `${host}:${port}` }, agent: false, timeout: 10_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' }));
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.end();
  });
}
