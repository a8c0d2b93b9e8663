import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { editedVersion, isPageSlug, PAGE_SLUGS, pageSchemas, parsePageDraft, returnBody, type PageSlug } from '@sthsm/contract';
import { fieldErrors } from '@sthsm/contract/staff';
import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import { contentChanged } from '../../cache.ts';
import { versionChanges } from '../../content/diff.ts';
import { foreignRefErrors } from '../../content/file-refs.ts';
import { bumpContentVersion } from '../../content/state.ts';
import { insertVersion, listVersions } from '../../content/store.ts';
import type { Db } from '../../db/index.ts';
import type { SchoolPagesTable } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { mediaStores } from '../../media/library.ts';
import { findMediaByRefs } from '../../repositories/media.ts';
import { recordAudit } from '../../staff/audit.ts';
import { ALL_ROLES, guard, staffOf } from '../../staff/guard.ts';
import { typed } from '../deps.ts';
import { errorBody } from '../schemas.ts';
import { CHECK_FIELDS, CONFLICT, CONTRIBUTOR_CANNOT, CONTRIBUTOR_CANNOT_PUBLISH, fieldChangeSchema, validationError } from './content.ts';
import type { AdminDeps } from './index.ts';
import { codeParams } from './schemas.ts';
import { indexPage } from '../../search/entries.ts';

// The information pages' texts (school_pages) as staff edit them (docs/api.md "Information pages"):
// the public reads `content`; a save keeps a draft (`draft_content`) until an editor publishes it,
// or publishes at once (intent "publish", editors). Every save is a new version with a snapshot in
// content_versions (type "pages", the slug as id), audited; a publish bumps the school's counter.
// A page nobody has written yet has no row: it reads as version 0 with no content (the staff form
// starts it from its template, @sthsm/contract/page-templates), and its first save inserts the row.
// Until its first publish its `content` is JSON null and `published_at` null: not public (decision 0134).

const slugParams = codeParams.extend({
  slug: z
    .string()
    .max(40)
    .describe(`One of: ${PAGE_SLUGS.join(', ')}`),
});
const pageSchema = z.object({
  slug: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  status: z.enum(['draft', 'review', 'published']).describe('published: no pending draft'),
  published: z.boolean().describe('false: never published, so not on the public site (version 0: not written at all)'),
  content: z.unknown().describe('What the public sees (null: nothing, never published)'),
  draft: z.unknown().nullable().describe('An unpublished edit (null: none)'),
  reviewNote: z.string().nullable(),
});
const pageAnswer = z.object({ page: pageSchema });
const answers = {
  400: validationError,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody.extend({ current: pageSchema, submitted: z.record(z.string(), z.unknown()) }),
  429: errorBody,
};

type Page = z.infer<typeof pageSchema>;
interface PageSnapshot {
  content: unknown;
  draft: unknown;
  status: string;
}

function toPage(row: Selectable<SchoolPagesTable>): Page {
  return {
    slug: row.slug,
    version: Number(row.version),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    status: (row.status === 'review' || row.status === 'draft' ? row.status : 'published') as Page['status'],
    published: row.published_at !== null,
    content: row.published_at === null ? null : (JSON.parse(row.content) as unknown),
    draft: row.draft_content === null ? null : (JSON.parse(row.draft_content) as unknown),
    reviewNote: row.review_note,
  };
}

