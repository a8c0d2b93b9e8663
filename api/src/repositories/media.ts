import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { MediaTable } from '../db/schema.ts';
import { CONTENT_REGISTRY } from '../content/registry.ts';
import { indexAlbumsHolding } from '../search/entries.ts';
import { everyTermIn } from '../search/repository.ts';
import { termsOf } from '../search/text.ts';

// The media library's SQL (issue 15): files per school, their variant jobs, and where content
// uses them (the refs arrays of every content type, found with a LIKE on the stored JSON).

export interface Camera {
  make?: string;
  model?: string;
  takenAt?: string;
  iso?: number;
  fNumber?: number;
  exposure?: string;
}

export interface MediaItem {
  id: string;
  ref: string;
  kind: 'image' | 'pdf';
  contentType: string;
  name: string;
  bytes: number;
  width?: number;
  height?: number;
  alt: string;
  decorative: boolean;
  caption: string;
  camera?: Camera;
  createdAt: string;
  createdBy: string | null;
  version: number;
}

export interface MediaRow {
  school: string;
  path: string;
  item: MediaItem;
}

type Row = Pick<
  MediaTable,
  | 'school_code'
  | '_id'
  | 'ref'
  | 'path'
  | 'kind'
  | 'content_type'
  | 'name'
  | 'bytes'
  | 'width'
  | 'height'
  | 'camera'
  | 'created_at'
  | 'created_by'
> & { alt: string; decorative: number; caption: string; version: number };

const COLUMNS = [
  'school_code',
  '_id',
  'ref',
  'path',
  'kind',
  'content_type',
  'name',
  'bytes',
  'width',
  'height',
  'alt',
  'decorative',
  'caption',
  'camera',
  'created_at',
  'created_by',
  'version',
] as const;

function cameraOf(text: string | null): Camera | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Camera;
  } catch {
    return undefined;
  }
}

function toMedia(r: Row): MediaRow {
  const camera = cameraOf(r.camera);
  return {
    school: r.school_code,
    path: r.path,
    item: {
      id: r._id,
      ref: r.ref,
      kind: r.kind === 'pdf' ? 'pdf' : 'image',
      contentType: r.content_type,
      name: r.name,
      bytes: Number(r.bytes),
      ...(r.width !== null ? { width: r.width } : {}),
      ...(r.height !== null ? { height: r.height } : {}),
      alt: r.alt,
      decorative: r.decorative === 1,
      caption: r.caption,
      ...(camera ? { camera } : {}),
      createdAt: r.created_at,
      createdBy: r.created_by,
      version: r.version,
    },
  };
}

export async function findMedia(db: Db, school: string, id: string): Promise<MediaRow | undefined> {
  const r = await db.selectFrom('media').select(COLUMNS).where('school_code', '=', school).where('_id', '=', id).executeTakeFirst();
  return r && toMedia(r);
}

/** By the reference content stores (and /api/image serves): unique across schools. */
export async function findMediaByRef(db: Db, ref: string): Promise<MediaRow | undefined> {
  const r = await db.selectFrom('media').select(COLUMNS).where('ref', '=', ref).executeTakeFirst();
  return r && toMedia(r);
}

/** The library files among `refs` (of `school`; null: refs are unique across schools anyway). */
export async function findMediaByRefs(db: Db, school: string | null, refs: readonly string[]): Promise<MediaRow[]> {
  if (refs.length === 0) return [];
  let query = db
    .selectFrom('media')
    .select(COLUMNS)
    .where('ref', 'in', [...refs]);
  if (school !== null) query = query.where('school_code', '=', school);
  return (await query.execute()).map(toMedia);
}

export interface NewMedia {
  school: string;
  id: string;
  ref: string;
  path: string;
  kind: 'image' | 'pdf';
  contentType: string;
  name: string;
  bytes: number;
  width: number | null;
  height: number | null;
  camera: Camera | null;
  createdBy: string | null;
  at: string;
  /** The reservation that held this file's space (reserveMediaSpace): released as the file is counted. */
  reservation?: string;
}

