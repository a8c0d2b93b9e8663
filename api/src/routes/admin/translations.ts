import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { editedVersion, translationFieldsSchema, type ContentStatus } from '@sthsm/contract';
import { LANGUAGES, SITE_LANGUAGES, type SiteLanguage } from '@sthsm/contract/languages';
import { z } from 'zod';
import { contentChanged } from '../../cache.ts';
import { changesBetween, flatSnapshot, versionChanges } from '../../content/diff.ts';
import type { ContentTypeSpec } from '../../content/registry.ts';
import { bumpContentVersion } from '../../content/state.ts';
import { findRow, insertVersion, listVersions, toItem, type Actor, type Snapshot } from '../../content/store.ts';
import {
  englishOf,
  findTranslation,
  historyType,
  insertTranslation,
  translationOf,
  updateTranslation,
  type Translation,
} from '../../content/translations.ts';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../errors.ts';
import { findSchoolProfile } from '../../repositories/school-profiles.ts';
import { recordAudit } from '../../staff/audit.ts';
import { ALL_ROLES, guard, staffOf, type StaffRequestContext } from '../../staff/guard.ts';
import { typed } from '../deps.ts';
import { errorBody } from '../schemas.ts';
import {
  answers,
  bodyOf,
  CONFLICT,
  CONTRIBUTOR_CANNOT,
  CONTRIBUTOR_CANNOT_PUBLISH,
  CONTRIBUTOR_OWN_DRAFTS,
  fieldChangeSchema,
  intentOf,
  isEditor,
  itemParams,
  parseWrite,
  refuseInvalid,
  specOf,
  statusOf,
  titleOf,
  versionSchema,
} from './content.ts';
import type { AdminDeps } from './index.ts';

// An item's versions in other languages (issue 35, docs/decisions/0156, docs/api.md "Translations"):
// the type's text fields only, each language with its own status, publish window, version and
// history. The same rules as the item's own saves: every route guarded (session, Origin + CSRF token
// for writes, membership of the school); contributors write and submit their own drafts, editors
// and administrators publish; a stale version is 409 with both texts; every write is one
// transaction with its version row, its audit entry and (when the public may see it) the counter.

export const NOT_TRANSLATABLE = 'This kind of item has no text to translate: its names and dates are the same in every language.';
export const languageOff = (locale: SiteLanguage) =>
  `This school's site is not in ${LANGUAGES[locale].english}. Turn ${LANGUAGES[locale].english} on in Settings first.`;

const translationParams = itemParams.extend({
  locale: z.enum(SITE_LANGUAGES, { error: `The language must be one of: ${SITE_LANGUAGES.join(', ')}.` }),
});

const translationSchema = z.object({
  locale: z.string(),
  source: z.record(z.string(), z.unknown()).nullable().describe('The English text it was last saved beside (null: not known)'),
  fields: z.record(z.string(), z.unknown()).describe('The text fields in this language'),
  status: z.enum(['draft', 'review', 'published']),
  displayStatus: z.string().describe('Draft, In review, Scheduled, Published or Expired, from its own window'),
  publishAt: z.string().nullable(),
  unpublishAt: z.string().nullable(),
  publishAtLocal: z.string().nullable(),
  unpublishAtLocal: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  reviewNote: z.string().nullable(),
});

const pageAnswer = z.object({
  item: z.object({
    id: z.string(),
    type: z.string(),
    title: z.string().describe("The item's title in English, for headings"),
    fields: z.record(z.string(), z.unknown()).describe('The English text of the translatable fields, to translate beside'),
    status: z.string(),
    displayStatus: z.string(),
    version: z.number().int(),
  }),
  translatable: z.array(z.string()).describe('The fields a language has'),
  shared: z.array(z.string()).describe("The item's other fields: the same in every language"),
  offered: z.boolean().describe('Whether the school offers this language on its site now'),
  translation: translationSchema.nullable(),
  englishChanged: z
    .array(fieldChangeSchema)
    .describe("What changed in the English text since this language's version was last saved (empty: nothing, or not known)"),
});

const writeBody = z
  .record(z.string(), z.unknown())
  .describe('The text fields, publishAt, unpublishAt (school time), intent (draft, review, publish; absent: keep), version (0: new)');

function translatableSpec(type: string): ContentTypeSpec {
  const spec = specOf(type);
  if (spec.translatable.length === 0) throw new HttpError(404, NOT_TRANSLATABLE);
  return spec;
}

/** A contributor may touch only their own versions that are not published. */
function mayChange(context: StaffRequestContext, current: Translation | undefined): void {
  if (isEditor(context.role) || !current) return;
  if (current.createdBy !== context.user.id || current.status === 'published') throw new HttpError(403, CONTRIBUTOR_OWN_DRAFTS);
}

