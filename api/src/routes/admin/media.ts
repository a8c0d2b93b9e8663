import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contentChanged } from '../../cache.ts';
import { bumpContentVersion } from '../../content/state.ts';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../errors.ts';
import { tooLarge } from '../../media/judge.ts';
import { addToLibrary, mediaStores, removeLibraryFiles, RESERVATION_MS, reserveSpace, uploadCleaners } from '../../media/library.ts';
import { mediaJobsAdded } from '../../media/variant-worker.ts';
import { purgeHiddenVariants, restoreVisibleVariants } from '../../media/consent-variants.ts';
import { findRow, insertVersion, snapshotOf, toItem, updateRow } from '../../content/store.ts';
import { CONTENT_REGISTRY } from '../../content/registry.ts';
import {
  deleteMedia,
  dropExpiredReservations,
  findMedia,
  listMedia,
  mediaSpace,
  mediaUsedIn,
  releaseMediaSpace,
  updateMedia,
  type MediaItem,
  type MediaRow,
  type UsedIn,
} from '../../repositories/media.ts';
import { addChildrenToPhoto, childrenInPhoto, childrenOfSchool, setChildrenInPhoto } from '../../repositories/media-children.ts';
import { UNKNOWN_CHILD } from '../../content/consent.ts';
import { recordAudit } from '../../staff/audit.ts';
import { ALL_ROLES, EDITORS, guard, staffOf, type StaffRequestContext } from '../../staff/guard.ts';
import { typed } from '../deps.ts';
import { errorBody } from '../schemas.ts';
import type { AdminDeps } from './index.ts';

// The staff media API (docs/api.md "Staff media API", issue 15): resumable uploads (tus 1.0,
// @tus/server; docs/decisions/0035), turning an upload into a library file judged by its bytes,
// the library list with filters and usage, alt text and captions, and delete refused while used.
// The school is the request's (its host name); every route is guarded (session, Origin + CSRF
// token on writes, membership, role). Contributors may upload, and change their own files' words
// while no published content uses them (STAFF.md: editors publish); they may tag children in their
// own photos (a tag only hides a photo) but never untag one.

export const MEDIA_PAGE_SIZE = 40;

const UPLOADS_PATH = '/api/admin/media/uploads';
/** Unfinished uploads are dropped after a day (when their reservation stops counting); finished ones an hour after they finished (a retried POST still finds them). */
const UNFINISHED_UPLOAD_MS = RESERVATION_MS;
const FINISHED_UPLOAD_MS = 60 * 60_000;
const CLEANUP_EVERY_MS = 15 * 60_000;

export const NOT_YOURS = 'Contributors can only change the files they uploaded.';
export const UNTAG_EDITORS = 'Only an editor or administrator can untag a child: untagging can put the photo on the website.';
export const NO_UPLOAD = 'No unfinished upload with that id. Upload the file again.';
export const UNFINISHED = 'This upload has not finished yet. Let it finish, then try again.';
export const MEDIA_CONFLICT = 'Someone else changed this file after you opened it. Nothing was overwritten: here is the current version.';
export const NOT_TUS = 'Send files with a tus 1.0 client (Tus-Resumable: 1.0.0 and Upload-Length).';
export const UPLOAD_QUERY = 'An upload’s address takes no query string: use its address as given.';
export const UPLOAD_ADDRESS = 'Use the upload’s address exactly as given when it was created.';
const NO_FILE = 'No file with that id in this school.';
/** Refusals of a finished upload that no retry changes. */
const GIVEN_UP = new Set([413, 415, 422]);