/**
 * Inserts the file (and, for an image, its variant job); false when the school already has these
 * bytes. The reservation that held its space goes in the same transaction, so the quota's sum
 * (stored + reserved) never counts the file twice or not at all.
 */
export async function insertMedia(db: Db, m: NewMedia): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (m.reservation) await releaseMediaSpace(trx as Db, m.school, m.reservation);
    const inserted = await trx
      .insertInto('media')
      .values({
        school_code: m.school,
        _id: m.id,
        ref: m.ref,
        path: m.path,
        kind: m.kind,
        content_type: m.contentType,
        name: m.name,
        bytes: m.bytes,
        width: m.width,
        height: m.height,
        camera: m.camera ? JSON.stringify(m.camera) : null,
        created_at: m.at,
        created_by: m.createdBy,
        updated_at: m.at,
      })
      .onConflict((oc) => oc.columns(['school_code', '_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    if (m.kind === 'image') {
      await trx.insertInto('media_jobs').values({ ref: m.ref, school_code: m.school, state: 'pending', run_after: m.at }).execute();
    }
    return true;
  });
}

export interface MediaFilter {
  q?: string | undefined;
  type?: 'image' | 'pdf' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Only files in this album's attachments. */
  albumRefs?: readonly string[] | undefined;
  missingAlt?: boolean | undefined;
}

export async function listMedia(
  db: Db,
  school: string,
  filter: MediaFilter,
  page: number,
  pageSize: number,
): Promise<{ items: MediaItem[]; total: number }> {
  let query = db.selectFrom('media').where('school_code', '=', school);
  // The site's search rule (search/text.ts): every word, in the file's name, alt text or caption.
  if (filter.q) query = query.where(everyTermIn(['name', 'alt', 'caption'], termsOf(filter.q)));
  if (filter.type) query = query.where('kind', '=', filter.type);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.to) query = query.where('created_at', '<', `${filter.to}T99`);
  if (filter.albumRefs) query = query.where('ref', 'in', filter.albumRefs.length ? [...filter.albumRefs] : ['']);
  if (filter.missingAlt) query = query.where('kind', '=', 'image').where('alt', '=', '').where('decorative', '=', 0);
  const [rows, count] = await Promise.all([
    query
      .select(COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('_id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toMedia(r).item), total: Number(count.n) };
}

/** Bytes the school's library holds. */
export async function mediaUsage(db: Db, school: string): Promise<number> {
  const r = await db
    .selectFrom('media')
    .select((eb) => eb.fn.sum<string | number | null>('bytes').as('n'))
    .where('school_code', '=', school)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export interface MediaSpace {
  /** Bytes the library holds. */
  usedBytes: number;
  /** Bytes held by uploads in progress (their reservations current at `at`). */
  reservedBytes: number;
}

/**
 * Stored and reserved bytes of the school in one statement (one snapshot: a file moving from
 * reserved to stored in a concurrent transaction is counted once), `except` one reservation.
 */
export async function mediaSpace(db: Db, school: string, at: string, except = ''): Promise<MediaSpace> {
  const r = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('media')
        .select((s) => s.fn.coalesce(s.fn.sum<string | number>('bytes'), sql<number>`0`).as('n'))
        .where('school_code', '=', school)
        .as('used'),
      eb
        .selectFrom('media_reservations')
        .select((s) => s.fn.coalesce(s.fn.sum<string | number>('bytes'), sql<number>`0`).as('n'))
        .where('school_code', '=', school)
        .where('expires_at', '>', at)
        .where('upload_id', '!=', except)
        .as('reserved'),
    ])
    .executeTakeFirstOrThrow();
  return { usedBytes: Number(r.used ?? 0), reservedBytes: Number(r.reserved ?? 0) };
}

export interface SpaceRequest {
  school: string;
  /** The upload's id (a tus upload's, or a form upload's working name): one reservation each. */
  key: string;
  owner: string | null;
  bytes: number;
  quotaBytes: number;
  at: string;
  expiresAt: string;
}

/**
 * Reserves `bytes` of the school's quota for upload `key` (replacing what it held before) when the
 * stored bytes, every other current reservation and these fit; otherwise reserves nothing and
 * answers the space as it is. The school's lock row is written first: a second reservation waits
 * there until the first commits, then reads it (docs/decisions/0114).
 */
export async function reserveMediaSpace(db: Db, r: SpaceRequest): Promise<{ ok: true } | ({ ok: false } & MediaSpace)> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('media_quota_locks')
      .values({ school_code: r.school, locked_at: r.at })
      .onConflict((oc) => oc.column('school_code').doUpdateSet({ locked_at: r.at }))
      .execute();
    const space = await mediaSpace(trx as Db, r.school, r.at, r.key);
    if (space.usedBytes + space.reservedBytes + r.bytes > r.quotaBytes) return { ok: false, ...space };
    await trx
      .insertInto('media_reservations')
      .values({ upload_id: r.key, school_code: r.school, owner: r.owner, bytes: r.bytes, created_at: r.at, expires_at: r.expiresAt })
      .onConflict((oc) =>
        oc
          .column('upload_id')
          .doUpdateSet({ bytes: r.bytes, expires_at: r.expiresAt })
          .where('media_reservations.school_code', '=', r.school),
      )
      .execute();
    return { ok: true };
  });
}

