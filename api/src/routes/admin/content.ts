import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CONTENT_TYPES, DISPLAY_STATUSES, editedVersion, publishWindowFields, returnBody, type ContentStatus } from '@sthsm/contract';
import { fieldErrors } from '@sthsm/contract/staff';
import { checkTopperRows, topperBatchBody } from '@sthsm/contract/toppers-paste';
import { z } from 'zod';
import { contentChanged } from '../../cache.ts';
import { flatSnapshot, versionChanges } from '../../content/diff.ts';
import { foreignRefErrors } from '../../content/file-refs.ts';
import { CONTENT_REGISTRY, contentSpec, type ContentTypeSpec } from '../../content/registry.ts';
import { sanitizeRichText } from '@sthsm/contract/rich-text-sanitize';
import type { ConsentProblem } from '../../content/consent.ts';
import { notShown } from '../../content/not-shown.ts';
import { publishProblem } from '../../content/publish-checks.ts';
import { isNotifiable } from '../../notify/items.ts';
import { queueItemSend, sendLogOf, wantsNotify } from '../../notify/queue.ts';
import { bumpContentVersion } from '../../content/state.ts';
import { findTrash, listTrash, purgeTrash, TRASH_DAYS, trashRow, untrashRow } from '../../content/trash.ts';
import {
  deleteRow,
  findRow,
  insertRow,
  insertVersion,
  keepImportedVersion,
  listRows,
  listVersions,
  listYears,
  snapshotOf,
  toItem,
  updateRow,
  versionsOfItem,
  type Actor,
  type ContentItem,
  type Snapshot,
} from '../../content/store.ts';
import { schoolTimeToUtc } from '../../content/time.ts';
import { englishChangedSince, translationsOf } from '../../content/translations.ts';
import { findSchoolProfile } from '../../repositories/school-profiles.ts';
import { LANGUAGES, isSiteLanguage } from '@sthsm/contract/languages';
import { signPreview } from '../../content/preview.ts';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../errors.ts';
import { mediaStores } from '../../media/library.ts';
import { recordAudit } from '../../staff/audit.ts';
import { ALL_ROLES, guard, staffOf, type StaffRequestContext } from '../../staff/guard.ts';
import { schoolOrigin } from '../../staff/links.ts';
import { typed } from '../deps.ts';
import { errorBody } from '../schemas.ts';
import type { AdminDeps } from './index.ts';
import { codeParams } from './schemas.ts';

// The staff content API (docs/api.md "Staff content API"): one generic set of routes over the
// registry of content types (content/registry.ts). Every route is guarded (session, Origin + CSRF
// token for writes, membership of the school); what a role may do to an item is decided here:
// contributors create and edit their own drafts and submit them for review; editors and
// administrators do everything. Every write is one transaction with its version row, its audit
// entry and (when the public may see the change) the school's content counter.

export const UNKNOWN_TYPE = 'Unknown content type.';
export const CONTRIBUTOR_CANNOT_PUBLISH = 'Contributors cannot publish. Submit it for review instead.';
export const CONTRIBUTOR_OWN_DRAFTS = 'Contributors can only change their own drafts.';
export const CONTRIBUTOR_CANNOT = 'Your role in this school does not allow this. Ask an editor.';
export const CONFLICT =
  'Someone else saved this item after you opened it. Nothing was overwritten: their version and yours are both here. Copy what you need into the current version and save again.';
export const NOT_IN_TRASH =
  'This item is not among the recently deleted ones: it was brought back already, or deleted more than 30 days ago.';
export const CHECK_FIELDS = 'Some fields need attention. Nothing was saved.';
export const PREVIEW_HOURS_DEFAULT = 72;

export const itemParams = codeParams.extend({
  type: z
    .string()
    .max(40)
    .describe(`One of: ${CONTENT_TYPES.join(', ')}`),
  id: z.string().min(1).max(64),
});
const typeParams = codeParams.extend({ type: itemParams.shape.type });
const versionParams = itemParams.extend({ version: z.coerce.number().int().min(1) });