const nameOf = (spec: ContentTypeSpec, fields: Record<string, unknown>, locale: SiteLanguage) =>
  `${spec.label} (${LANGUAGES[locale].english}): ${titleOf(spec, fields)}`;

/** A version written before any save here (the seed's, an import's): its current state, as the item's own history shows one. */
const importedOf = (t: Translation) => ({
  version: t.version,
  action: 'imported',
  savedAt: t.updatedAt,
  savedBy: null,
  savedByEmail: null,
  snapshot: { fields: t.fields, status: t.status, publishAt: t.publishAt, unpublishAt: t.unpublishAt },
});

/**
 * The version the form edited, checked against the stored one (0: not written yet): true when the
 * request was answered (a 400 for a missing version, a 409 with both texts for a stale one). Without
 * a version in the body, `assumed` (the stored one) where a route allows that.
 */
function refusedVersion(reply: FastifyReply, current: Translation | undefined, body: Record<string, unknown>, assumed?: number): boolean {
  const version = body.version === undefined && assumed !== undefined ? ({ success: true, data: assumed } as const) : versionOf(body);
  if (!version.success) {
    void refuseInvalid(reply, { version: 'Reload the page: the version you edited is missing.' }, body);
    return true;
  }
  return stale(reply, current, version.data, body);
}

function stale(reply: FastifyReply, current: Translation | undefined, expected: number, submitted: Record<string, unknown>) {
  if ((current?.version ?? 0) === expected) return false;
  void reply.code(409).send({ error: CONFLICT, current: current ?? null, submitted });
  return true;
}

/** The version the form edited: 0 for a language not written yet. */
const versionOf = (body: Record<string, unknown>) =>
  body.version === 0 || body.version === '0' ? ({ success: true, data: 0 } as const) : editedVersion.safeParse(body.version);