const cameraSchema = z.object({
  make: z.string().optional(),
  model: z.string().optional(),
  takenAt: z.string().optional().describe('Capture time as the camera wrote it (local, no zone): 2025-08-01T10:11:12'),
  iso: z.number().optional(),
  fNumber: z.number().optional(),
  exposure: z.string().optional().describe('Seconds, as 1/120 or 2'),
});
export const mediaItemSchema = z.object({
  id: z.string().describe('sha-256 of the stored bytes (hex): the same bytes twice are one file'),
  ref: z.string().describe('What content stores in its file references, and /api/image/{ref} serves (?w= for a width)'),
  kind: z.enum(['image', 'pdf']),
  contentType: z.string(),
  name: z.string(),
  bytes: z.number().int(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  alt: z.string(),
  decorative: z.boolean(),
  caption: z.string(),
  camera: cameraSchema.optional().describe('Kept from the photo (never its location)'),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  version: z.number().int(),
});
const usedInSchema = z.object({ type: z.string(), id: z.string(), title: z.string() });
const taggedChildSchema = z.object({
  id: z.string(),
  name: z.string(),
  class: z.string(),
  photosConsent: z.boolean().describe('Consent for "Photos on the site" is in effect now; without it the photo is not shown'),
});
const itemAnswer = z.object({ item: mediaItemSchema });
const permissionsSchema = z
  .object({
    editWords: z.boolean().describe('Alt text, decorative and caption'),
    tag: z.boolean().describe('Add children to the photo'),
    untag: z.boolean().describe('Remove children from the photo (editors and administrators)'),
    delete: z.boolean(),
    reason: z.string().nullable().describe('Why the words cannot be changed, in words for staff'),
  })
  .describe('What the person asking may change of this file');
/** Ids in paths: anything unknown (of any shape) is simply not found. */
const idParams = z.object({ id: z.string().min(1).max(100).describe('The file id (sha-256, hex)') });
const uploadParams = z.object({ id: z.string().min(1).max(100).describe('The upload id from the Location of its creation') });
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const conflictBody = z.object({ error: z.string(), message: z.string(), current: mediaItemSchema });
const usedBody = z.object({ error: z.string(), message: z.string(), usedIn: z.array(usedInSchema) });
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const words = {
  alt: z.string().max(1000).optional().describe('What the photo shows, for people who cannot see it'),
  decorative: z.boolean().optional().describe('True: the photo needs no alt text (it adds nothing to the page)'),
  caption: z.string().max(2000).optional(),
};
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date as YYYY-MM-DD.' });

const isEditor = (context: StaffRequestContext) => context.role === 'admin' || context.role === 'editor';

/** Contributors change only what they uploaded. */
function mayEdit(context: StaffRequestContext, row: MediaRow): void {
  if (!isEditor(context) && row.item.createdBy !== context.user.id) throw new HttpError(403, NOT_YOURS);
}

/** "album “Sports day”, information page “syllabus”": the places, as a refusal names them. */
function placesInWords(places: readonly UsedIn[]): string {
  const named = places.slice(0, 3).map((p) => {
    if (p.type === 'settings') return 'the school’s settings';
    const label = p.type === 'pages' ? 'information page' : (CONTENT_REGISTRY[p.type as keyof typeof CONTENT_REGISTRY]?.label ?? p.type);
    return `${label} “${p.title || p.id}”`;
  });
  return places.length > 3 ? `${named.join(', ')} and ${places.length - 3} more` : named.join(', ');
}

export const editorMust = (places: readonly UsedIn[]) =>
  `An editor or administrator must make this change: this file is used in published content (${placesInWords(places)}).`;

export interface Permissions {
  editWords: boolean;
  tag: boolean;
  untag: boolean;
  delete: boolean;
  reason: string | null;
}

/**
 * The request is for exactly `address` (the normalised target, docs/decisions/0040): no query
 * string, no other spelling of the path. The upload itself is then the route's own checked id.
 */
function exactly(request: FastifyRequest, address: string): void {
  if (request.url.includes('?')) throw new HttpError(400, UPLOAD_QUERY);
  if (request.url !== address) throw new HttpError(400, UPLOAD_ADDRESS);
}

const schoolOf = (request: FastifyRequest) => staffOf(request).school as string;

export const mediaRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, config, now } = deps;
  const anyStaff = guard(deps, { kind: 'school', roles: ALL_ROLES });
  const editors = guard(deps, { kind: 'school', roles: EDITORS });

  // ---- Resumable uploads (tus 1.0) ----

  await mkdir(config.uploadDir, { recursive: true });
  const datastore = new QuotaFileStore(db, { directory: config.uploadDir, expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_MS });
  /** Who is creating an upload, and its id (already reserved in the quota): the tus server sees only the raw request. */
  const creators = new WeakMap<IncomingMessage, { school: string; owner: string; id: string }>();
  /**
   * The upload a request may act on, as its route checked it (this school's, this person's). The
   * tus server's own reading takes the last "/" segment of the whole URL, query string included,
   * so it is never used: an id not set here is no upload at all.
   */
  const checkedUploads = new WeakMap<IncomingMessage, string>();
  const tus = new TusServer({
    path: UPLOADS_PATH,
    datastore,
    maxSize: config.mediaMaxBytes,
    relativeLocation: true,
    respectForwardedHeaders: false,
    // Staff uploads come from the site's own pages only: no CORS answer (the tus server's default is "*").
    allowedOrigins: () => false,
    namingFunction(req) {
      const raw = req.runtime?.node?.req;
      const creator = raw && creators.get(raw as IncomingMessage);
      if (!creator) throw { status_code: 403, body: 'Not a staff request.' };
      return creator.id;
    },
    getFileIdFromRequest(req) {
      const raw = req.runtime?.node?.req;
      return raw ? checkedUploads.get(raw as IncomingMessage) : undefined;
    },
    async onUploadCreate(req, upload) {
      const raw = req.runtime?.node?.req;
      const creator = raw && creators.get(raw as IncomingMessage);
      if (!creator) throw { status_code: 403, body: 'Not a staff request.' };
      return { metadata: { ...upload.metadata, school: creator.school, owner: creator.owner } };
    },
    // tus answers in plain text; the staff screens read `{ error }` like every other answer.
    onResponseError(_req, err) {
      const status = 'status_code' in err ? err.status_code : 500;
      const text = 'status_code' in err ? err.body.trim() : 'The upload could not be stored. Try again.';
      return { status_code: status, body: JSON.stringify({ error: status === 413 ? tooLarge(config.mediaMaxBytes) : text }) };
    },
  });

  /**
   * Drops unfinished uploads after a day and finished ones an hour after they finished, and the
   * working files of a form upload or a judged photo left by a server that stopped mid-way.
   */
  async function cleanUploads(): Promise<void> {
    await tus.cleanUpExpiredUploads();
    // Those uploads' reservations stopped counting when they expired; here the rows go too.
    await dropExpiredReservations(db, now().toISOString());
    const cutoff = now().getTime() - FINISHED_UPLOAD_MS;
    for (const name of await readdir(config.uploadDir)) {
      if (/^(form|judged)-[0-9a-f]{16}$/.test(name)) {
        const file = path.join(config.uploadDir, name);
        const info = await stat(file).catch(() => null);
        // Its time is the file system's, so the real clock's (not a pinned one).
        if (info && info.mtimeMs < Date.now() - FINISHED_UPLOAD_MS) await rm(file, { force: true });
        continue;
      }
      if (!name.endsWith('.json')) continue;
      const id = name.slice(0, -'.json'.length);
      const upload = await datastore.getUpload(id).catch(() => null);
      if (upload && upload.offset === upload.size && upload.creation_date && Date.parse(upload.creation_date) < cutoff) {
        await giveUp(upload);
      }
    }
  }
  uploadCleaners.set(config, cleanUploads);
  const cleanup = setInterval(
    () => void cleanUploads().catch((err: unknown) => app.log.warn({ err }, 'could not clean the uploads')),
    CLEANUP_EVERY_MS,
  );
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));

  /** The upload, when it belongs to this person in this school (otherwise it does not exist for them). */
  async function ownUpload(request: FastifyRequest, id: string) {
    const upload = UPLOAD_ID.test(id) ? await datastore.getUpload(id).catch(() => null) : null;
    const context = staffOf(request);
    if (!upload || upload.metadata?.school !== context.school || upload.metadata?.owner !== context.user.id) {
      throw new HttpError(404, NO_UPLOAD);
    }
    return upload;
  }

  /** Removes an upload (refused, or never turned into a file); the store gives back its quota space. */
  async function giveUp(upload: { id: string }): Promise<void> {
    await datastore.remove(upload.id).catch(() => {});
  }

  /** Hands the request to the tus server (which writes the answer itself), acting on `uploadId` when given. */
  async function toTus(request: FastifyRequest, reply: FastifyReply, uploadId?: string): Promise<void> {
    if (uploadId) checkedUploads.set(request.raw, uploadId);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  }

  // tus PATCH bodies are the file's bytes: left unread here, the tus server streams them to disk.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  typed(app).post(
    '/media/uploads',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'Start a resumable upload (tus 1.0 creation): Upload-Length, Upload-Metadata filename and filetype',
        description: `Answers 201 with Location /api/admin/media/uploads/{id}. Over MEDIA_MAX_BYTES (${config.mediaMaxBytes} bytes here) is 413, and so is an Upload-Length the school's quota has no room for: it is held in the quota until the upload finishes, is refused, abandoned or expires (docs/decisions/0114).`,
        tags: ['admin: media'],
        response: { 201: z.null(), 413: errorBody, ...refusals },
      },
    },
    async (request, reply) => {
      exactly(request, UPLOADS_PATH);
      const length = Number(request.headers['upload-length']);
      if (request.headers['tus-resumable'] !== '1.0.0' || !Number.isSafeInteger(length) || length < 0) throw new HttpError(400, NOT_TUS);
      if (length > config.mediaMaxBytes) throw new HttpError(413, tooLarge(config.mediaMaxBytes));
      const context = staffOf(request);
      const school = context.school as string;
      const id = randomBytes(16).toString('hex');
      // Its declared length is held in the quota from now until it finishes, fails, is abandoned or expires (0114).
      await reserveSpace(db, config, { school, key: id, owner: context.user.id, bytes: length, at: now() });
      creators.set(request.raw, { school, owner: context.user.id, id });
      try {
        await toTus(request, reply);
      } finally {
        // Not created (refused by the tus server, or the connection dropped first): nothing to hold.
        if (!(await datastore.getUpload(id).catch(() => null))) await releaseMediaSpace(db, school, id);
      }
    },
  );

  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    typed(app).route({
      method,
      url: '/media/uploads/:id',
      onRequest: anyStaff,
      schema: {
        summary:
          method === 'HEAD'
            ? 'How much of an upload has arrived (tus Upload-Offset): where a dropped upload resumes'
            : method === 'PATCH'
              ? 'Send the next bytes of an upload (tus; Content-Type application/offset+octet-stream, Upload-Offset)'
              : 'Abandon an upload (tus termination)',
        description: 'At the address exactly as its creation gave it (Location): a query string or another spelling is 400.',
        tags: ['admin: media'],
        params: uploadParams,
        response: { 204: z.null(), ...refusals },
      },
      async handler(request, reply) {
        exactly(request, `${UPLOADS_PATH}/${request.params.id}`);
        const upload = await ownUpload(request, request.params.id);
        return toTus(request, reply, upload.id);
      },
    });
  }

  // ---- The library ----

  await app.register(async (scope) => {
    // Multipart only here: one file (plus an optional album), for small files and the no-JavaScript form.
    await scope.register(multipart, { limits: { files: 1, fields: 4, fileSize: config.mediaMaxBytes + 1, parts: 6 } });

    typed(scope).post(
      '/media',
      {
        onRequest: anyStaff,
        schema: {
          summary: 'Turn a finished upload (or a multipart `file`) into a library file, judged by its bytes',
          description:
            'JSON { upload, album? } or multipart/form-data with one `file` (and `album`). JPEG, PNG, WebP, AVIF, HEIC/HEIF (stored as JPEG) and PDF; location data removed, camera data kept. 201 with the new file; 200 with the existing one when the school already has these bytes.',
          tags: ['admin: media'],
          body: z
            .object({ upload: z.string().regex(/^[0-9a-f]{32}$/, { error: NO_UPLOAD }), album: z.string().max(64).optional() })
            .nullish()
            .describe('JSON; or multipart/form-data (not described here)'),
          response: {
            200: itemAnswer,
            201: itemAnswer,
            409: errorBody,
            413: errorBody,
            415: errorBody,
            422: errorBody,
            503: errorBody,
            ...refusals,
          },
        },
      },
      async (request, reply) => {
        const context = staffOf(request);
        const school = context.school as string;
        let album: string | undefined;
        let result: Awaited<ReturnType<typeof addToLibrary>>;
        if (request.isMultipart()) {
          const part = await request.file();
          if (!part || part.fieldname !== 'file') throw new HttpError(400, 'Choose a file to upload first.');
          const field = part.fields.album;
          album =
            field && !Array.isArray(field) && field.type === 'field' && typeof field.value === 'string' && field.value
              ? field.value
              : undefined;
          const temporary = path.join(config.uploadDir, `form-${randomBytes(8).toString('hex')}`);
          try {
            await pipeline(part.file, createWriteStream(temporary, { flags: 'wx' }));
            if (part.file.truncated) throw new HttpError(413, tooLarge(config.mediaMaxBytes));
            result = await addToLibrary(db, config, {
              file: temporary,
              name: part.filename,
              school,
              createdBy: context.user.id,
              at: now(),
              reservation: path.basename(temporary),
            });
          } finally {
            await rm(temporary, { force: true });
            await releaseMediaSpace(db, school, path.basename(temporary));
          }
        } else {
          if (!request.body) throw new HttpError(400, 'Send { "upload": "<upload id>" } or a multipart form with a file.');
          album = request.body.album;
          const upload = await ownUpload(request, request.body.upload);
          if (upload.size === undefined || upload.offset !== upload.size) throw new HttpError(409, UNFINISHED);
          try {
            result = await addToLibrary(db, config, {
              file: path.join(config.uploadDir, upload.id),
              name: upload.metadata?.filename,
              school,
              createdBy: context.user.id,
              at: now(),
              reservation: upload.id,
            });
          } catch (err) {
            // Refused for good (not accepted, damaged, too large, no room): the upload and its space go.
            // Anything else (503: the media process ended) keeps both for the retry.
            if (err instanceof HttpError && GIVEN_UP.has(err.statusCode)) await giveUp(upload);
            throw err;
          }
        }
        if (result.created) {
          mediaJobsAdded();
          await recordAudit(db, {
            action: 'media.uploaded',
            school,
            actor: { id: context.user.id, email: context.user.email },
            target: result.row.item.name,
            ip: request.ip,
            after: { id: result.row.item.id, kind: result.row.item.kind, bytes: result.row.item.bytes },
            at: now(),
          });
        }
        if (album) await appendToAlbum(db, config.timeZone, request, school, album, result.row.item.ref, now());
        return reply.code(result.created ? 201 : 200).send({ item: result.row.item });
      },
    );
  });

  /** References one list may ask for (a form's files: an item's few, a page's pictures). */
  const MAX_LISTED_REFS = 50;

  typed(app).get(
    '/media',
    {
      onRequest: anyStaff,
      schema: {
        summary: "The school's media library, newest first, with its storage use",
        tags: ['admin: media'],
        querystring: z.object({
          q: z.string().max(200).optional().describe('Part of the file name'),
          type: z.enum(['image', 'pdf']).optional(),
          from: day.optional().describe('Uploaded on or after (YYYY-MM-DD, UTC)'),
          to: day.optional().describe('Uploaded on or before'),
          album: z.string().max(64).optional().describe("Only this album's photos"),
          refs: z
            .string()
            .max(4000)
            .optional()
            .describe(
              'Only these references, comma-separated (at most 50): the files a form shows; references of other schools are never listed',
            ),
          missingAlt: z.enum(['1', 'true']).optional().describe('Only photos with neither alt text nor "decorative"'),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
        }),
        response: {
          200: z.object({
            items: z.array(mediaItemSchema),
            page: z.number().int(),
            pageSize: z.number().int(),
            total: z.number().int(),
            usage: z.object({
              bytes: z.number().describe('Stored in the library'),
              quotaBytes: z.number().describe('MEDIA_QUOTA_BYTES'),
              reservedBytes: z.number().describe('Held on top by uploads in progress (their declared length) until they finish or expire'),
            }),
          }),
          ...refusals,
        },
      },
    },
    async (request) => {
      const school = schoolOf(request);
      const q = request.query;
      let albumRefs: string[] | undefined;
      if (q.album) {
        const row = await findRow(db, CONTENT_REGISTRY.albums, school, q.album);
        albumRefs = row ? refsOf(row.attachments) : [];
      }
      if (q.refs !== undefined) {
        const wanted = q.refs
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean)
          .slice(0, MAX_LISTED_REFS);
        albumRefs = albumRefs ? albumRefs.filter((r) => wanted.includes(r)) : wanted;
      }
      const [list, space] = await Promise.all([
        listMedia(
          db,
          school,
          { q: q.q, type: q.type, from: q.from, to: q.to, albumRefs, missingAlt: q.missingAlt !== undefined },
          q.page,
          MEDIA_PAGE_SIZE,
        ),
        mediaSpace(db, school, now().toISOString()),
      ]);
      return {
        ...list,
        page: q.page,
        pageSize: MEDIA_PAGE_SIZE,
        usage: { bytes: space.usedBytes, quotaBytes: config.mediaQuotaBytes, reservedBytes: space.reservedBytes },
      };
    },
  );

  typed(app).get(
    '/media/:id',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'One library file and where it is used',
        tags: ['admin: media'],
        params: idParams,
        response: {
          200: z.object({
            item: mediaItemSchema,
            usedIn: z.array(usedInSchema),
            children: z.array(taggedChildSchema),
            permissions: permissionsSchema,
          }),
          ...refusals,
        },
      },
    },
    async (request) => {
      const school = schoolOf(request);
      const row = await findMedia(db, school, request.params.id);
      if (!row) throw new HttpError(404, NO_FILE);
      const [usedIn, children, permissions] = await Promise.all([
        mediaUsedIn(db, school, row.item.ref),
        childrenInPhoto(db, school, row.item.ref, now()),
        permissionsOf(staffOf(request), school, row),
      ]);
      return { item: row.item, usedIn, children, permissions };
    },
  );

  typed(app).patch(
    '/media/:id',
    {
      onRequest: anyStaff,
      schema: {
        summary: "A file's alt text, decorative mark and caption; 409 with the current file on a stale version",
        tags: ['admin: media'],
        params: idParams,
        body: z.object({ ...words, version: z.number().int().min(1) }),
        response: { 200: itemAnswer, 409: conflictBody, ...refusals },
      },
    },
    async (request, reply) => {
      const { school, context, row } = await fileOf(request, request.params.id);
      await mayChangeWords(context, school, row);
      const { version, ...edit } = request.body;
      const saved = await saveWords(request, school, [{ row, edit, version }]);
      if (!saved) {
        const current = (await findMedia(db, school, request.params.id))?.item ?? row.item;
        return reply.code(409).send({ error: MEDIA_CONFLICT, message: MEDIA_CONFLICT, current });
      }
      return { item: saved[0] as MediaItem };
    },
  );

  typed(app).patch(
    '/media',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'Captions (and alt text) of several files at once: all saved, or none',
        tags: ['admin: media'],
        body: z.object({ items: z.array(z.object({ id: z.string().max(100), ...words })).max(500) }),
        response: { 200: z.object({ items: z.array(mediaItemSchema) }), 409: errorBody, ...refusals },
      },
    },
    async (request) => {
      const school = schoolOf(request);
      const context = staffOf(request);
      const changes = [];
      for (const { id, ...edit } of request.body.items) {
        const row = await findMedia(db, school, id);
        if (!row) throw new HttpError(404, `${NO_FILE} Nothing was saved.`);
        await mayChangeWords(context, school, row, ' Nothing was saved.');
        changes.push({ row, edit, version: undefined });
      }
      const saved = await saveWords(request, school, changes);
      if (!saved) throw new HttpError(409, 'A file changed while saving. Nothing was saved; try again.');
      return { items: saved };
    },
  );

  typed(app).delete(
    '/media/:id',
    {
      onRequest: editors,
      schema: {
        summary: 'Delete a library file (editors); 409 with the list of places while anything uses it',
        tags: ['admin: media'],
        params: idParams,
        response: { 204: z.null(), 409: usedBody, ...refusals },
      },
    },
    async (request, reply) => {
      const { school, context, row } = await fileOf(request, request.params.id);
      const usedIn = await mediaUsedIn(db, school, row.item.ref);
      if (usedIn.length > 0) {
        const message = `This file is used in ${usedIn.map((u) => `${u.type} “${u.title || u.id}”`).join(', ')}. Remove it there first.`;
        return reply.code(409).send({ error: message, message, usedIn });
      }
      const at = now();
      await db.transaction().execute(async (trx) => {
        await deleteMedia(trx as Db, school, row.item.id, row.item.ref);
        await recordAudit(trx as Db, {
          action: 'media.deleted',
          school,
          actor: { id: context.user.id, email: context.user.email },
          target: row.item.name,
          ip: request.ip,
          before: { id: row.item.id, kind: row.item.kind, bytes: row.item.bytes },
          at,
        });
        await bumpContentVersion(trx as Db, school, at);
      });
      // The bytes go after the row: a reader never finds a row without its file.
      await removeLibraryFiles(mediaStores(config).media, row);
      contentChanged(school);
      return reply.code(204).send(null);
    },
  );

  typed(app).put(
    '/media/:id/children',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'The children a photo shows (from the consent register); the photo is public only while each has photo consent',
        description:
          'Replaces the list. A photo tagged with a child without current consent for "Photos on the site" is left out of every public album and its file is not served; publishing an album with it is refused (422).',
        tags: ['admin: media'],
        params: idParams,
        body: z.object({ children: z.array(z.string().min(1).max(64)).max(100).describe('Child ids from /api/admin/{code}/children') }),
        response: { 200: z.object({ item: mediaItemSchema, children: z.array(taggedChildSchema) }), ...refusals },
      },
    },
    async (request) => {
      const { school, context, row } = await fileOf(request, request.params.id);
      mayEdit(context, row);
      if (row.item.kind !== 'image') throw new HttpError(400, 'Only photos can show children.');
      const wanted = [...new Set(request.body.children)];
      const known = await childrenOfSchool(db, school, wanted);
      if (wanted.some((id) => !known.has(id))) throw new HttpError(400, `${UNKNOWN_CHILD} Nothing was saved.`);
      const at = now();
      // Untagging can make a photo hidden for consent public again: editors only. A contributor's
      // list only adds (a tag someone adds meanwhile is kept, never removed by it).
      const addOnly = !isEditor(context);
      if (addOnly) {
        const tagged = await childrenInPhoto(db, school, row.item.ref, at);
        if (tagged.some((c) => !wanted.includes(c.id))) throw new HttpError(403, UNTAG_EDITORS);
      }
      const changed = await db.transaction().execute(async (trx) => {
        const moved = addOnly
          ? await addChildrenToPhoto(trx as Db, school, row.item.ref, wanted, at.toISOString(), context.user.id)
          : await setChildrenInPhoto(trx as Db, school, row.item.ref, wanted, at.toISOString(), context.user.id);
        if (!moved) return false;
        // Counts only: the audit log keeps no child's name (docs/decisions/0110).
        await recordAudit(trx as Db, {
          action: 'media.children_tagged',
          school,
          actor: { id: context.user.id, email: context.user.email },
          target: row.item.name,
          ip: request.ip,
          after: { children: wanted.length },
          at,
        });
        await bumpContentVersion(trx as Db, school, at);
        return true;
      });
      if (changed) {
        contentChanged(school);
        // Hidden now: its copies go; shown again: they are made again.
        await purgeHiddenVariants(db, config, [row.item.ref], at);
        await restoreVisibleVariants(db, config, [row.item.ref], at);
      }
      return { item: row.item, children: await childrenInPhoto(db, school, row.item.ref, at) };
    },
  );

  /**
   * What this person may change of the file: editors and administrators everything; a contributor
   * their own files' words while no published content uses them (the change would show on the site
   * without an editor), and tags, never untags; nothing of someone else's file.
   */
  async function permissionsOf(context: StaffRequestContext, school: string, row: MediaRow): Promise<Permissions> {
    if (isEditor(context)) return { editWords: true, tag: true, untag: true, delete: true, reason: null };
    if (row.item.createdBy !== context.user.id) return { editWords: false, tag: false, untag: false, delete: false, reason: NOT_YOURS };
    const published = await mediaUsedIn(db, school, row.item.ref, { publicOnly: true });
    const reason = published.length > 0 ? editorMust(published) : null;
    return { editWords: reason === null, tag: true, untag: false, delete: false, reason };
  }

  /** 403 unless this person may change the file's words (`after`: added to the refusal). */
  async function mayChangeWords(context: StaffRequestContext, school: string, row: MediaRow, after = ''): Promise<void> {
    const { editWords, reason } = await permissionsOf(context, school, row);
    if (!editWords) throw new HttpError(403, `${reason ?? NOT_YOURS}${after}`);
  }

  /** The request's school and person, and the file `id` of that school (404 when it has none). */
  async function fileOf(request: FastifyRequest, id: string) {
    const school = schoolOf(request);
    const row = await findMedia(db, school, id);
    if (!row) throw new HttpError(404, NO_FILE);
    return { school, context: staffOf(request), row };
  }

  /** Saves words of one or more files in one transaction (all or nothing); null when a version was stale. */
  async function saveWords(
    request: FastifyRequest,
    school: string,
    changes: Array<{
      row: MediaRow;
      edit: { alt?: string | undefined; decorative?: boolean | undefined; caption?: string | undefined };
      version: number | undefined;
    }>,
  ): Promise<MediaItem[] | null> {
    const context = staffOf(request);
    const at = now();
    const saved = await db
      .transaction()
      .execute(async (trx) => {
        const items: MediaItem[] = [];
        for (const { row, edit, version } of changes) {
          const after = await updateMedia(trx as Db, school, row.item.id, edit, version, at.toISOString());
          if (!after) throw new StaleVersion();
          items.push(after.item);
          await recordAudit(trx as Db, {
            action: 'media.updated',
            school,
            actor: { id: context.user.id, email: context.user.email },
            target: row.item.name,
            ip: request.ip,
            before: { alt: row.item.alt, decorative: row.item.decorative, caption: row.item.caption },
            after: { alt: after.item.alt, decorative: after.item.decorative, caption: after.item.caption },
            at,
          });
        }
        // Alt text and captions show in the public album data.
        await bumpContentVersion(trx as Db, school, at);
        return items;
      })
      .catch((err: unknown) => {
        if (err instanceof StaleVersion) return null;
        throw err;
      });
    if (saved) contentChanged(school);
    return saved;
  }
};

