import type { FastifyPluginAsync } from 'fastify';
import { IMAGE_WIDTHS, safeMediaRef } from '@sthsm/contract/images';
import { z } from 'zod';
import { HttpError } from '../errors.ts';
import { typed, type Deps } from './deps.ts';
import { mediaStores, preparedVariant } from '../media/library.ts';
import { servableFile } from '../media/servable.ts';
import { IMMUTABLE, REVALIDATE, sendMedia, sendStored } from '../media/send.ts';
import { FORMAT_TYPES, nearestWidth, pickFormat } from '../media/variants.ts';
import { answerSuspended } from '../schools/suspension.ts';
import { errorBody } from './schemas.ts';

/**
 * Library files are content-addressed, yet a deleted one must leave every cache within 60 s
 * (issue 15): a minute's life, then a cheap revalidation by ETag (docs/decisions/0037).
 */
export const LIBRARY_CACHE = 'public, max-age=60, must-revalidate';

export const imageRoutes: FastifyPluginAsync<Deps> = async (app, { db, config, now, suspended }) => {
  const { media, cache } = mediaStores(config);

  typed(app).get(
    '/image/*',
    {
      schema: {
        summary: 'A file by id (/api/image/{fileId}) or by media path (/api/image/{code}/public/Images/{file}, /api/image/{path})',
        description: `Images, attachments and PDFs, streamed with Range (206/416), ETag and If-None-Match (304). ?w= resizes an image to the nearest of ${IMAGE_WIDTHS.join(', ')} px, as AVIF or WebP when Accept allows (a library photo: the nearest variant made so far, or the original until they are made). ?variant=og is the share preview: 1200×630, cropped to fill, JPEG. A library file is served only while it exists and no child tagged in it lacks photo consent, by every reference that reaches its bytes (its ref, its storage path, its variants’ paths): otherwise 404, as for no file.`,
        tags: ['media'],
        params: z.object({ '*': z.string() }),
        querystring: z.object({
          w: z.coerce.number().int().min(1).max(10_000).optional(),
          variant: z.enum(['og']).optional().describe('og: a 1200×630 JPEG share preview (Open Graph)'),
        }),
        response: {
          200: z.any().describe('The file bytes'),
          206: z.any().describe('One range of the bytes'),
          304: z.null(),
          400: errorBody,
          404: errorBody,
          416: errorBody,
          503: errorBody,
        },
      },
    },
    async (req, reply) => {
      const ref = safeMediaRef(req.params['*']);
      if (!ref) throw new HttpError(400, 'That is not a valid file reference.');
      // One decision for every spelling of the bytes (media/servable.ts): nothing there and
      // nothing a visitor may see (a photo of a child without photo consent, a deleted library
      // file) are the same 404.
      const file = await servableFile(db, config, ref, now());
      if (!file) throw new HttpError(404, 'No file at that reference.');
      if (await suspended?.(file.school)) return answerSuspended(reply);
      const { w: width, variant } = req.query;
      if (file.kind === 'stored') {
        return sendMedia(req, reply, {
          source: file.source,
          contentType: file.contentType,
          cacheControl: file.byId ? IMMUTABLE : REVALIDATE,
          cache,
          width,
          variant,
        });
      }
      // A library file, however it was named, leaves caches within 60 s of a deletion or a withdrawal.
      const { row, source, contentType } = file;
      if (file.variant) return sendMedia(req, reply, { source, contentType, cacheControl: LIBRARY_CACHE, cache, width, variant });
      if (width !== undefined && variant === undefined && row.item.kind === 'image') {
        // Never an encode on request: the variant made in the background, else the original.
        const format = pickFormat(req.headers.accept, contentType);
        reply.header('Vary', 'Accept');
        const made =
          format === 'avif' || format === 'webp' ? await preparedVariant(media, row.item.ref, nearestWidth(width), format) : null;
        if (made) return sendStored(req, reply, { source: made, contentType: FORMAT_TYPES[format], cacheControl: LIBRARY_CACHE });
        return sendStored(req, reply, { source, contentType, cacheControl: 'public, max-age=60', etag: `"${row.item.id}"` });
      }
      return sendMedia(req, reply, {
        source,
        contentType,
        cacheControl: LIBRARY_CACHE,
        etag: variant === undefined ? `"${row.item.id}"` : undefined,
        cache,
        variant,
      });
    },
  );
};