/** Gives back what upload `key` held (finished, refused or abandoned). */
export async function releaseMediaSpace(db: Db, school: string, key: string): Promise<void> {
  await db.deleteFrom('media_reservations').where('school_code', '=', school).where('upload_id', '=', key).execute();
}

/** Drops the reservations that no longer count (their upload expired without finishing). */
export async function dropExpiredReservations(db: Db, at: string): Promise<void> {
  await db.deleteFrom('media_reservations').where('expires_at', '<=', at).execute();
}

export interface MediaEdit {
  alt?: string | undefined;
  decorative?: boolean | undefined;
  caption?: string | undefined;
}

/** Applies an edit when `version` is current (or not given); the new row, or undefined for a stale version. */
export async function updateMedia(db: Db, school: string, id: string, edit: MediaEdit, version: number | undefined, at: string) {
  let query = db
    .updateTable('media')
    .set({
      ...(edit.alt !== undefined ? { alt: edit.alt } : {}),
      ...(edit.decorative !== undefined ? { decorative: edit.decorative ? 1 : 0 } : {}),
      ...(edit.caption !== undefined ? { caption: edit.caption } : {}),
      updated_at: at,
      version: sql<number>`version + 1`,
    })
    .where('school_code', '=', school)
    .where('_id', '=', id);
  if (version !== undefined) query = query.where('version', '=', version);
  const result = await query.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  const after = await findMedia(db, school, id);
  // A caption is searched with the albums that hold the photo (search/entries.ts).
  if (after && edit.caption !== undefined) await indexAlbumsHolding(db, school, after.item.ref);
  return after;
}

/** Queues variant jobs for these photos (a job already queued stays as it is). */
export async function queueVariantJobs(db: Db, photos: ReadonlyArray<{ ref: string; school: string }>, at: string): Promise<void> {
  if (photos.length === 0) return;
  await db
    .insertInto('media_jobs')
    .values(photos.map((p) => ({ ref: p.ref, school_code: p.school, state: 'pending', run_after: at })))
    .onConflict((oc) => oc.column('ref').doNothing())
    .execute();
}

/** Deletes the row and its job; call it inside the transaction that records the deletion. */
export async function deleteMedia(trx: Db, school: string, id: string, ref: string): Promise<void> {
  await trx.deleteFrom('media_jobs').where('ref', '=', ref).execute();
  await trx.deleteFrom('media_children').where('school_code', '=', school).where('media_ref', '=', ref).execute();
  await trx.deleteFrom('media').where('school_code', '=', school).where('_id', '=', id).execute();
  await indexAlbumsHolding(trx, school, ref);
}

export interface UsedIn {
  type: string;
  id: string;
  title: string;
}

