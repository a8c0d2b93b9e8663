import net from 'node:net';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { restoreArchive } from '../../src/backup/restore.ts';
import { backupSourceFrom } from '../../src/backup/run.ts';
import { unpackAndVerify } from '../../src/backup/verify.ts';
import { formatBytes } from '../../src/backup/files.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { migrateToLatest, openDatabase, type Db } from '../../src/db/index.ts';
import { seedDemo } from '../../src/seed/seed.ts';
import { schoolToday } from '../../src/school-day.ts';
import { createSchoolResolver } from '../../src/school-hosts.ts';
import { mountSite } from '../../src/site.ts';
import { createAlbum, createMediaFile, createNews } from '../factories.ts';
import { demoMediaCache, engine } from '../helpers.ts';
import { adminQuery, captureMedia, captureRows, differences, freshTarget, type FreshTarget } from '../backup/support.ts';
import { startLoad } from './load.ts';

// Done when, on both engines: seed, publish, upload, back up while reads and writes run, wipe,
// restore into a fresh directory/database, and compare — every row and every file identical,
// and the site serves the same pages.

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const SITE_URL = 'http://school.example';
const WARM_UP_POSTS = 25;
/** A photo a member of staff uploads (a real JPEG, so the site can resize it). */
const UPLOAD = {
  id: 'drillupload0001',
  path: 'STHSM/public/Images/backup-drill-upload.jpg',
  bytes: await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg({ quality: 80 })
    .toBuffer(),
};

interface Server {
  base: string;
  app: FastifyInstance;
  db: Db;
  config: Config;
  close: () => Promise<void>;
}

/** A free loopback port, for both servers of a run (the site reads its configuration once). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
const PORT = await freePort();
// The site parses its configuration when the build is first imported: it reads the API of this
// port and writes canonical URLs for one fixed origin, for the original and the restored server.
process.env.PORT = String(PORT);
process.env.API_URL = `http://127.0.0.1:${PORT}`;
process.env.SITE_URL = SITE_URL;

/** The real server (API and built site) on a loopback port, like `npm start`. */
async function startServer(dataDir: string, databaseUrl: string, schema?: string): Promise<Server> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    FORM_RATE_LIMIT_PER_MINUTE: '1000000',
    SITE_URL,
    PORT: String(PORT),
  });
  const db = openDatabase(databaseUrl, schema ? { schema } : {});
  await migrateToLatest(db, { engine, ...(schema ? { schema } : {}) });
  const app = await buildApp({ config, db });
  const schools = await createSchoolResolver(db, config.schoolCode);
  await mountSite(app, {
    buildDir: config.webBuildDir,
    schools,
    pageCacheTtlMs: config.pageCacheTtlMs,
    siteOrigin: config.siteOrigin,
    allowedOrigins: config.allowedOrigins,
  });
  await app.listen({ host: '127.0.0.1', port: PORT });
  const base = `http://127.0.0.1:${PORT}`;
  return {
    base,
    app,
    db,
    config,
    close: async () => {
      schools.close();
      await app.close();
      await db.destroy();
    },
  };
}

/** A page as served, minus what differs on every response (the CSP nonce). */
async function page(base: string, url: string): Promise<string> {
  const response = await fetch(`${base}${url}`, { signal: AbortSignal.timeout(15_000) });
  expect(response.status, url).toBe(200);
  return (await response.text()).replaceAll(/nonce="[^"]+"/g, 'nonce=""').replaceAll(/'nonce-[^']+'/g, "'nonce-'");
}

/**
 * `npm run backup` as an operator runs it: its own process, beside the serving one. Answers the
 * archive it reports, and the run id its manifest carries.
 */
async function npmRunBackup(config: Config, pgSchema?: string): Promise<{ file: string; sizeBytes: number; runId: string }> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: config.dataDir,
    DATABASE_URL: config.databaseUrl,
    BACKUP_DIR: path.join(work, 'backups'),
    ...(pgSchema ? { PGOPTIONS: `-c search_path=${pgSchema}` } : {}),
  };
  const { stdout } = await promisify(execFile)(process.execPath, ['api/src/backup/cli.ts', 'backup'], { cwd: REPO, env, timeout: 120_000 });
  const file = /^Backup written: (.+\.tar) \(/m.exec(stdout)?.[1];
  if (!file) throw new Error(`npm run backup said: ${stdout}`);
  const { manifest } = await unpackAndVerify(file, await mkdtemp(path.join(work, 'check-')));
  return { file, sizeBytes: (await stat(file)).size, runId: manifest.runId };
}

async function bytesOf(base: string, url: string): Promise<string> {
  const response = await fetch(`${base}${url}`, { signal: AbortSignal.timeout(15_000) });
  expect(response.status, url).toBe(200);
  return createHash('sha256')
    .update(Buffer.from(await response.arrayBuffer()))
    .digest('hex');
}

let work: string;
let schema: string | undefined;
let target: FreshTarget | undefined;

beforeAll(() => {
  const buildDir = loadConfig({}).webBuildDir;
  if (!existsSync(path.join(buildDir, 'server', 'index.js'))) {
    throw new Error(`No site build in ${buildDir}: run "npm run build" first (npm run test:backup does).`);
  }
});
afterAll(async () => {
  await target?.cleanup();
  if (schema) await adminQuery(`drop schema if exists "${schema}" cascade`);
  if (work) await rm(work, { recursive: true, force: true });
});