const itemSchema = z.object({
  id: z.string(),
  type: z.enum(CONTENT_TYPES),
  fields: z.record(z.string(), z.unknown()).describe("The type's fields, as SPEC §3 names them"),
  status: z.enum(['draft', 'review', 'published']),
  displayStatus: z.enum(DISPLAY_STATUSES).describe('Draft, In review, Scheduled, Published or Expired (from the window)'),
  publishAt: z.string().nullable().describe('UTC ISO 8601'),
  unpublishAt: z.string().nullable(),
  publishAtLocal: z.string().nullable().describe("The same in the school's time zone, as typed: 2025-08-14T10:00"),
  unpublishAtLocal: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  reviewNote: z.string().nullable().describe("An editor's comment when the item was returned"),
  notShown: z
    .object({ short: z.string(), message: z.string() })
    .nullable()
    .optional()
    .describe(
      'In lists and GET of one item: why a Published item is not (fully) on the public site now (no consent, an album without a date)',
    ),
  notifiable: z
    .boolean()
    .optional()
    .describe('GET of one item: whether publishing it may notify subscribers (news, events, notices, toppers)'),
  notification: z
    .object({
      status: z.enum(['pending', 'done', 'cancelled']),
      createdAt: z.string(),
      finishedAt: z.string().nullable(),
      sent: z.number().int(),
      failed: z.number().int(),
      expired: z.number().int(),
    })
    .nullable()
    .optional()
    .describe("GET of one item: its send to subscribers (asked for with notify: 'on' when publishing), with the delivery counts"),
  translations: z
    .array(
      z.object({
        locale: z.string(),
        language: z.string().describe('The language in English: Hindi'),
        offered: z.boolean().describe('Whether the school offers it on its site now'),
        displayStatus: z.enum(DISPLAY_STATUSES).nullable().describe('Its own status; null: not written yet'),
        version: z.number().int().nullable(),
        englishChanged: z.boolean().describe('Whether the English text changed since it was last saved'),
      }),
    )
    .optional()
    .describe("GET of one item: its versions in the school's other languages (each with its own status), for types with text"),
});
const itemAnswer = z.object({ item: itemSchema });
const writeBody = z.record(z.string(), z.unknown()).describe("The type's fields, publishAt, unpublishAt, intent, and (to update) version");
export const validationError = errorBody.extend({ submitted: z.record(z.string(), z.unknown()).optional() });
const conflictError = errorBody.extend({
  current: itemSchema.nullable().describe("The server's current item (null: deleted meanwhile)"),
  submitted: z.record(z.string(), z.unknown()).describe('What this request sent, unchanged'),
});
export const answers = {
  400: validationError,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: conflictError,
  422: validationError,
  429: errorBody,
};
export const versionSchema = z.object({
  version: z.number().int(),
  action: z.string(),
  savedAt: z.string(),
  savedBy: z.string().nullable(),
  savedByEmail: z.string().nullable(),
  snapshot: z.object({
    fields: z.record(z.string(), z.unknown()),
    status: z.string(),
    publishAt: z.string().nullable(),
    unpublishAt: z.string().nullable(),
  }),
});

export const fieldChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  parts: z
    .array(z.object({ value: z.string(), added: z.boolean(), removed: z.boolean() }))
    .optional()
    .describe('For text: the words kept, added and removed'),
});

type Role = NonNullable<StaffRequestContext['role']>;
export const isEditor = (role: Role | undefined) => role === 'admin' || role === 'editor';

export function specOf(type: string): ContentTypeSpec {
  const spec = contentSpec(type);
  if (!spec) throw new HttpError(404, UNKNOWN_TYPE);
  return spec;
}

export function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** An item's title, name, or the start of its text, in plain words. */
export function titleOf(spec: ContentTypeSpec, fields: Record<string, unknown>): string {
  const raw = String(fields[spec.titleField] ?? '');
  const text = raw
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text || '(untitled)';
}

/** Plain words naming an item in the audit log and messages. */
const nameOf = (spec: ContentTypeSpec, fields: Record<string, unknown>) => `${spec.label}: ${titleOf(spec, fields)}`;

type Parsed =
  | { ok: true; fields: Record<string, unknown>; publishAt: string | null; unpublishAt: string | null }
  | { ok: false; errors: Record<string, string> };

/** The type's schema and the publish window, with every field's message at once; rich text sanitized. */
export function parseWrite(spec: ContentTypeSpec, body: Record<string, unknown>, timeZone: string): Parsed {
  const fields = spec.schema.safeParse(body);
  const window = publishWindowFields.safeParse(body);
  const problems: Record<string, string> = {
    ...(fields.success ? {} : fieldErrors(fields.error)),
    ...(window.success ? {} : fieldErrors(window.error)),
  };
  let publishAt: string | null = null;
  let unpublishAt: string | null = null;
  if (window.success) {
    publishAt = schoolTimeToUtc(window.data.publishAt, timeZone);
    unpublishAt = schoolTimeToUtc(window.data.unpublishAt, timeZone);
    if (publishAt && unpublishAt && unpublishAt <= publishAt) problems.unpublishAt = 'Unpublish at must be after Publish at.';
  }
  if (!fields.success || Object.keys(problems).length > 0) return { ok: false, errors: problems };
  const values: Record<string, unknown> = { ...fields.data };
  for (const field of spec.richText) {
    const clean = sanitizeRichText(String(values[field] ?? ''));
    if (clean.replace(/<[^>]*>/g, '').trim() === '') {
      return { ok: false, errors: { [field]: `${field === 'message' ? 'Message' : 'This field'} is required.` } };
    }
    values[field] = clean;
  }
  return { ok: true, fields: values, publishAt, unpublishAt };
}

