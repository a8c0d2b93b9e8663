import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../errors.ts';
import { schoolListRoute, typed, type Deps } from './deps.ts';
import { findAlbum, listAlbums, listHomeAlbums } from '../repositories/albums.ts';
import { albumSchema, subGallerySchema } from '@sthsm/contract';
import { errorBody, notFound } from './schemas.ts';
import { findMediaByRefs } from '../repositories/media.ts';
import { hiddenPhotoRefs } from '../repositories/media-children.ts';
import type { Db } from '../db/index.ts';

/**
 * The albums with every photo left out that shows a child without current consent for photos
 * (issue 16, docs/decisions/0057): checked at read time, so a withdrawal or an end date needs no job.
 */
async function withoutUnconsentedPhotos<T extends { attachments?: string[] | undefined }>(db: Db, albums: T[], now: Date): Promise<T[]> {
  const hidden = await hiddenPhotoRefs(
    db,
    albums.flatMap((a) => a.attachments ?? []),
    now,
  );
  if (hidden.size === 0) return albums;
  return albums.map((a) => (a.attachments ? { ...a, attachments: a.attachments.filter((ref) => !hidden.has(ref)) } : a));
}

export const galleryRoutes: FastifyPluginAsync<Deps> = async (app, { db, now }) => {
  schoolListRoute(app, db, '/gallery/:code', {
    summary: 'The newest photo albums (category PhotoGallery), for the home teaser',
    tags: ['gallery'],
    item: albumSchema,
    list: async (code) => withoutUnconsentedPhotos(db, await listHomeAlbums(db, code, now()), now()),
  });
  schoolListRoute(app, db, '/gallery/all/:code', {
    summary: 'All albums of every category, newest first',
    tags: ['gallery'],
    item: albumSchema,
    list: async (code) => withoutUnconsentedPhotos(db, await listAlbums(db, code, now()), now()),
  });

  typed(app).get(
    '/subGallery',
    {
      schema: {
        summary: 'One album by id',
        tags: ['gallery'],
        querystring: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: subGallerySchema, 400: errorBody, ...notFound },
      },
    },
    async (req) => {
      const at = now();
      const album = await findAlbum(db, req.query.id, at);
      if (!album) throw new HttpError(404, 'No album has that id.');
      const [found] = await withoutUnconsentedPhotos(db, [album], at);
      if (!found) throw new HttpError(404, 'No album has that id.');
      const library = await findMediaByRefs(db, null, found.attachments ?? []);
      if (library.length === 0) return found;
      const photos = library.map(({ item }) => ({ ref: item.ref, alt: item.alt, decorative: item.decorative, caption: item.caption }));
      return { ...found, photos };
    },
  );
};