function slugOf(slug: string): PageSlug {
  if (!isPageSlug(slug)) throw new HttpError(404, 'Unknown page.');
  return slug;
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

const isEditor = (role: string | undefined) => role === 'admin' || role === 'editor';

/** A page with no row: nobody has written it; its first save (version 0) makes the row. */
const unwritten = (slug: PageSlug): Page => ({
  slug,
  version: 0,
  updatedAt: '',
  updatedBy: null,
  status: 'draft',
  published: false,
  content: null,
  draft: null,
  reviewNote: null,
});

export const NO_DRAFT = 'This page has no pending draft.';

export const pageRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, now } = deps;
  const anyStaff = guard(deps, { kind: 'school', roles: ALL_ROLES });
  const { media } = mediaStores(deps.config);

  /** The page's pictures and documents must be this school's own files (docs/api.md "File references"). */
  const foreignRefs = (code: string, slug: PageSlug, content: unknown) => foreignRefErrors(db, media, code, pageSchemas[slug], content);

  async function load(code: string, slug: PageSlug): Promise<Page> {
    const row = await db.selectFrom('school_pages').selectAll().where('school_code', '=', code).where('slug', '=', slug).executeTakeFirst();
    return row ? toPage(row) : unwritten(slug);
  }

  /** Writes the page's next state if its version is still `current.version`; 409 with both otherwise. */
  async function save(
    request: FastifyRequest,
    reply: FastifyReply,
    code: string,
    current: Page,
    next: PageSnapshot & { reviewNote: string | null },
    action: string,
    submitted: Record<string, unknown>,
  ) {
    const context = staffOf(request);
    const actor = { id: context.user.id, email: context.user.email };
    const at = now();
    const publishes = JSON.stringify(next.content) !== JSON.stringify(current.content);
    const fields = {
      content: JSON.stringify(next.content ?? null),
      draft_content: next.draft === null ? null : JSON.stringify(next.draft),
      status: next.status,
      review_note: next.reviewNote,
      updated_at: at.toISOString(),
      updated_by: actor.id,
      published_at: current.published || next.content === null ? undefined : at.toISOString(),
    };
    const saved = await db.transaction().execute(async (trx) => {
      const row =
        current.version === 0
          ? // The page's first save: its row, unless another save made it meanwhile (then a conflict).
            await trx
              .insertInto('school_pages')
              .values({ ...fields, school_code: code, slug: current.slug, version: 1, published_at: fields.published_at ?? null })
              .onConflict((oc) => oc.columns(['school_code', 'slug']).doNothing())
              .returningAll()
              .executeTakeFirst()
          : await trx
              .updateTable('school_pages')
              .set({ ...fields, version: sql<number>`version + 1` })
              .where('school_code', '=', code)
              .where('slug', '=', current.slug)
              .where('version', '=', current.version)
              .returningAll()
              .executeTakeFirst();
      if (!row) return null;
      const page = toPage(row);
      const snapshot: PageSnapshot = { content: page.content, draft: page.draft, status: page.status };
      await insertVersion(trx as Db, { code, type: 'pages', itemId: page.slug, version: page.version, action, snapshot, actor, now: at });
      await recordAudit(trx as Db, {
        action: `page.${action}`,
        school: code,
        actor,
        target: `page: ${page.slug}`,
        ip: request.ip,
        before: { slug: page.slug, version: current.version, status: current.status },
        after: { slug: page.slug, version: page.version, status: page.status },
        at,
      });
      if (publishes) {
        await bumpContentVersion(trx as Db, code, at);
        await indexPage(trx as Db, code, page.slug);
      }
      return page;
    });
    if (!saved) return reply.code(409).send({ error: CONFLICT, current: await load(code, current.slug as PageSlug), submitted });
    if (publishes) contentChanged(code);
    return { page: saved };
  }

  typed(app).get(
    '/:code/pages',
    {
      onRequest: anyStaff,
      schema: {
        summary:
          "The school's information pages (every one, written or not): version, status, whether a draft is pending and whether it was ever published",
        tags: ['admin: pages'],
        params: codeParams,
        response: {
          200: z.object({
            pages: z.array(
              z.object({
                slug: z.string(),
                version: z.number().int().describe('0: nobody has written this page yet'),
                updatedAt: z.string().describe("'' when never saved"),
                status: z.string(),
                hasDraft: z.boolean(),
                published: z.boolean().describe('false: not on the public site (absent from its menu and sitemaps, 404)'),
              }),
            ),
          }),
          ...answers,
        },
      },
    },
    async (request) => {
      const rows = await db.selectFrom('school_pages').selectAll().where('school_code', '=', request.params.code).execute();
      const stored = new Map(rows.map((r) => [r.slug, r]));
      // Every page, written or not: one nobody has written yet is listed with version 0, to be started.
      const pages = PAGE_SLUGS.map((slug) => {
        const r = stored.get(slug);
        return r
          ? {
              slug,
              version: Number(r.version),
              updatedAt: r.updated_at,
              status: r.status,
              hasDraft: r.draft_content !== null,
              published: r.published_at !== null,
            }
          : { slug, version: 0, updatedAt: '', status: 'draft', hasDraft: false, published: false };
      });
      return { pages: pages.toSorted((a, b) => a.slug.localeCompare(b.slug)) };
    },
  );

  typed(app).get(
    '/:code/pages/:slug',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'One page: what the public sees and the pending draft',
        tags: ['admin: pages'],
        params: slugParams,
        response: { 200: pageAnswer, ...answers },
      },
    },
    async (request) => ({ page: await load(request.params.code, slugOf(request.params.slug)) }),
  );

  typed(app).put(
    '/:code/pages/:slug',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'Save a page: { content, version, intent? } — a draft (default), "review", or "publish" (editors)',
        tags: ['admin: pages'],
        params: slugParams,
        body: z.record(z.string(), z.unknown()),
        response: { 200: pageAnswer, ...answers },
      },
    },
    async (request, reply) => {
      const slug = slugOf(request.params.slug);
      const code = request.params.code;
      const context = staffOf(request);
      const body = bodyOf(request);
      const intent = body.intent === 'publish' || body.intent === 'review' ? body.intent : 'draft';
      if (intent === 'publish' && !isEditor(context.role)) throw new HttpError(403, CONTRIBUTOR_CANNOT_PUBLISH);
      const current = await load(code, slug);
      // Version 0: the first save of a page nobody has written yet (a conflict once someone has).
      const version = String(body.version) === '0' ? { success: true as const, data: 0 } : editedVersion.safeParse(body.version);
      if (!version.success)
        return reply
          .code(400)
          .send({ error: CHECK_FIELDS, errors: { version: 'Reload the page: the version you edited is missing.' }, submitted: body });
      if (version.data !== current.version) return reply.code(409).send({ error: CONFLICT, current, submitted: body });
      // A draft may leave texts to write later; review and publishing take the whole page.
      const content = intent === 'draft' ? parsePageDraft(slug, body.content) : pageSchemas[slug].safeParse(body.content);
      if (!content.success) return reply.code(400).send({ error: CHECK_FIELDS, errors: fieldErrors(content.error), submitted: body });
      const foreign = await foreignRefs(code, slug, content.data);
      if (foreign) return reply.code(400).send({ error: CHECK_FIELDS, errors: foreign, submitted: body });
      const notPdf = slug === 'syllabus' ? await syllabusFileProblem(db, code, content.data) : null;
      if (notPdf) return reply.code(400).send({ error: CHECK_FIELDS, errors: { documents: notPdf }, submitted: body });
      const next =
        intent === 'publish'
          ? { content: content.data, draft: null, status: 'published', reviewNote: null }
          : { content: current.content, draft: content.data, status: intent, reviewNote: current.reviewNote };
      return save(
        request,
        reply,
        code,
        current,
        next,
        intent === 'publish' ? 'published' : intent === 'review' ? 'submitted' : 'updated',
        body,
      );
    },
  );

  const actions = {
    publish: { editorsOnly: true, action: 'published' },
    submit: { editorsOnly: false, action: 'submitted' },
    return: { editorsOnly: true, action: 'returned' },
    discard: { editorsOnly: false, action: 'discarded' },
  } as const;
  for (const [name, rule] of Object.entries(actions)) {
    typed(app).post(
      `/:code/pages/:slug/${name}`,
      {
        onRequest: anyStaff,
        schema: {
          summary: {
            publish: 'Publish the pending draft (editors)',
            submit: 'Submit the pending draft for review',
            return: 'Return the draft in review with a comment (editors)',
            discard: 'Drop the pending draft (the published text stays)',
          }[name],
          tags: ['admin: pages'],
          params: slugParams,
          body: z.object({ version: z.unknown().optional(), comment: z.unknown().optional() }).nullish(),
          response: { 200: pageAnswer, ...answers },
        },
      },
      async (request, reply) => {
        const slug = slugOf(request.params.slug);
        const code = request.params.code;
        const context = staffOf(request);
        const body = bodyOf(request);
        if (rule.editorsOnly && !isEditor(context.role))
          throw new HttpError(403, name === 'publish' ? CONTRIBUTOR_CANNOT_PUBLISH : CONTRIBUTOR_CANNOT);
        const current = await load(code, slug);
        if (body.version !== undefined && Number(body.version) !== current.version) {
          return reply.code(409).send({ error: CONFLICT, current, submitted: body });
        }
        // Answered with the page as it is (the 409 shape every conflict here has), never thrown: a
        // bare error would not match that shape and would turn into a 500.
        if (current.draft === null) return reply.code(409).send({ error: NO_DRAFT, current, submitted: body });
        // Publishing and review take the whole page: a draft may still have texts to write (parsePageDraft).
        const whole = name === 'publish' || name === 'submit' ? pageSchemas[slug].safeParse(current.draft) : null;
        if (whole && !whole.success)
          return reply.code(400).send({ error: CHECK_FIELDS, errors: fieldErrors(whole.error), submitted: body });
        // What goes live is checked again: a draft saved before the file check (or before a file went) may name another's.
        const foreign = name === 'publish' ? await foreignRefs(code, slug, current.draft) : null;
        if (foreign) return reply.code(400).send({ error: CHECK_FIELDS, errors: foreign, submitted: body });
        let next: PageSnapshot & { reviewNote: string | null };
        if (name === 'publish') next = { content: whole?.data ?? current.draft, draft: null, status: 'published', reviewNote: null };
        else if (name === 'submit') next = { content: current.content, draft: current.draft, status: 'review', reviewNote: null };
        else if (name === 'discard')
          next = { content: current.content, draft: null, status: current.published ? 'published' : 'draft', reviewNote: null };
        else {
          const parsed = returnBody.safeParse(body);
          if (!parsed.success) return reply.code(400).send({ error: CHECK_FIELDS, errors: fieldErrors(parsed.error), submitted: body });
          next = { content: current.content, draft: current.draft, status: 'draft', reviewNote: parsed.data.comment };
        }
        return save(request, reply, code, current, next, rule.action, body);
      },
    );
  }

  typed(app).get(
    '/:code/pages/:slug/versions',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'Every saved version of a page, newest first, with its snapshot ({ content, draft, status })',
        tags: ['admin: pages'],
        params: slugParams,
        response: {
          200: z.object({
            versions: z.array(
              z.object({
                version: z.number().int(),
                action: z.string(),
                savedAt: z.string(),
                savedBy: z.string().nullable(),
                savedByEmail: z.string().nullable(),
                snapshot: z.object({ content: z.unknown(), draft: z.unknown(), status: z.string() }),
              }),
            ),
          }),
          ...answers,
        },
      },
    },
    async (request) => ({ versions: await listVersions<PageSnapshot>(db, request.params.code, 'pages', slugOf(request.params.slug)) }),
  );

  typed(app).get(
    '/:code/pages/:slug/diff',
    {
      onRequest: anyStaff,
      schema: {
        summary: "What changed between two versions' texts (the draft where there is one), field by field",
        tags: ['admin: pages'],
        params: slugParams,
        querystring: z.object({ from: z.coerce.number().int().min(1), to: z.coerce.number().int().min(1) }),
        response: { 200: z.object({ from: z.number().int(), to: z.number().int(), changes: z.array(fieldChangeSchema) }), ...answers },
      },
    },
    async (request) => {
      const versions = await listVersions<PageSnapshot>(db, request.params.code, 'pages', slugOf(request.params.slug));
      const text = (s: PageSnapshot) => ((s.draft ?? s.content) as Record<string, unknown>) ?? {};
      const found = versionChanges(versions, request.query, text);
      if (found === 'missing') throw new HttpError(404, 'No such version of this page.');
      return found;
    },
  );

  typed(app).post(
    '/:code/pages/:slug/versions/:version/restore',
    {
      onRequest: anyStaff,
      schema: {
        summary: "Restore a version's text as a new version: published at once by editors, a draft for contributors",
        tags: ['admin: pages'],
        params: slugParams.extend({ version: z.coerce.number().int().min(1) }),
        body: z.object({ version: z.unknown().optional() }).nullish(),
        response: { 200: pageAnswer, ...answers },
      },
    },
    async (request, reply) => {
      const slug = slugOf(request.params.slug);
      const code = request.params.code;
      const context = staffOf(request);
      const body = bodyOf(request);
      const current = await load(code, slug);
      if (body.version !== undefined && Number(body.version) !== current.version) {
        return reply.code(409).send({ error: CONFLICT, current, submitted: body });
      }
      const old = (await listVersions<PageSnapshot>(db, code, 'pages', slug)).find((v) => v.version === request.params.version);
      if (!old) throw new HttpError(404, 'No such version of this page.');
      const snapshot = old.snapshot.draft ?? old.snapshot.content;
      // A version saved with texts still to write comes back as a draft, for anyone (parsePageDraft).
      const whole = pageSchemas[slug].safeParse(snapshot);
      const restored = whole.success ? whole : parsePageDraft(slug, snapshot);
      if (!restored.success) return reply.code(400).send({ error: CHECK_FIELDS, errors: fieldErrors(restored.error), submitted: body });
      const text = restored.data;
      const foreign = await foreignRefs(code, slug, text);
      if (foreign) return reply.code(400).send({ error: CHECK_FIELDS, errors: foreign, submitted: body });
      const next =
        isEditor(context.role) && whole.success
          ? { content: text, draft: null, status: 'published', reviewNote: null }
          : { content: current.content, draft: text, status: 'draft', reviewNote: current.reviewNote };
      return save(request, reply, code, current, next, 'restored', body);
    },
  );
};

/**
 * The syllabus lists PDFs (SPEC: "syllabus PDFs"): each document's file must be a PDF of the school's
 * media library, or a stored path ending in .pdf (the seed's). The message names the document.
 */
async function syllabusFileProblem(db: Db, code: string, content: unknown): Promise<string | null> {
  const documents = (content as { documents?: Array<{ file?: unknown }> }).documents ?? [];
  // A draft's document still to choose (left empty) is not a wrong file yet; publishing requires one.
  const files = documents.map((d) => String(d.file ?? ''));
  const library = new Map((await findMediaByRefs(db, code, files.filter(Boolean))).map((r) => [r.item.ref, r.item]));
  for (const [i, file] of files.entries()) {
    if (file.trim() === '') continue;
    const item = library.get(file);
    const pdf = item ? item.kind === 'pdf' : /\.pdf$/i.test(file);
    if (!pdf) return `Document ${i + 1}: choose a PDF from the media library (upload it there first).`;
  }
  return null;
}