describe(`backup drill (${engine})`, () => {
  it(
    'restores, into a fresh place, every row and file a backup made under load held; the site serves the same pages',
    { timeout: 120_000 },
    async () => {
      work = await mkdtemp(path.join(tmpdir(), 'sthsm-drill-'));
      const dataDir = path.join(work, 'data');
      let databaseUrl = path.join(dataDir, 'school.db');
      if (engine === 'postgres') {
        databaseUrl = process.env.TEST_DATABASE_URL ?? '';
        schema = `drill_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
        await adminQuery(`create schema "${schema}"`);
      }
      let server = await startServer(dataDir, databaseUrl, schema);

      // Seed the demo school, publish, upload.
      await seedDemo(server.db, server.config.mediaRoot, schoolToday(server.config.timeZone), server.config.cacheDir, demoMediaCache);
      await createNews(server.db, { title: 'Backup drill: results day', date: new Date().toISOString().slice(0, 10) });
      await createMediaFile(server.db, server.config.mediaRoot, UPLOAD.path, UPLOAD.bytes, { fileId: UPLOAD.id });
      const album = await createAlbum(server.db, {
        title: 'Backup drill album',
        attachments: [UPLOAD.id],
        date: new Date().toISOString().slice(0, 10),
      });
      const pages = [
        '/',
        '/news',
        '/Events',
        '/gallery',
        `/SubGallery?id=${album._id}`,
        '/VideoGallery',
        '/Toppers',
        '/ToppersXII',
        '/principal-message',
        '/about-us',
        '/syllabus',
        '/alumni',
      ];
      const files = [`/api/image/${UPLOAD.id}`, `/api/image/${UPLOAD.path}`, `/api/image/${UPLOAD.id}?w=320`];

      // Back up while readers and writers run.
      const load = startLoad(server.base, {
        readers: 3,
        writers: 3,
        readPaths: [...pages, ...files, '/api/news/STHSM', '/api/gallery/all/STHSM'],
        maxRequestsPerClient: 2000,
      });
      // Let the load get going: some posts acknowledged before the backup starts.
      for (const deadline = Date.now() + 15_000; load.acknowledged() < WARM_UP_POSTS && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const started = performance.now();
      const archive = await npmRunBackup(server.config, schema);
      const backupMs = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 200));
      const loaded = await load.stop();
      expect(loaded.readFailures).toEqual([]);
      expect(loaded.postFailures).toEqual([]);
      const acknowledgedBefore = loaded.posts.filter((p) => p.at < started).map((p) => p.id);
      expect(acknowledgedBefore.length).toBeGreaterThan(0);
      expect(loaded.posts.some((p) => p.at > started + backupMs)).toBe(true);

      const originalRows = await captureRows(server.db);
      const originalMedia = await captureMedia(backupSourceFrom(server.config, server.db).media, server.config.mediaRoot);
      const originalPages = new Map<string, string>();
      for (const url of pages) originalPages.set(url, await page(server.base, url));
      const originalFiles = new Map<string, string>();
      for (const url of files) originalFiles.set(url, await bytesOf(server.base, url));

      // Wipe: the server, its data directory and its database are gone.
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
      if (schema) await adminQuery(`drop schema "${schema}" cascade`);

      target = await freshTarget();
      const report = await restoreArchive(archive.file, target, { force: false, journalFiles: [] });
      server = await startServer(target.dataDir, target.databaseUrl);
      try {
        const restoredRows = await captureRows(server.db);
        const restoredMedia = await captureMedia(target.media, target.mediaRoot);

        // Every table the database has, compared row for row.
        expect([...restoredRows.keys()]).toEqual([...originalRows.keys()]);
        const moving = new Set(['alumni_submissions', 'backup_runs']);
        const still = (m: Map<string, string[]>) => new Map([...m].filter(([table]) => !moving.has(table)));
        expect(differences(still(originalRows), still(restoredRows))).toEqual([]);
        // Posts went on during the backup: the restored ones are exactly as stored, and every post
        // acknowledged before the backup started is there.
        const original = new Set(originalRows.get('alumni_submissions'));
        const restored = restoredRows.get('alumni_submissions') ?? [];
        expect(restored.filter((row) => !original.has(row))).toEqual([]);
        const restoredIds = new Set(restored.map((row) => (JSON.parse(row) as { _id: string })._id));
        expect(acknowledgedBefore.filter((id) => !restoredIds.has(id))).toEqual([]);
        // The run that made the archive is there, marked as a good backup.
        expect(restoredRows.get('backup_runs')?.some((row) => row.includes(archive.runId) && row.includes('"succeeded"'))).toBe(true);

        // Every media file byte for byte (by sha256).
        expect(differences(originalMedia, restoredMedia)).toEqual([]);
        expect(restoredMedia.get(UPLOAD.path)).toBe(createHash('sha256').update(UPLOAD.bytes).digest('hex'));

        // The site serves the same pages and files.
        for (const url of pages) expect(await page(server.base, url), url).toBe(originalPages.get(url));
        for (const url of files) expect(await bytesOf(server.base, url), url).toBe(originalFiles.get(url));
        expect(originalPages.get('/news')).toContain('Backup drill: results day');
        expect(originalPages.get(`/SubGallery?id=${album._id}`)).toContain('Backup drill album');

        const rows = [...restoredRows.values()].reduce((sum, r) => sum + r.length, 0);
        console.log(
          `[backup drill ${engine}] npm run backup: ${formatBytes(archive.sizeBytes)} in ${Math.round(backupMs)} ms under load ` +
            `(${loaded.reads} reads, ${loaded.posts.length} posts: ${acknowledgedBefore.length} acknowledged before it started, ${restored.length} in the archive); ` +
            `restored ${restoredRows.size} tables, ${rows} rows, ${restoredMedia.size} media files (${formatBytes(report.mediaBytes)}); ` +
            `${pages.length} pages and ${files.length} files identical`,
        );
      } finally {
        await server.close();
      }
    },
  );
});
