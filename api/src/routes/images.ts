import type { FastifyPluginAsync } from 'fastify';
import { IMAGE_WIDTHS, safeMediaRef } from '@sthsm/contract/images';
import { z } from 'zod';
import { HttpError } from '../errors.ts';
import { typed, type Deps } from './deps.ts';
import { contentTypeOf, resolveInside } from '../media/resolve.ts';
import { IMMUTABLE, REVALIDATE, sendMedia } from '../media/send.ts';
import { findFile } from '../repositories/files.ts';
import { errorBody } from './schemas.ts';

const FILE_ID = /^[A-Za-z0-9_-]{6,64}$/;

export const imageRoutes: FastifyPluginAsync<Deps> = async (app, { db, config }) => {
  typed(app).get(
    '/image/*',
    {
      schema: {
        summary: 'A file by id (/api/image/{fileId}) or by media path (/api/image/{code}/public/Images/{file}, /api/image/{path})',
        description: `Images, attachments and PDFs. ?w= resizes an image to the nearest of ${IMAGE_WIDTHS.join(', ')} px, as AVIF or WebP when Accept allows. ?variant=og is the share preview: 1200×630, cropped to fill, JPEG.`,
        tags: ['media'],
        params: z.object({ '*': z.string() }),
        querystring: z.object({
          w: z.coerce.number().int().min(1).max(10_000).optional(),
          variant: z.enum(['og']).optional().describe('og: a 1200×630 JPEG share preview (Open Graph)'),
        }),
        response: { 200: z.any().describe('The file bytes'), 304: z.null(), 400: errorBody, 404: errorBody },
      },
    },
    async (req, reply) => {
      const ref = safeMediaRef(req.params['*']);
      if (!ref) throw new HttpError(400, 'That is not a valid file reference.');

      if (FILE_ID.test(ref)) {
        const stored = await findFile(db, ref);
        const file = stored && (await resolveInside(config.mediaRoot, stored.path));
        if (stored && file) {
          return sendMedia(req, reply, {
            file,
            contentType: stored.contentType,
            cacheControl: IMMUTABLE,
            cacheDir: config.cacheDir,
            width: req.query.w,
            variant: req.query.variant,
          });
        }
      }
      const file = await resolveInside(config.mediaRoot, ref);
      if (!file) throw new HttpError(404, 'No file at that reference.');
      return sendMedia(req, reply, {
        file,
        contentType: contentTypeOf(ref),
        cacheControl: REVALIDATE,
        cacheDir: config.cacheDir,
        width: req.query.w,
        variant: req.query.variant,
      });
    },
  );
};
