import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Client } from 'pg';
import { openDatabase, type Db } from '../../src/db/index.ts';
import { listTables } from '../../src/repositories/database-info.ts';
import { localMediaStore, type MediaStore } from '../../src/backup/media-store.ts';
import type { RestoreTarget } from '../../src/backup/restore.ts';
import { MANIFEST, MANIFEST_SUM, manifestSumLine, type Manifest } from '../../src/backup/manifest.ts';
import { readTar, TarWriter } from '../../src/backup/tar.ts';
import { engine } from '../helpers.ts';

// Helpers for the backup tests: the whole state of a database and a media folder, taken table by
// table as the database lists them (never a list in code), and fresh empty restore targets.

/** One value as text that differs whenever the stored value differs (type included). */
function canonical(value: unknown): unknown {
  if (value instanceof Uint8Array) return { bytes: Buffer.from(value).toString('base64') };
  if (typeof value === 'bigint') return { bigint: value.toString() };
  if (value instanceof Date) return { date: value.toISOString() };
  return value;
}

/** Every row of every table, each as canonical JSON, sorted: equal maps mean byte-identical rows. */
export async function captureRows(db: Db): Promise<Map<string, string[]>> {
  const state = new Map<string, string[]>();
  for (const table of await listTables(db, engine)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const lines = rows.map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, canonical(v)]))));
    state.set(table, lines.sort());
  }
  return state;
}

/** Every media file's sha256 by path. */
export async function captureMedia(store: MediaStore, root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for await (const file of store.list()) {
    const bytes = await readFile(path.join(root, ...file.path.split('/')));
    files.set(file.path, createHash('sha256').update(bytes).digest('hex'));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export async function adminQuery(text: string): Promise<void> {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface FreshTarget extends RestoreTarget {
  mediaRoot: string;
  /** Opens the restored database (the caller destroys it). */
  open: () => Db;
  cleanup: () => Promise<void>;
}

/**
 * An empty place to restore into: a new DATA_DIR, and on PostgreSQL a new database (its empty
 * `public` schema is the target, whatever schema the archive came from).
 */
export async function freshTarget(): Promise<FreshTarget> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sthsm-restore-'));
  const mediaRoot = path.join(dataDir, 'media');
  let databaseUrl = path.join(dataDir, 'school.db');
  let database: string | undefined;
  if (engine === 'postgres') {
    database = `restore_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(`create database "${database}"`);
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  return {
    databaseUrl,
    dataDir,
    mediaRoot,
    cacheDir: path.join(dataDir, 'cache'),
    media: localMediaStore(mediaRoot),
    open: () => openDatabase(databaseUrl),
    cleanup: async () => {
      if (database) await adminQuery(`drop database if exists "${database}" with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Maps whose differences are listed by key, for readable failures. */
export function differences<T>(a: Map<string, T>, b: Map<string, T>): string[] {
  const out: string[] = [];
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    if (JSON.stringify(a.get(key)) !== JSON.stringify(b.get(key))) out.push(key);
  }
  return out;
}

/** A valid alumni form (SPEC §3 fields); `n` makes it distinct. */
export function alumniForm(n: number): Record<string, string> {
  return {
    fromYear: '2004 to 2005',
    class: '1',
    toYear: '2015 to 2016',
    school2: '12',
    fatherName: `Parent ${n}`,
    subject: '3',
    name: `Alumnus ${n}`,
    email: `alumnus${n}@example.org`,
    phone: `+91 90000 ${String(n).padStart(5, '0')}`,
    location: 'Lucknow',
    address: `${n} Park Road`,
    school: 'City College',
    profession3: 'B.Sc.',
    school1: 'Acme Labs',
    designation: 'Analyst',
    address1: '5 Mall Road',
    profession1: '20',
  };
}

/** How many tables and media files a restore target holds (never creates the SQLite file). */
export async function targetContents(target: FreshTarget): Promise<{ tables: number; mediaFiles: number }> {
  let mediaFiles = 0;
  for await (const file of target.media.list()) if (file.path) mediaFiles++;
  if (
    engine === 'sqlite' &&
    !(await stat(target.databaseUrl).then(
      () => true,
      () => false,
    ))
  )
    return { tables: 0, mediaFiles };
  const db = target.open();
  try {
    return { tables: (await listTables(db, engine)).length, mediaFiles };
  } finally {
    await db.destroy();
  }
}

/** Copies an archive with its manifest changed (and its checksum redone), as another version might write it. */
export async function rewriteManifest(archive: string, out: string, change: (manifest: Manifest) => void): Promise<void> {
  const writer = await TarWriter.create(out);
  let manifest: Manifest | undefined;
  for await (const entry of readTar(archive)) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.chunks()) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    if (entry.name === MANIFEST) manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
    else if (entry.name !== MANIFEST_SUM) await writer.addBuffer(entry.name, bytes);
  }
  if (!manifest) throw new Error('no manifest');
  change(manifest);
  const json = Buffer.from(JSON.stringify(manifest));
  await writer.addBuffer(MANIFEST, json);
  await writer.addBuffer(MANIFEST_SUM, Buffer.from(manifestSumLine(createHash('sha256').update(json).digest('hex'))));
  await writer.finish();
}