/**
 * Every place of the school that uses `ref`: content items whose file references hold it (any
 * status: a draft uses it too), information pages (published text or draft) and the settings.
 * `publicOnly`: only what the site shows, or will show with no editor's step — published items
 * (scheduled and expired ones included), pages' published text, the settings.
 */
export async function mediaUsedIn(db: Db, school: string, ref: string, options: { publicOnly?: boolean } = {}): Promise<UsedIn[]> {
  const found: UsedIn[] = [];
  const needle = `%${JSON.stringify(ref)}%`;
  for (const spec of Object.values(CONTENT_REGISTRY)) {
    const refColumns = Object.values(spec.columns)
      .filter((c) => c.kind === 'refs')
      .map((c) => c.column);
    if (refColumns.length === 0) continue;
    const titleColumn = spec.columns[spec.titleField]?.column ?? spec.searchColumn;
    let query = db
      .selectFrom(spec.table)
      .select([sql<string>`_id`.as('id'), sql<string>`${sql.ref(titleColumn)}`.as('title')])
      .where(sql<boolean>`school_code = ${school}`)
      .where((eb) => eb.or(refColumns.map((column) => eb(sql.ref(column), 'like', needle))));
    if (options.publicOnly) query = query.where(sql<boolean>`status = ${'published'}`);
    const rows = await query.execute();
    for (const r of rows) found.push({ type: spec.type, id: r.id, title: String(r.title ?? '').slice(0, 120) });
  }
  // Information pages (the syllabus's PDFs, page pictures), published or in a draft.
  const pages = await db
    .selectFrom('school_pages')
    .select('slug')
    .where('school_code', '=', school)
    .where((eb) =>
      options.publicOnly ? eb('content', 'like', needle) : eb.or([eb('content', 'like', needle), eb('draft_content', 'like', needle)]),
    )
    .execute();
  for (const p of pages) found.push({ type: 'pages', id: p.slug, title: p.slug });
  // The school's settings (its profile), always public.
  const settings = await db
    .selectFrom('school_profiles')
    .select('school_code')
    .where('school_code', '=', school)
    .where('profile', 'like', needle)
    .executeTakeFirst();
  if (settings) found.push({ type: 'settings', id: 'settings', title: 'Settings' });
  return found;
}

// ---- Variant jobs ----

export interface MediaJob {
  ref: string;
  school: string;
  attempts: number;
}

/** Claims up to `limit` jobs whose time has come: each is leased until `leaseUntil` (a crashed run is retried then). */
export async function claimMediaJobs(db: Db, now: string, leaseUntil: string, limit: number): Promise<MediaJob[]> {
  const due = await db
    .selectFrom('media_jobs')
    .select(['ref', 'school_code', 'attempts', 'run_after'])
    .where('state', '!=', 'failed')
    .where('run_after', '<=', now)
    .orderBy('run_after')
    .limit(limit)
    .execute();
  const claimed: MediaJob[] = [];
  for (const job of due) {
    const result = await db
      .updateTable('media_jobs')
      .set({ state: 'running', run_after: leaseUntil, attempts: job.attempts + 1 })
      .where('ref', '=', job.ref)
      .where('run_after', '=', job.run_after)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) claimed.push({ ref: job.ref, school: job.school_code, attempts: job.attempts + 1 });
  }
  return claimed;
}

export async function finishMediaJob(db: Db, ref: string): Promise<void> {
  await db.deleteFrom('media_jobs').where('ref', '=', ref).execute();
}

/** A failed run: tried again at `retryAt`, or given up (state failed) after the last attempt. */
export async function failMediaJob(db: Db, ref: string, error: string, retryAt: string | null): Promise<void> {
  await db
    .updateTable('media_jobs')
    .set(retryAt ? { state: 'pending', run_after: retryAt, error } : { state: 'failed', error })
    .where('ref', '=', ref)
    .execute();
}

export async function pendingMediaJobs(db: Db): Promise<number> {
  const r = await db
    .selectFrom('media_jobs')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('state', '!=', 'failed')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
