import type { PageCache } from '../../src/page-cache.ts';
import { createPageCache } from '../../src/page-cache.ts';
import { countAlumniSubmissions } from '../../src/repositories/alumni.ts';
import { mountSite } from '../../src/site.ts';
import { createSchool } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { standInSite, type StandInSite } from '../site-stand-in.ts';
import { siteTestPort } from './raw-http.ts';
import { VALID_ALUMNI_FORM } from '../../../web/app/lib/testing/alumni-form.ts';

// The whole server as `npm start` assembles it (buildApp with its response cache, then mountSite
// with a page cache), on a real loopback port, with React Router's real handler over a stand-in
// build (../site-stand-in.ts), and the log captured as parsed JSON lines.

export interface LogLine {
  level: number;
  msg: string;
  err?: { stack?: string };
  [key: string]: unknown;
}

export interface SiteServer {
  t: TestApp;
  site: StandInSite;
  pages: PageCache;
  port: number;
  /** SITE_URL: http://127.0.0.1:{port} */
  origin: string;
  /** The page-cache key of a path on this server: the school and render origin, then the path. */
  pageKey: (path: string) => string;
  logs: LogLine[];
  alumniCount: () => Promise<number>;
  close: () => Promise<void>;
}

export const WARN = 40;
export const ERROR = 50;

export async function startSiteServer(portOffset: number, env: Record<string, string> = {}): Promise<SiteServer> {
  const port = siteTestPort(portOffset);
  const origin = `http://127.0.0.1:${port}`;
  const site = standInSite();
  const pages = createPageCache();
  const logs: LogLine[] = [];
  const logStream = { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) };
  const t = await startTestApp({ SITE_URL: origin, LOG_LEVEL: 'info', PORT: String(port), ...env }, undefined, {
    responseCache: true,
    logStream,
    mount: (app, config) =>
      mountSite(app, {
        siteOrigin: config.siteOrigin,
        allowedOrigins: config.allowedOrigins,
        build: site.build,
        pages,
        buildDir: config.webBuildDir,
        pageCacheTtlMs: config.pageCacheTtlMs,
        schools: { schoolOf: () => config.schoolCode, isMapped: () => false },
      }),
  });
  await createSchool(t.db);
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    t,
    site,
    pages,
    port,
    origin,
    pageKey: (path) => `${t.config.schoolCode} ${origin} ${path}`,
    logs,
    alumniCount: () => countAlumniSubmissions(t.db, 'STHSM'),
    close: () => t.close(),
  };
}

/** A valid alumni form (SPEC §3 fields), as an object and URL-encoded. */
export const VALID_FORM = VALID_ALUMNI_FORM;
export const VALID_FORM_ENCODED = new URLSearchParams(VALID_FORM).toString();