export const translationRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, config, now } = deps;
  const anyStaff = guard(deps, { kind: 'school', roles: ALL_ROLES });
  const tz = config.timeZone;

  async function loadItem(spec: ContentTypeSpec, code: string, id: string) {
    const row = await findRow(db, spec, code, id);
    if (!row) throw new HttpError(404, `No ${spec.label} with that id in this school.`);
    return toItem(spec, row, tz, now());
  }

  async function offers(code: string, locale: SiteLanguage): Promise<boolean> {
    const record = await findSchoolProfile(db, code);
    return (record?.profile.languages ?? []).includes(locale);
  }

  /** The language's versions newest first, with its current state as the imported first one when it has none. */
  async function versionsOf(code: string, spec: ContentTypeSpec, id: string, locale: SiteLanguage) {
    const versions = await listVersions(db, code, historyType(spec.type, locale), id);
    if (versions.length > 0) return versions;
    const current = await findTranslation(db, code, spec.type, id, locale, tz, now());
    return current ? [importedOf(current)] : [];
  }

  /** The language's version, or 404 when it has none. */
  async function existing(spec: ContentTypeSpec, code: string, id: string, locale: SiteLanguage): Promise<Translation> {
    const current = await findTranslation(db, code, spec.type, id, locale, tz, now());
    if (!current) throw new HttpError(404, `This ${spec.label} has no ${LANGUAGES[locale].english} version.`);
    return current;
  }

  interface Write {
    request: FastifyRequest;
    reply: FastifyReply;
    spec: ContentTypeSpec;
    code: string;
    id: string;
    locale: SiteLanguage;
    current: Translation | undefined;
    /** The version edited: 0 for a first version. */
    expected: number;
    next: Snapshot & { reviewNote: string | null };
    /** The English text the fields were written beside (a save of the text); null keeps the stored one. */
    source: Record<string, unknown> | null;
    action: string;
    submitted: Record<string, unknown>;
  }

  async function write(w: Write) {
    const context = staffOf(w.request);
    const actor: Actor = { id: context.user.id, email: context.user.email };
    const at = now();
    const touchesPublic = w.current?.status === 'published' || w.next.status === 'published';
    const saved = await db.transaction().execute(async (trx) => {
      // Before the first save of a version written elsewhere: its state becomes version row "imported".
      if (w.current && (await listVersions(trx as Db, w.code, historyType(w.spec.type, w.locale), w.id)).length === 0) {
        const first = importedOf(w.current);
        await insertVersion(trx as Db, {
          code: w.code,
          type: historyType(w.spec.type, w.locale),
          itemId: w.id,
          version: first.version,
          action: first.action,
          snapshot: first.snapshot,
          actor: null,
          now: new Date(first.savedAt),
        });
      }
      const row = w.current
        ? await updateTranslation(trx as Db, {
            code: w.code,
            spec: w.spec,
            id: w.id,
            locale: w.locale,
            expected: w.expected,
            next: w.next,
            source: w.source,
            actor,
            now: at,
          })
        : await insertTranslation(trx as Db, {
            code: w.code,
            spec: w.spec,
            id: w.id,
            locale: w.locale,
            next: w.next,
            source: w.source ?? {},
            actor,
            now: at,
          });
      if (!row) return null;
      const after = translationOf(row, tz, at);
      await insertVersion(trx as Db, {
        code: w.code,
        type: historyType(w.spec.type, w.locale),
        itemId: w.id,
        version: after.version,
        action: w.action,
        snapshot: { fields: after.fields, status: after.status, publishAt: after.publishAt, unpublishAt: after.unpublishAt },
        actor,
        now: at,
      });
      await recordAudit(trx as Db, {
        action: `content.translation.${w.action}`,
        school: w.code,
        actor,
        target: nameOf(w.spec, after.fields, w.locale),
        ip: w.request.ip,
        before: w.current
          ? { type: w.spec.type, id: w.id, locale: w.locale, version: w.current.version, status: w.current.status }
          : undefined,
        after: {
          type: w.spec.type,
          id: w.id,
          locale: w.locale,
          version: after.version,
          status: after.status,
          publishAt: after.publishAt,
          unpublishAt: after.unpublishAt,
        },
        at,
      });
      if (touchesPublic) await bumpContentVersion(trx as Db, w.code, at);
      return after;
    });
    if (!saved) {
      const current = await findTranslation(db, w.code, w.spec.type, w.id, w.locale, tz, now());
      return w.reply.code(409).send({ error: CONFLICT, current: current ?? null, submitted: w.submitted });
    }
    if (touchesPublic) contentChanged(w.code);
    return { translation: saved };
  }

  const conflictAnswer = errorBody.extend({ current: translationSchema.nullable(), submitted: z.record(z.string(), z.unknown()) });
  const writeAnswers = { ...answers, 409: conflictAnswer };

  typed(app).get(
    '/:code/content/:type/:id/translations/:locale',
    {
      onRequest: anyStaff,
      schema: {
        summary: "An item's version in one language, with the English text to translate beside and the fields shared by every language",
        tags: ['admin: content'],
        params: translationParams,
        response: { 200: pageAnswer, ...answers },
      },
    },
    async (request) => {
      const { code, id, locale } = request.params;
      const spec = translatableSpec(request.params.type);
      const item = await loadItem(spec, code, id);
      const translation = await findTranslation(db, code, spec.type, id, locale, tz, now());
      const english = englishOf(spec, item.fields);
      return {
        item: {
          id,
          type: spec.type,
          title: titleOf(spec, item.fields),
          fields: english,
          status: item.status,
          displayStatus: item.displayStatus,
          version: item.version,
        },
        translatable: [...spec.translatable],
        shared: Object.keys(spec.columns).filter((f) => !spec.translatable.includes(f)),
        offered: await offers(code, locale),
        translation: translation ?? null,
        englishChanged: translation?.source ? changesBetween(translation.source, english) : [],
      };
    },
  );

  typed(app).put(
    '/:code/content/:type/:id/translations/:locale',
    {
      onRequest: anyStaff,
      schema: {
        summary:
          "Save an item's version in one language (its own status and window; the item and other languages are not touched); version 0 writes the first",
        tags: ['admin: content'],
        params: translationParams,
        body: writeBody,
        response: { 200: z.object({ translation: translationSchema }), ...writeAnswers },
      },
    },
    async (request, reply) => {
      const { code, id, locale } = request.params;
      const spec = translatableSpec(request.params.type);
      const context = staffOf(request);
      const body = bodyOf(request);
      const item = await loadItem(spec, code, id);
      if (!(await offers(code, locale))) throw new HttpError(422, languageOff(locale));
      const current = await findTranslation(db, code, spec.type, id, locale, tz, now());
      mayChange(context, current);
      const intent = intentOf(body);
      if (intent === 'publish' && !isEditor(context.role)) throw new HttpError(403, CONTRIBUTOR_CANNOT_PUBLISH);
      if (refusedVersion(reply, current, body)) return reply;
      const parsed = parseWrite({ ...spec, schema: translationFieldsSchema(spec.type) }, body, tz);
      if (!parsed.ok) return refuseInvalid(reply, parsed.errors, body);
      const status: ContentStatus = intent ? statusOf(intent) : (current?.status ?? 'draft');
      return write({
        request,
        reply,
        spec,
        code,
        id,
        locale,
        current,
        expected: current?.version ?? 0,
        next: {
          fields: parsed.fields,
          publishAt: parsed.publishAt,
          unpublishAt: parsed.unpublishAt,
          status,
          reviewNote: intent ? null : (current?.reviewNote ?? null),
        },
        source: englishOf(spec, item.fields),
        action: !current ? 'created' : intent === 'publish' ? 'published' : intent === 'review' ? 'submitted' : 'updated',
        submitted: body,
      });
    },
  );

  typed(app).post(
    '/:code/content/:type/:id/translations/:locale/unpublish',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'Unpublish one language (editors): back to a draft, gone from that language’s site; the item and other languages stay',
        tags: ['admin: content'],
        params: translationParams,
        body: z.object({ version: z.unknown().optional() }).nullish(),
        response: { 200: z.object({ translation: translationSchema }), ...writeAnswers },
      },
    },
    async (request, reply) => {
      const { code, id, locale } = request.params;
      const spec = translatableSpec(request.params.type);
      const context = staffOf(request);
      const body = bodyOf(request);
      if (!isEditor(context.role)) throw new HttpError(403, CONTRIBUTOR_CANNOT);
      await loadItem(spec, code, id);
      const current = await existing(spec, code, id, locale);
      if (refusedVersion(reply, current, body, current.version)) return reply;
      return write({
        request,
        reply,
        spec,
        code,
        id,
        locale,
        current,
        expected: current.version,
        next: { fields: current.fields, publishAt: current.publishAt, unpublishAt: current.unpublishAt, status: 'draft', reviewNote: null },
        source: null,
        action: 'unpublished',
        submitted: body,
      });
    },
  );

  const historyOf = async (request: { params: { code: string; type: string; id: string; locale: SiteLanguage } }) => {
    const { code, id, locale } = request.params;
    const spec = translatableSpec(request.params.type);
    await loadItem(spec, code, id);
    return { spec, versions: await versionsOf(code, spec, id, locale) };
  };

  typed(app).get(
    '/:code/content/:type/:id/translations/:locale/versions',
    {
      onRequest: anyStaff,
      schema: {
        summary: "Every saved version of one language's text, newest first (the item's own history is apart)",
        tags: ['admin: content'],
        params: translationParams,
        response: { 200: z.object({ versions: z.array(versionSchema) }), ...answers },
      },
    },
    async (request) => ({ versions: (await historyOf(request)).versions }),
  );

  typed(app).get(
    '/:code/content/:type/:id/translations/:locale/diff',
    {
      onRequest: anyStaff,
      schema: {
        summary: "What changed between two versions of one language's text, field by field",
        tags: ['admin: content'],
        params: translationParams,
        querystring: z.object({ from: z.coerce.number().int().min(1), to: z.coerce.number().int().min(1) }),
        response: {
          200: z.object({ from: z.number().int(), to: z.number().int(), changes: z.array(fieldChangeSchema) }),
          ...answers,
        },
      },
    },
    async (request) => {
      const found = versionChanges((await historyOf(request)).versions, request.query, flatSnapshot);
      if (found === 'missing') throw new HttpError(404, 'No such version of this translation.');
      return found;
    },
  );

  typed(app).post(
    '/:code/content/:type/:id/translations/:locale/versions/:version/restore',
    {
      onRequest: anyStaff,
      schema: {
        summary: "Restore a version of one language's text and window as its next version (its status stays); body: the version edited",
        tags: ['admin: content'],
        params: translationParams.extend({ version: z.coerce.number().int().min(1) }),
        body: z.object({ version: z.unknown().optional() }).nullish(),
        response: { 200: z.object({ translation: translationSchema }), ...writeAnswers },
      },
    },
    async (request, reply) => {
      const { code, id, locale } = request.params;
      const { spec, versions } = await historyOf(request);
      const context = staffOf(request);
      const body = bodyOf(request);
      const current = await existing(spec, code, id, locale);
      mayChange(context, current);
      if (refusedVersion(reply, current, body, current.version)) return reply;
      const old = versions.find((v) => v.version === request.params.version);
      if (!old) throw new HttpError(404, 'No such version of this translation.');
      return write({
        request,
        reply,
        spec,
        code,
        id,
        locale,
        current,
        expected: current.version,
        next: {
          fields: old.snapshot.fields,
          publishAt: old.snapshot.publishAt,
          unpublishAt: old.snapshot.unpublishAt,
          status: current.status,
          reviewNote: current.reviewNote,
        },
        source: null,
        action: 'restored',
        submitted: body,
      });
    },
  );
};
