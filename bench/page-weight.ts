// What a page costs on the wire: bytes as sent for an Accept-Encoding, and the JavaScript its HTML asks for.
import http from 'node:http';
import { ORIGIN } from './settings.ts';

/** Bytes on the wire for a GET with the given Accept-Encoding (body as sent, not decoded). */
export function wireBytes(
  url: string,
  acceptEncoding: string,
): Promise<{ bytes: number; encoding: string; status: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          bytes: body.length,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          status: res.statusCode ?? 0,
          body,
          headers: res.headers,
        });
      });
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
  });
}

/** The JS a page asks for in its HTML (entry, route modules, modulepreloads), gzip as served. */
export async function initialJs(pagePath: string): Promise<{ gzip: number; br: number; files: number }> {
  const html = (await wireBytes(ORIGIN + pagePath, 'identity')).body.toString();
  const urls = new Set<string>();
  for (const m of html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\s*(?:[^'"]*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(m[1]!);
  let gzip = 0;
  let br = 0;
  for (const u of urls) {
    gzip += (await wireBytes(ORIGIN + u, 'gzip')).bytes;
    br += (await wireBytes(ORIGIN + u, 'br, gzip')).bytes;
  }
  return { gzip, br, files: urls.size };
}
