import type { FastifyPluginAsync } from 'fastify';
import { withoutHiddenPhotos } from '../media/visible-refs.ts';
import { CONTENT_TYPES, DISPLAY_STATUSES } from '@sthsm/contract';
import { z } from 'zod';
import { contentSpec } from '../content/registry.ts';
import { previewConsentProblem } from '../content/consent.ts';
import { checkPreview } from '../content/preview.ts';
import { findRow, toItem } from '../content/store.ts';
import { HttpError } from '../errors.ts';
import { typed, type Deps } from './deps.ts';
import { errorBody } from './schemas.ts';

export const PREVIEW_INVALID = 'This preview link is not valid. Ask for a new one.';
export const PREVIEW_EXPIRED = 'This preview link has expired. Ask for a new one.';
export const PREVIEW_GONE = 'The item of this preview link no longer exists.';

/**
 * GET /api/preview/{token}: the item a signed preview link names (content/preview.ts), as it is
 * now, whatever its status, for the site's /preview page. Never cached, never indexed.
 */
export const previewRoutes: FastifyPluginAsync<Deps> = async (app, { db, config, now }) => {
  typed(app).get(
    '/preview/:token',
    {
      schema: {
        summary: 'The item a signed preview link names, draft or not (403 invalid or naming a child without consent, 410 expired)',
        tags: ['preview'],
        params: z.object({ token: z.string().min(10).max(600) }),
        response: {
          200: z.object({
            type: z.enum(CONTENT_TYPES),
            school: z.string(),
            expiresAt: z.string(),
            displayStatus: z.enum(DISPLAY_STATUSES),
            item: z.record(z.string(), z.unknown()).describe('The public shape of the type (CONTRACT.md), with _id'),
          }),
          403: errorBody,
          404: errorBody,
          410: errorBody,
        },
      },
      onRequest: async (_request, reply) => {
        reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
      },
    },
    async (request) => {
      const check = await checkPreview(db, request.params.token, now());
      if (!check.ok)
        throw new HttpError(check.reason === 'expired' ? 410 : 403, check.reason === 'expired' ? PREVIEW_EXPIRED : PREVIEW_INVALID);
      const spec = contentSpec(check.claim.type);
      if (!spec) throw new HttpError(403, PREVIEW_INVALID);
      const row = await findRow(db, spec, check.claim.school, check.claim.id);
      if (!row) throw new HttpError(404, PREVIEW_GONE);
      const item = toItem(spec, row, config.timeZone, now());
      const withoutConsent = await previewConsentProblem(db, spec, check.claim.school, item.fields.child, now());
      if (withoutConsent) throw new HttpError(403, withoutConsent);
      // A preview link is a page anyone holding it can open: photos of a child without photo
      // consent are left out, as every public answer leaves them out (media/visible-refs.ts).
      const [fields = item.fields] = await withoutHiddenPhotos(db, [item.fields], now());
      return {
        type: spec.type,
        school: check.claim.school,
        expiresAt: new Date(check.claim.exp).toISOString(),
        displayStatus: item.displayStatus,
        item: { _id: item.id, ...fields, ...(spec.type === 'albums' ? { updatedOn: row.updated_on } : {}) },
      };
    },
  );
};