class StaleVersion extends Error {}

/**
 * The tus uploads' folder, where removing an upload also gives back the quota space it held
 * (docs/decisions/0114): a tus termination (DELETE, before its 204 is sent), the expiry clean-up,
 * and a refused or stale upload removed here.
 */
class QuotaFileStore extends FileStore {
  readonly #db: Db;
  constructor(db: Db, options: ConstructorParameters<typeof FileStore>[0]) {
    super(options);
    this.#db = db;
  }

  override async remove(id: string): Promise<void> {
    const upload = await this.getUpload(id).catch(() => null);
    try {
      await super.remove(id);
    } finally {
      const school = upload?.metadata?.school;
      if (school) await releaseMediaSpace(this.#db, school, id);
    }
  }
}

function refsOf(value: unknown): string[] {
  try {
    const parsed: unknown = JSON.parse(String(value ?? '[]'));
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * `album` given with an upload: the new photo goes last in that unpublished album's photos (editors,
 * or a contributor's own draft). A published album is refused: the new photo has no alt text yet.
 */
async function appendToAlbum(
  db: Db,
  timeZone: string,
  request: FastifyRequest,
  school: string,
  albumId: string,
  ref: string,
  at: Date,
): Promise<void> {
  const spec = CONTENT_REGISTRY.albums;
  const row = await findRow(db, spec, school, albumId);
  if (!row) throw new HttpError(404, 'No album with that id in this school. The file is in the library.');
  const context = staffOf(request);
  if (!isEditor(context) && (row.created_by !== context.user.id || row.status === 'published')) {
    throw new HttpError(403, 'Contributors can only add photos to their own draft albums. The file is in the library.');
  }
  if (row.status === 'published') {
    throw new HttpError(
      422,
      'This album is published: give the photo alt text in the library, then add it on the album’s page. The file is in the library.',
    );
  }
  const refs = refsOf(row.attachments);
  if (refs.includes(ref)) return;
  const actor = { id: context.user.id, email: context.user.email };
  const before = toItem(spec, row, timeZone, at);
  // A save like any other: the album's next version, kept in its history (who, when) and audited.
  const next = { ...snapshotOf(before), fields: { ...before.fields, attachments: [...refs, ref] }, reviewNote: before.reviewNote };
  const saved = await db.transaction().execute(async (trx) => {
    const updated = await updateRow(trx as Db, spec, school, albumId, before.version, next, actor, at);
    if (!updated) return false;
    const after = toItem(spec, updated, timeZone, at);
    await insertVersion(trx as Db, {
      code: school,
      type: spec.type,
      itemId: albumId,
      version: after.version,
      action: 'photo_added',
      snapshot: snapshotOf(after),
      actor,
      now: at,
    });
    await recordAudit(trx as Db, {
      action: 'content.photo_added',
      school,
      actor,
      target: String(row.title ?? albumId),
      ip: request.ip,
      after: { type: 'albums', id: albumId, ref, version: after.version },
      at,
    });
    return true;
  });
  if (!saved)
    throw new HttpError(409, 'The album changed while the photo was being added. The file is in the library; add it on the album’s page.');
}
