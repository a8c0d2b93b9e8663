import type { FastifyPluginAsync } from 'fastify';
import { anyPageRecordSchema, CONTENT_TYPES, PAGE_SLUGS, schoolProfileRecordSchema, type PageSlug } from '@sthsm/contract';
import { z } from 'zod';
import { createHash } from 'node:crypto';
import { startedContentTypes } from '../content/started.ts';
import { HttpError } from '../errors.ts';
import { crestIcon, ICON_SIZES, type IconSize } from '../media/crest.ts';
import { LIBRARY_CACHE } from './images.ts';
import { findSchoolPage, listPublishedPages } from '../repositories/school-pages.ts';
import { schoolProfileOrEmpty } from '../repositories/school-profiles.ts';
import { requireSchool, typed, type Deps } from './deps.ts';
import { codeParams, errorBody, notFound } from './schemas.ts';

// The school as data (docs/api.md "School profile and page texts"): extensions of CONTRACT.md that
// the site reads for everything its header, footer and information pages show. Public GET JSON, so
// the response cache keeps them like every other public read (api/src/cache.ts).

const ICON_FILES = ICON_SIZES.map((size) => `${size}.png`) as [`${IconSize}.png`, ...Array<`${IconSize}.png`>];

export const schoolRoutes: FastifyPluginAsync<Deps> = async (app, { db, config, now }) => {
  typed(app).get(
    '/school/:code',
    {
      schema: {
        summary: "The school's profile: name, address, phones, e-mails, links, map, app, principal, board, brand…",
        description:
          "Every fact the site's header, footer, contact and school-information pages show, and its brand. Only `name` is always there: a fact or group the school has not given is absent. A school nobody has described yet answers its name alone with `version` 0; `version` increases with each save.",
        tags: ['school'],
        params: codeParams,
        response: { 200: schoolProfileRecordSchema, ...notFound },
      },
    },
    async (req) => {
      const record = await schoolProfileOrEmpty(db, req.params.code);
      if (!record) throw new HttpError(404, `Unknown school code "${req.params.code}".`);
      return record;
    },
  );

  typed(app).get(
    '/sections/:code',
    {
      schema: {
        summary: 'The kinds of content the school has started (has or had an item of), for the home page',
        description:
          'A kind the school never started (a new school) has its home page section hidden; a kind started and now empty shows the SPEC §8 placeholder (docs/decisions/0134).',
        tags: ['school'],
        params: codeParams,
        response: { 200: z.array(z.object({ type: z.enum(CONTENT_TYPES) })), ...notFound },
      },
    },
    async (req) => {
      await requireSchool(db, req.params.code);
      return (await startedContentTypes(db, req.params.code)).map((type) => ({ type }));
    },
  );

  typed(app).get(
    '/pages/:code',
    {
      schema: {
        summary: 'The information pages the school has published, with their last save',
        description:
          'A page nobody has published yet is not in this list, and GET /api/pages/{code}/{slug} answers 404 for it: the site leaves it out of its menu and sitemaps.',
        tags: ['school'],
        params: codeParams,
        response: {
          200: z.array(
            z.object({
              slug: z.enum(PAGE_SLUGS as [PageSlug, ...PageSlug[]]),
              updatedAt: z.string().describe('ISO 8601 time of the last save'),
            }),
          ),
          ...notFound,
        },
      },
    },
    async (req) => {
      await requireSchool(db, req.params.code);
      return listPublishedPages(db, req.params.code);
    },
  );

  typed(app).get(
    '/pages/:code/:slug',
    {
      schema: {
        summary: 'The texts and pictures of one published information page (or of the home page: slug "home")',
        description: `Slugs: ${PAGE_SLUGS.join(', ')}. The content's shape depends on the slug (see the schema for each).`,
        tags: ['school'],
        params: codeParams.extend({ slug: z.enum(PAGE_SLUGS as [PageSlug, ...PageSlug[]]).describe('The page') }),
        response: { 200: anyPageRecordSchema, 400: errorBody, ...notFound },
      },
    },
    async (req) => {
      await requireSchool(db, req.params.code);
      const record = await findSchoolPage(db, req.params.code, req.params.slug);
      // Not written or never published: the same answer, so a draft's existence is not told.
      if (!record) throw new HttpError(404, `School "${req.params.code}" has no "${req.params.slug}" page yet.`);
      return record;
    },
  );

  typed(app).get(
    '/school/:code/icon/:file',
    {
      schema: {
        summary: "The school's favicon or app icon, made from its crest (school settings' brand)",
        description: `A square PNG of ${ICON_SIZES.join(', ')} pixels: the crest whole on a transparent ground (180, the Apple touch icon: on white). 404 when the school has no crest (no other school's icon ever stands in). Revalidated by ETag after a minute, so a new crest shows within 60 s.`,
        tags: ['school'],
        params: codeParams.extend({ file: z.enum(ICON_FILES).describe('The size in pixels, then .png') }),
        response: { 200: z.any().describe('The PNG bytes'), 304: z.null(), 400: errorBody, ...notFound },
      },
    },
    async (req, reply) => {
      const record = await schoolProfileOrEmpty(db, req.params.code);
      if (!record) throw new HttpError(404, `Unknown school code "${req.params.code}".`);
      const crest = record.profile.brand?.crest;
      const size = Number(req.params.file.replace('.png', '')) as IconSize;
      const bytes = crest ? await crestIcon(db, config, crest, size, now()) : null;
      if (!bytes) throw new HttpError(404, 'This school has no crest.');
      const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
      reply.header('cache-control', LIBRARY_CACHE).header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return reply.type('image/png').send(bytes);
    },
  );
};
