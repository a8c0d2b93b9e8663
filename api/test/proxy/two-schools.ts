import { NONCE_HEADER, SCHOOL_HEADER } from '@sthsm/contract/http';
import { createSchoolResolver, type SchoolResolver } from '../../src/school-hosts.ts';
import { siteHandler } from '../../src/site.ts';
import { createSchool, createSchoolHost, createSchoolProfile } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { createStaff, PASSWORD } from '../staff/staff-helpers.ts';

// The server the proxy tests put Caddy or nginx in front of: the API, and the site's real request
// handler (api/src/site.ts: school by host name, render origin, CSP nonce) over a one-line page per
// school with an inline script, as the real pages have; two schools, each on a host name of its own.

export const LITTLE_FLOWER = 'www.littleflower.example';
export const ST_THOMAS = 'www.sthsm.example';

export interface TwoSchoolServer {
  t: TestApp;
  /** A Little Flower (DEMO2) administrator's e-mail and password. */
  staff: () => Promise<{ email: string; password: string }>;
  close: () => Promise<void>;
}

/** Listens on 127.0.0.1:`port` with the default TRUST_PROXY (loopback) and `env`. */
export async function startTwoSchoolServer(port: number, env: Record<string, string> = {}): Promise<TwoSchoolServer> {
  let schools: SchoolResolver | undefined;
  const t = await startTestApp(env, undefined, {
    mount: async (app, config) => {
      const page = async (request: Request): Promise<Response> => {
        const code = request.headers.get(SCHOOL_HEADER) ?? '';
        const profile = (await app.inject({ url: `/api/school/${code}` })).json().profile;
        const nonce = request.headers.get(NONCE_HEADER) ?? '';
        const html =
          `<!DOCTYPE html><html lang="en"><head><title>${profile.name}</title>` +
          `<script nonce="${nonce}">document.documentElement.dataset.js = '1';</script></head>` +
          `<body><h1>${profile.name}</h1><p>${request.url}</p></body></html>`;
        return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
      };
      const origins = { siteOrigin: config.siteOrigin, allowedOrigins: config.allowedOrigins };
      app.route({
        method: ['GET', 'HEAD'],
        url: '/*',
        handler: (req, reply) => siteHandler(page, schools as SchoolResolver, origins)(req, reply),
      });
    },
  });
  await createSchool(t.db);
  await createSchool(t.db, { code: 'DEMO2', name: 'Little Flower Convent School' });
  await createSchoolProfile(t.db);
  await createSchoolProfile(t.db, { school: 'DEMO2', name: 'Little Flower Convent School' });
  await createSchoolHost(t.db, ST_THOMAS, 'STHSM');
  await createSchoolHost(t.db, LITTLE_FLOWER, 'DEMO2');
  schools = await createSchoolResolver(t.db, t.config.schoolCode);
  await t.app.listen({ host: '127.0.0.1', port });
  return {
    t,
    staff: async () => {
      const person = await createStaff(t.db, { school: 'DEMO2', role: 'admin' });
      return { email: person.email, password: PASSWORD };
    },
    close: async () => {
      schools?.close();
      await t.close();
    },
  };
}