const INTENTS = ['draft', 'review', 'publish'] as const;
type Intent = (typeof INTENTS)[number];
export function intentOf(body: Record<string, unknown>): Intent | undefined {
  const intent = body.intent;
  return typeof intent === 'string' && (INTENTS as readonly string[]).includes(intent) ? (intent as Intent) : undefined;
}
export const statusOf = (intent: Intent): ContentStatus => (intent === 'publish' ? 'published' : intent);

export function refuseInvalid(reply: FastifyReply, errors: Record<string, string>, submitted: Record<string, unknown>) {
  return reply.code(400).send({ error: CHECK_FIELDS, errors, submitted });
}

/** A linked child unknown (400), or without consent for an item that would show them (422). */
function refuseConsent(reply: FastifyReply, problem: ConsentProblem, submitted: Record<string, unknown>) {
  const error = problem.code === 400 ? CHECK_FIELDS : problem.message;
  return reply.code(problem.code).send({ error, errors: { [problem.field]: problem.message }, submitted });
}

/** A contributor may touch only their own items that are not published. */
function mayChange(context: StaffRequestContext, current: ContentItem): void {
  if (isEditor(context.role)) return;
  if (current.createdBy !== context.user.id || current.status === 'published') throw new HttpError(403, CONTRIBUTOR_OWN_DRAFTS);
}

/** What the person may bring back: editors everything; a contributor their own items that were not published. */
const mayRestore = (context: StaffRequestContext, entry: { status: string; createdBy: string | null }) =>
  isEditor(context.role) || (entry.createdBy === context.user.id && entry.status !== 'published');

/** After the commit: this process's caches drop the school's answers at once (the others see the counter). */
/** What queueItemSend needs of a saved item. */
const sendOf = (code: string, item: ContentItem, actorId: string, at: Date) => ({
  code,
  type: item.type,
  id: item.id,
  fields: item.fields,
  publishAt: item.publishAt,
  actorId,
  at,
});

function afterWrite(code: string, touchesPublic: boolean): void {
  if (touchesPublic) contentChanged(code);
}

/** 409 before anything else when the editor's version is not the stored one. */
function staleCheck(reply: FastifyReply, current: ContentItem, expected: number | undefined, submitted: Record<string, unknown>) {
  if (expected !== undefined && expected !== current.version) {
    void reply.code(409).send({ error: CONFLICT, current, submitted });
    return true;
  }
  return false;
}

