import type { FastifyPluginAsync } from 'fastify';
import { anyPageRecordSchema, PAGE_SLUGS, schoolProfileRecordSchema, type PageSlug } from '@sthsm/contract';
import { z } from 'zod';
import { HttpError } from '../errors.ts';
import { findSchoolPage } from '../repositories/school-pages.ts';
import { findSchoolProfile } from '../repositories/school-profiles.ts';
import { requireSchool, typed, type Deps } from './deps.ts';
import { codeParams, errorBody, notFound } from './schemas.ts';

// The school as data (docs/api.md "School profile and page texts"): extensions of CONTRACT.md that
// the site reads for everything its header, footer and information pages show. Public GET JSON, so
// the response cache keeps them like every other public read (api/src/cache.ts).

export const schoolRoutes: FastifyPluginAsync<Deps> = async (app, { db }) => {
  typed(app).get(
    '/school/:code',
    {
      schema: {
        summary: "The school's profile: name, address, phones, e-mails, links, map, app, principal, board…",
        description: "Every fact the site's header, footer, contact and school-information pages show. `version` increases with each save.",
        tags: ['school'],
        params: codeParams,
        response: { 200: schoolProfileRecordSchema, ...notFound },
      },
    },
    async (req) => {
      await requireSchool(db, req.params.code);
      const record = await findSchoolProfile(db, req.params.code);
      if (!record) throw new HttpError(404, `School "${req.params.code}" has no profile yet.`);
      return record;
    },
  );

  typed(app).get(
    '/pages/:code/:slug',
    {
      schema: {
        summary: 'The texts and pictures of one information page (or of the home page: slug "home")',
        description: `Slugs: ${PAGE_SLUGS.join(', ')}. The content's shape depends on the slug (see the schema for each).`,
        tags: ['school'],
        params: codeParams.extend({ slug: z.enum(PAGE_SLUGS as [PageSlug, ...PageSlug[]]).describe('The page') }),
        response: { 200: anyPageRecordSchema, 400: errorBody, ...notFound },
      },
    },
    async (req) => {
      await requireSchool(db, req.params.code);
      const record = await findSchoolPage(db, req.params.code, req.params.slug);
      if (!record) throw new HttpError(404, `School "${req.params.code}" has no "${req.params.slug}" page yet.`);
      return record;
    },
  );
};
