import type { FastifyPluginAsync } from 'fastify';
import { IMAGE_WIDTHS, safeMediaRef } from '@sthsm/contract/images';
import { z } from 'zod';
import { HttpError } from '../errors.ts';
import { typed, type Deps } from './deps.ts';
import { contentTypeOf } from '../media/resolve.ts';
import { mediaStores, preparedVariant } from '../media/library.ts';
import { IMMUTABLE, REVALIDATE, sendMedia, sendStored } from '../media/send.ts';
import { FORMAT_TYPES, nearestWidth, pickFormat } from '../media/variants.ts';
import { findMediaByRef } from '../repositories/media.ts';
import { hiddenPhotoRefs } from '../repositories/media-children.ts';
import { findFile } from '../repositories/files.ts';
import { errorBody } from './schemas.ts';

const FILE_ID = /^[A-Za-z0-9_-]{6,64}$/;
/**
 * Library files are content-addressed, yet a deleted one must leave every cache within 60 s
 * (issue 15): a minute's life, then a cheap revalidation by ETag (docs/decisions/0037).
 */
export const LIBRARY_CACHE = 'public, max-age=60, must-revalidate';

export const imageRoutes: FastifyPluginAsync<Deps> = async (app, { db, config, now }) => {
  const { media, cache } = mediaStores(config);

  typed(app).get(
    '/image/*',
    {
      schema: {
        summary: 'A file by id (/api/image/{fileId}) or by media path (/api/image/{code}/public/Images/{file}, /api/image/{path})',
        description: `Images, attachments and PDFs, streamed with Range (206/416), ETag and If-None-Match (304). ?w= resizes an image to the nearest of ${IMAGE_WIDTHS.join(', ')} px, as AVIF or WebP when Accept allows (a library photo: the nearest variant made so far, or the original until they are made). ?variant=og is the share preview: 1200×630, cropped to fill, JPEG.`,
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
        },
      },
    },
    async (req, reply) => {
      const ref = safeMediaRef(req.params['*']);
      if (!ref) throw new HttpError(400, 'That is not a valid file reference.');

      if (FILE_ID.test(ref)) {
        const library = await findMediaByRef(db, ref);
        // A photo of a child without current photo consent is not served at all, in any size
        // (issue 16, docs/decisions/0057): the same answer as a file that does not exist.
        if (library && (await hiddenPhotoRefs(db, [ref], now())).size > 0) throw new HttpError(404, 'No file at that reference.');
        const libraryInfo = library && (await media.stat(library.path));
        if (library && libraryInfo) {
          const source = { store: media, path: library.path, ...libraryInfo };
          const contentType = library.item.contentType;
          if (req.query.w !== undefined && req.query.variant === undefined && library.item.kind === 'image') {
            // Never an encode on request: the variant made in the background, else the original.
            const format = pickFormat(req.headers.accept, contentType);
            reply.header('Vary', 'Accept');
            const made =
              format === 'avif' || format === 'webp' ? await preparedVariant(media, ref, nearestWidth(req.query.w), format) : null;
            if (made) return sendStored(req, reply, { source: made, contentType: FORMAT_TYPES[format], cacheControl: LIBRARY_CACHE });
            return sendStored(req, reply, { source, contentType, cacheControl: 'public, max-age=60', etag: `"${library.item.id}"` });
          }
          return sendMedia(req, reply, {
            source,
            contentType,
            cacheControl: LIBRARY_CACHE,
            etag: req.query.variant === undefined ? `"${library.item.id}"` : undefined,
            cache,
            variant: req.query.variant,
          });
        }
        const stored = await findFile(db, ref);
        const info = stored && safeMediaRef(stored.path) && (await media.stat(stored.path));
        if (stored && info) {
          return sendMedia(req, reply, {
            source: { store: media, path: stored.path, ...info },
            contentType: stored.contentType,
            cacheControl: IMMUTABLE,
            cache,
            width: req.query.w,
            variant: req.query.variant,
          });
        }
      }
      const info = await media.stat(ref);
      if (!info) throw new HttpError(404, 'No file at that reference.');
      return sendMedia(req, reply, {
        source: { store: media, path: ref, ...info },
        contentType: contentTypeOf(ref),
        cacheControl: REVALIDATE,
        cache,
        width: req.query.w,
        variant: req.query.variant,
      });
    },
  );
};