export const contentRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, config, now } = deps;
  const anyStaff = guard(deps, { kind: 'school', roles: ALL_ROLES });
  const tz = config.timeZone;
  const { media } = mediaStores(config);

  const item = (spec: ContentTypeSpec, row: Record<string, string | number | null>) => toItem(spec, row, tz, now());

  /** The item's versions in the languages the school offers (and any written before a language was turned off). */
  async function languagesOf(code: string, spec: ContentTypeSpec, id: string, fields: Record<string, unknown>) {
    const [profile, written] = await Promise.all([findSchoolProfile(db, code), translationsOf(db, code, spec.type, id, tz, now())]);
    const offered: readonly string[] = profile?.profile.languages ?? [];
    const locales = [...new Set([...offered, ...written.map((w) => w.locale)])].filter(isSiteLanguage);
    return locales.map((locale) => {
      const found = written.find((w) => w.locale === locale);
      return {
        locale,
        language: LANGUAGES[locale].english,
        offered: offered.includes(locale),
        displayStatus: found?.displayStatus ?? null,
        version: found?.version ?? null,
        englishChanged: found ? englishChangedSince(found, spec, fields) : false,
      };
    });
  }

  async function load(spec: ContentTypeSpec, code: string, id: string): Promise<ContentItem> {
    const row = await findRow(db, spec, code, id);
    if (!row) throw new HttpError(404, `No ${spec.label} with that id in this school.`);
    return item(spec, row);
  }

  interface Change {
    request: FastifyRequest;
    reply: FastifyReply;
    spec: ContentTypeSpec;
    code: string;
    current: ContentItem;
    expected: number;
    next: Snapshot & { reviewNote: string | null };
    action: string;
    submitted: Record<string, unknown>;
    /** Whether the fields are checked again (they change, or they go live): not for unpublish, submit, return. */
    checkRefs: boolean;
  }

  /** Every file reference the fields name must be this school's own file (docs/api.md "File references"). */
  const foreignRefs = (spec: ContentTypeSpec, code: string, fields: Record<string, unknown>) =>
    foreignRefErrors(db, media, code, spec.schema, fields);

  /** Inserts a new item with its first version row and its audit entry (`batch`: how many were pasted together). */
  async function insertItem(
    trx: Db,
    o: { spec: ContentTypeSpec; code: string; snapshot: Snapshot; actor: Actor; at: Date; ip: string; batch?: number },
  ): Promise<ContentItem> {
    const after = item(o.spec, await insertRow(trx, o.spec, o.code, o.snapshot, o.actor, o.at));
    await insertVersion(trx, {
      code: o.code,
      type: o.spec.type,
      itemId: after.id,
      version: 1,
      action: 'created',
      snapshot: o.snapshot,
      actor: o.actor,
      now: o.at,
    });
    await recordAudit(trx, {
      action: 'content.created',
      school: o.code,
      actor: o.actor,
      target: nameOf(o.spec, after.fields),
      ip: o.ip,
      after: {
        type: o.spec.type,
        id: after.id,
        version: 1,
        status: after.status,
        publishAt: after.publishAt,
        unpublishAt: after.unpublishAt,
        ...(o.batch === undefined ? {} : { batch: o.batch }),
      },
      at: o.at,
    });
    return after;
  }

  /** Saves a new version of an existing item (version-checked), with its version row and audit entry. */
  async function saveChange(c: Change) {
    const context = staffOf(c.request);
    const actor = { id: context.user.id, email: context.user.email };
    const at = now();
    const touchesPublic = c.current.status === 'published' || c.next.status === 'published';
    const foreign = c.checkRefs ? await foreignRefs(c.spec, c.code, c.next.fields) : null;
    if (foreign) return refuseInvalid(c.reply, foreign, c.submitted);
    const problem = await publishProblem(db, c.spec, c.code, c.next, at);
    if (problem) return refuseConsent(c.reply, problem, c.submitted);
    const saved = await db.transaction().execute(async (trx) => {
      await keepImportedVersion(trx as Db, c.code, c.current);
      const row = await updateRow(trx as Db, c.spec, c.code, c.current.id, c.expected, c.next, actor, at);
      if (!row) return null;
      const after = item(c.spec, row);
      await insertVersion(trx as Db, {
        code: c.code,
        type: c.spec.type,
        itemId: after.id,
        version: after.version,
        action: c.action,
        snapshot: snapshotOf(after),
        actor,
        now: at,
      });
      await recordAudit(trx as Db, {
        action: `content.${c.action}`,
        school: c.code,
        actor,
        target: nameOf(c.spec, after.fields),
        ip: c.request.ip,
        before: { type: c.spec.type, id: after.id, version: c.current.version, status: c.current.status },
        after: {
          type: c.spec.type,
          id: after.id,
          version: after.version,
          status: after.status,
          publishAt: after.publishAt,
          unpublishAt: after.unpublishAt,
        },
        at,
      });
      if (touchesPublic) await bumpContentVersion(trx as Db, c.code, at);
      // Publishing with "Notify subscribers": one send per item, queued with the publish (notify/queue.ts).
      if (after.status === 'published' && wantsNotify(c.submitted)) await queueItemSend(trx as Db, sendOf(c.code, after, actor.id, at));
      return after;
    });
    if (!saved) {
      const row = await findRow(db, c.spec, c.code, c.current.id);
      return c.reply.code(409).send({ error: CONFLICT, current: row ? item(c.spec, row) : null, submitted: c.submitted });
    }
    afterWrite(c.code, touchesPublic);
    return { item: saved };
  }

  typed(app).get(
    '/:code/content',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'The content types staff manage, with how many items of each are in each status',
        tags: ['admin: content'],
        params: codeParams,
        response: {
          200: z.object({
            types: z.array(z.object({ type: z.enum(CONTENT_TYPES), label: z.string(), total: z.number().int() })),
          }),
          ...answers,
        },
      },
    },
    async (request) => {
      const types = [];
      for (const spec of Object.values(CONTENT_REGISTRY)) {
        const { total } = await listRows(db, spec, request.params.code, { page: 1, pageSize: 1 }, now());
        types.push({ type: spec.type, label: spec.label, total });
      }
      return { types };
    },
  );

  typed(app).get(
    '/:code/content/:type',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'One page of a content type: search (q), status and year filters, newest saved first',
        tags: ['admin: content'],
        params: typeParams,
        querystring: z.object({
          q: z.string().trim().max(200).optional(),
          status: z.enum(DISPLAY_STATUSES).optional(),
          year: z
            .string()
            .regex(/^\d{4}$/, { error: 'Year must be four digits.' })
            .optional(),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({
            items: z.array(itemSchema),
            total: z.number().int(),
            page: z.number().int(),
            pageSize: z.number().int(),
            years: z.array(z.string()).describe('The years the year filter offers'),
          }),
          ...answers,
        },
      },
    },
    async (request) => {
      const spec = specOf(request.params.type);
      const { q, status, year, page, pageSize } = request.query;
      const { rows, total } = await listRows(db, spec, request.params.code, { q, status, year, page, pageSize }, now());
      const code = request.params.code;
      return {
        items: await Promise.all(
          rows.map((r) => item(spec, r)).map(async (i) => ({ ...i, notShown: await notShown(db, spec, code, i, now()) })),
        ),
        total,
        page,
        pageSize,
        years: await listYears(db, spec, request.params.code),
      };
    },
  );

  typed(app).post(
    '/:code/content/:type',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'Create an item: a draft; intent "review" submits it, intent "publish" (editors) publishes it',
        tags: ['admin: content'],
        params: typeParams,
        body: writeBody,
        response: { 201: itemAnswer, ...answers },
      },
    },
    async (request, reply) => {
      const spec = specOf(request.params.type);
      const code = request.params.code;
      const context = staffOf(request);
      const body = bodyOf(request);
      const intent = intentOf(body) ?? 'draft';
      if (intent === 'publish' && !isEditor(context.role)) throw new HttpError(403, CONTRIBUTOR_CANNOT_PUBLISH);
      const parsed = parseWrite(spec, body, tz);
      if (!parsed.ok) return refuseInvalid(reply, parsed.errors, body);
      const actor = { id: context.user.id, email: context.user.email };
      const at = now();
      const snapshot: Snapshot = {
        fields: parsed.fields,
        status: statusOf(intent),
        publishAt: parsed.publishAt,
        unpublishAt: parsed.unpublishAt,
      };
      const foreign = await foreignRefs(spec, code, snapshot.fields);
      if (foreign) return refuseInvalid(reply, foreign, body);
      const problem = await publishProblem(db, spec, code, snapshot, at);
      if (problem) return refuseConsent(reply, problem, body);
      const created = await db.transaction().execute(async (trx) => {
        const after = await insertItem(trx as Db, { spec, code, snapshot, actor, at, ip: request.ip });
        if (after.status === 'published') await bumpContentVersion(trx as Db, code, at);
        if (after.status === 'published' && wantsNotify(body)) await queueItemSend(trx as Db, sendOf(code, after, actor.id, at));
        return after;
      });
      afterWrite(code, created.status === 'published');
      return reply.code(201).send({ item: created });
    },
  );

  typed(app).post(
    '/:code/toppers/batch',
    {
      onRequest: anyStaff,
      schema: {
        summary:
          'Add many toppers at once (pasted from a spreadsheet): every row checked as a single topper; all are created in one transaction or none',
        tags: ['admin: content'],
        params: codeParams,
        body: z.record(z.string(), z.unknown()).describe('sessionYear, publishAt, unpublishAt, intent (draft, review, publish), rows'),
        response: {
          201: z.object({ items: z.array(itemSchema) }),
          400: validationError.extend({
            rows: z
              .array(z.object({ row: z.number().int(), errors: z.record(z.string(), z.string()) }))
              .optional()
              .describe('Each wrong row: its number (1 = the first) and a message per field'),
          }),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          422: validationError,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const spec = specOf('toppers');
      const code = request.params.code;
      const context = staffOf(request);
      const body = bodyOf(request);
      const batch = topperBatchBody.safeParse(body);
      if (!batch.success) return refuseInvalid(reply, fieldErrors(batch.error), body);
      const { intent, sessionYear } = batch.data;
      if (intent === 'publish' && !isEditor(context.role)) throw new HttpError(403, CONTRIBUTOR_CANNOT_PUBLISH);
      const publishAt = schoolTimeToUtc(batch.data.publishAt, tz);
      const unpublishAt = schoolTimeToUtc(batch.data.unpublishAt, tz);
      if (publishAt && unpublishAt && unpublishAt <= publishAt) {
        return refuseInvalid(reply, { unpublishAt: 'Unpublish at must be after Publish at.' }, body);
      }
      const checked = checkTopperRows(batch.data.rows);
      if (!checked.ok) return reply.code(400).send({ error: CHECK_FIELDS, errors: {}, rows: checked.problems, submitted: body });
      const actor = { id: context.user.id, email: context.user.email };
      const at = now();
      const snapshots: Snapshot[] = [];
      for (const row of checked.rows) {
        // The same rules as one topper's save (the full schema: session year, no photo, no child).
        const fields = spec.schema.parse({ ...row, sessionYear, attachments: [] });
        const snapshot: Snapshot = { fields, status: statusOf(intent), publishAt, unpublishAt };
        const problem = await publishProblem(db, spec, code, snapshot, at);
        if (problem) return refuseConsent(reply, problem, body);
        snapshots.push(snapshot);
      }
      const created = await db.transaction().execute(async (trx) => {
        const items: ContentItem[] = [];
        for (const snapshot of snapshots) {
          const after = await insertItem(trx as Db, { spec, code, snapshot, actor, at, ip: request.ip, batch: snapshots.length });
          items.push(after);
        }
        if (intent === 'publish') await bumpContentVersion(trx as Db, code, at);
        return items;
      });
      afterWrite(code, intent === 'publish');
      return reply.code(201).send({ items: created });
    },
  );

  typed(app).get(
    '/:code/content/:type/:id',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'One item, with its status, window and version',
        tags: ['admin: content'],
        params: itemParams,
        response: { 200: itemAnswer, ...answers },
      },
    },
    async (request) => {
      const spec = specOf(request.params.type);
      const current = await load(spec, request.params.code, request.params.id);
      const code = request.params.code;
      return {
        item: {
          ...current,
          notShown: await notShown(db, spec, code, current, now()),
          notifiable: isNotifiable(spec.type),
          notification: await sendLogOf(db, code, spec.type, current.id, current.fields),
          ...(spec.translatable.length ? { translations: await languagesOf(code, spec, current.id, current.fields) } : {}),
        },
      };
    },
  );

  typed(app).put(
    '/:code/content/:type/:id',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'Save an item: needs the version edited (a stale one is 409 with both texts); intent as for create',
        tags: ['admin: content'],
        params: itemParams,
        body: writeBody,
        response: { 200: itemAnswer, ...answers },
      },
    },
    async (request, reply) => {
      const spec = specOf(request.params.type);
      const code = request.params.code;
      const context = staffOf(request);
      const body = bodyOf(request);
      const current = await load(spec, code, request.params.id);
      mayChange(context, current);
      const intent = intentOf(body);
      if (intent === 'publish' && !isEditor(context.role)) throw new HttpError(403, CONTRIBUTOR_CANNOT_PUBLISH);
      const version = editedVersion.safeParse(body.version);
      if (!version.success) return refuseInvalid(reply, { version: version.error.issues[0]?.message ?? 'Reload the item.' }, body);
      if (staleCheck(reply, current, version.data, body)) return reply;
      const parsed = parseWrite(spec, body, tz);
      if (!parsed.ok) return refuseInvalid(reply, parsed.errors, body);
      return saveChange({
        request,
        reply,
        spec,
        code,
        current,
        expected: version.data,
        next: {
          fields: parsed.fields,
          publishAt: parsed.publishAt,
          unpublishAt: parsed.unpublishAt,
          status: intent ? statusOf(intent) : current.status,
          reviewNote: intent ? null : current.reviewNote,
        },
        action: intent === 'publish' ? 'published' : intent === 'review' ? 'submitted' : 'updated',
        submitted: body,
        checkRefs: true,
      });
    },
  );

  typed(app).delete(
    '/:code/content/:type/:id',
    {
      onRequest: anyStaff,
      schema: {
        summary: `Delete an item: it leaves the site and goes to the recently deleted ones for ${TRASH_DAYS} days (history kept); ?version= makes it conditional`,
        tags: ['admin: content'],
        params: itemParams,
        querystring: z.object({ version: z.coerce.number().int().min(1).optional() }),
        response: {
          200: z.object({ deleted: z.literal(true), title: z.string().describe('The title of the deleted item, for its message') }),
          ...answers,
        },
      },
    },
    async (request, reply) => {
      const spec = specOf(request.params.type);
      const code = request.params.code;
      const context = staffOf(request);
      const current = await load(spec, code, request.params.id);
      mayChange(context, current);
      if (staleCheck(reply, current, request.query.version, {})) return reply;
      const actor = { id: context.user.id, email: context.user.email };
      const at = now();
      const touchesPublic = current.status === 'published';
      const title = titleOf(spec, current.fields);
      await purgeTrash(db, code, at);
      const deleted = await db.transaction().execute(async (trx) => {
        const row = await findRow(trx as Db, spec, code, current.id);
        if (!row || !(await deleteRow(trx as Db, spec, code, current.id, current.version))) return false;
        await keepImportedVersion(trx as Db, code, current);
        await trashRow(trx as Db, { spec, code, row, title, actor, now: at });
        await insertVersion(trx as Db, {
          code,
          type: spec.type,
          itemId: current.id,
          version: current.version + 1,
          action: 'deleted',
          snapshot: snapshotOf(current),
          actor,
          now: at,
        });
        await recordAudit(trx as Db, {
          action: 'content.deleted',
          school: code,
          actor,
          target: nameOf(spec, current.fields),
          ip: request.ip,
          before: { type: spec.type, id: current.id, version: current.version, status: current.status },
          at,
        });
        if (touchesPublic) await bumpContentVersion(trx as Db, code, at);
        return true;
      });
      if (!deleted) {
        const row = await findRow(db, spec, code, current.id);
        return reply.code(409).send({ error: CONFLICT, current: row ? item(spec, row) : null, submitted: {} });
      }
      afterWrite(code, touchesPublic);
      return { deleted: true as const, title };
    },
  );

  const trashParams = codeParams.extend({ type: itemParams.shape.type });
  const trashEntrySchema = z.object({
    id: z.string().describe("The item's id (the same when it is brought back)"),
    title: z.string(),
    status: z.enum(['draft', 'review', 'published']).describe('Its status when deleted: it comes back with it'),
    createdBy: z.string().nullable(),
    deletedAt: z.string().describe('UTC ISO 8601'),
    deletedByEmail: z.string().nullable(),
    keptUntil: z.string().describe(`UTC ISO 8601: ${TRASH_DAYS} days after deletedAt, then gone for good`),
  });

  typed(app).get(
    '/:code/content-trash/:type',
    {
      onRequest: anyStaff,
      schema: {
        summary: `Recently deleted items of a type (kept ${TRASH_DAYS} days), last deleted first; a contributor sees those they may bring back`,
        tags: ['admin: content'],
        params: trashParams,
        response: { 200: z.object({ items: z.array(trashEntrySchema), keptDays: z.number().int() }), ...answers },
      },
    },
    async (request) => {
      const spec = specOf(request.params.type);
      const context = staffOf(request);
      const entries = await listTrash(db, spec, request.params.code, now());
      return { items: entries.filter((e) => mayRestore(context, e)) as z.infer<typeof trashEntrySchema>[], keptDays: TRASH_DAYS };
    },
  );

  typed(app).post(
    '/:code/content-trash/:type/:id/restore',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'Bring a recently deleted item back: same id, fields and status, as the next version',
        tags: ['admin: content'],
        params: itemParams,
        body: z.object({}).passthrough().nullish(),
        response: { 200: itemAnswer, ...answers },
      },
    },
    async (request) => {
      const spec = specOf(request.params.type);
      const code = request.params.code;
      const context = staffOf(request);
      const at = now();
      const found = await findTrash(db, spec, code, request.params.id, at);
      if (!found) throw new HttpError(404, NOT_IN_TRASH);
      if (!mayRestore(context, found.entry)) throw new HttpError(403, CONTRIBUTOR_CANNOT);
      const actor = { id: context.user.id, email: context.user.email };
      const versions = await listVersions(db, code, spec.type, request.params.id);
      const version = Math.max(Number(found.row.version) + 1, ...versions.map((v) => v.version)) + 1;
      const restored = await db.transaction().execute(async (trx) => {
        const row = await untrashRow(trx as Db, { spec, code, trashId: found.trashId, row: found.row, version, actor, now: at });
        // Rolls the transaction back: someone brought it back meanwhile.
        if (!row) throw new HttpError(404, NOT_IN_TRASH);
        const after = item(spec, row);
        await insertVersion(trx as Db, {
          code,
          type: spec.type,
          itemId: after.id,
          version: after.version,
          action: 'undeleted',
          snapshot: snapshotOf(after),
          actor,
          now: at,
        });
        await recordAudit(trx as Db, {
          action: 'content.undeleted',
          school: code,
          actor,
          target: nameOf(spec, after.fields),
          ip: request.ip,
          after: { type: spec.type, id: after.id, version: after.version, status: after.status },
          at,
        });
        if (after.status === 'published') await bumpContentVersion(trx as Db, code, at);
        return after;
      });
      afterWrite(code, restored.status === 'published');
      return { item: restored };
    },
  );

  /** Publish, unpublish, submit for review, return with a comment: a new version with a new status. */
  const actions = {
    publish: { status: 'published', editorsOnly: true, action: 'published', summary: 'Publish (editors): shown in its window' },
    unpublish: {
      status: 'draft',
      editorsOnly: true,
      action: 'unpublished',
      summary: 'Unpublish (editors): back to a draft, gone from the site',
    },
    submit: { status: 'review', editorsOnly: false, action: 'submitted', summary: 'Submit a draft for review' },
    return: {
      status: 'draft',
      editorsOnly: true,
      action: 'returned',
      summary: 'Return an item in review to its author with a comment (editors)',
    },
  } as const;
  for (const [name, rule] of Object.entries(actions)) {
    typed(app).post(
      `/:code/content/:type/:id/${name}`,
      {
        onRequest: anyStaff,
        schema: {
          summary: rule.summary,
          tags: ['admin: content'],
          params: itemParams,
          body: z.object({ version: z.unknown().optional(), comment: z.unknown().optional() }).nullish(),
          response: { 200: itemAnswer, ...answers },
        },
      },
      async (request, reply) => {
        const spec = specOf(request.params.type);
        const code = request.params.code;
        const context = staffOf(request);
        const body = bodyOf(request);
        const current = await load(spec, code, request.params.id);
        if (rule.editorsOnly && !isEditor(context.role)) {
          throw new HttpError(403, name === 'publish' ? CONTRIBUTOR_CANNOT_PUBLISH : CONTRIBUTOR_CANNOT);
        }
        mayChange(context, current);
        let reviewNote: string | null = current.reviewNote;
        if (name === 'return') {
          const parsed = returnBody.safeParse(body);
          if (!parsed.success) return refuseInvalid(reply, fieldErrors(parsed.error), body);
          reviewNote = parsed.data.comment;
        } else if (name === 'publish' || name === 'submit') {
          reviewNote = null;
        }
        const version = body.version === undefined || body.version === '' ? undefined : editedVersion.safeParse(body.version);
        if (version && !version.success)
          return refuseInvalid(reply, { version: 'Reload the item: the version you edited is missing.' }, body);
        if (staleCheck(reply, current, version?.data, body)) return reply;
        return saveChange({
          request,
          reply,
          spec,
          code,
          current,
          expected: current.version,
          next: { ...snapshotOf(current), status: rule.status, reviewNote },
          action: rule.action,
          submitted: body,
          checkRefs: name === 'publish',
        });
      },
    );
  }

  typed(app).get(
    '/:code/content/:type/:id/versions',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'Every saved version of an item, newest first: who, when, what, and the full snapshot',
        tags: ['admin: content'],
        params: itemParams,
        response: { 200: z.object({ versions: z.array(versionSchema) }), ...answers },
      },
    },
    async (request) => {
      const spec = specOf(request.params.type);
      const current = await load(spec, request.params.code, request.params.id);
      return { versions: await versionsOfItem(db, request.params.code, current) };
    },
  );

  typed(app).get(
    '/:code/content/:type/:id/diff',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'What changed between two versions, field by field (text fields word by word)',
        tags: ['admin: content'],
        params: itemParams,
        querystring: z.object({ from: z.coerce.number().int().min(1), to: z.coerce.number().int().min(1) }),
        response: {
          200: z.object({
            from: z.number().int(),
            to: z.number().int(),
            changes: z.array(fieldChangeSchema),
          }),
          ...answers,
        },
      },
    },
    async (request) => {
      const spec = specOf(request.params.type);
      const current = await load(spec, request.params.code, request.params.id);
      const found = versionChanges(await versionsOfItem(db, request.params.code, current), request.query, flatSnapshot);
      if (found === 'missing') throw new HttpError(404, 'No such version of this item.');
      return found;
    },
  );

  typed(app).post(
    '/:code/content/:type/:id/versions/:version/restore',
    {
      onRequest: anyStaff,
      schema: {
        summary: "Restore a version's fields and window as a new version (the status stays); body: the version edited",
        tags: ['admin: content'],
        params: versionParams,
        body: z.object({ version: z.unknown().optional() }).nullish(),
        response: { 200: itemAnswer, ...answers },
      },
    },
    async (request, reply) => {
      const spec = specOf(request.params.type);
      const code = request.params.code;
      const context = staffOf(request);
      const body = bodyOf(request);
      const current = await load(spec, code, request.params.id);
      mayChange(context, current);
      const version = body.version === undefined ? undefined : editedVersion.safeParse(body.version);
      if (version && !version.success)
        return refuseInvalid(reply, { version: 'Reload the item: the version you edited is missing.' }, body);
      if (staleCheck(reply, current, version?.data, body)) return reply;
      const versions = await versionsOfItem(db, code, current);
      const old = versions.find((v) => v.version === request.params.version);
      if (!old) throw new HttpError(404, 'No such version of this item.');
      return saveChange({
        request,
        reply,
        spec,
        code,
        current,
        expected: current.version,
        next: {
          fields: old.snapshot.fields,
          publishAt: old.snapshot.publishAt,
          unpublishAt: old.snapshot.unpublishAt,
          status: current.status,
          reviewNote: current.reviewNote,
        },
        action: 'restored',
        submitted: body,
        checkRefs: true,
      });
    },
  );

  typed(app).post(
    '/:code/content/:type/:id/preview',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'A signed link that shows the item, as it is when opened, in the public layout, signed out, until it expires',
        tags: ['admin: content'],
        params: itemParams,
        body: z.object({ hours: z.coerce.number().int().min(1).max(168).optional() }).nullish(),
        response: { 200: z.object({ url: z.string(), expiresAt: z.string() }), ...answers },
      },
    },
    async (request) => {
      const spec = specOf(request.params.type);
      const current = await load(spec, request.params.code, request.params.id);
      const hours = request.body?.hours ?? PREVIEW_HOURS_DEFAULT;
      const exp = now().getTime() + hours * 3600_000;
      const token = await signPreview(db, { school: request.params.code, type: spec.type, id: current.id, exp });
      return { url: `${await schoolOrigin(db, config, request.params.code)}/preview/${token}`, expiresAt: new Date(exp).toISOString() };
    },
  );
};
