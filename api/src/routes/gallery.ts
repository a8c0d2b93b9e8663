import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../errors.ts';
import { langQuery, schoolListRoute, typed, type Deps } from './deps.ts';
import { CONTENT_REGISTRY } from '../content/registry.ts';
import { inLanguage } from '../content/translations.ts';
import { findAlbum, listAlbums, listHomeAlbums } from '../repositories/albums.ts';
import { albumSchema, subGallerySchema } from '@sthsm/contract';
import { errorBody, notFound } from './schemas.ts';
import { findMediaByRefs } from '../repositories/media.ts';
import { withoutHiddenPhotos } from '../media/visible-refs.ts';
import { answerSuspended } from '../schools/suspension.ts';

export const galleryRoutes: FastifyPluginAsync<Deps> = async (app, { db, now, suspended }) => {
  schoolListRoute(app, { db, now }, '/gallery/:code', {
    summary: 'The newest photo albums (category PhotoGallery), for the home teaser',
    tags: ['gallery'],
    item: albumSchema,
    list: (code) => listHomeAlbums(db, code, now()),
    type: 'albums',
  });
  schoolListRoute(app, { db, now }, '/gallery/all/:code', {
    summary: 'All albums of every category, newest first',
    tags: ['gallery'],
    item: albumSchema,
    list: (code) => listAlbums(db, code, now()),
    type: 'albums',
  });

  typed(app).get(
    '/subGallery',
    {
      schema: {
        summary: 'One album by id',
        tags: ['gallery'],
        querystring: langQuery.extend({ id: z.string().min(1).max(64) }),
        response: { 200: subGallerySchema, 400: errorBody, 503: errorBody, ...notFound },
      },
    },
    async (req, reply) => {
      const at = now();
      const live = await findAlbum(db, req.query.id, at);
      if (!live) throw new HttpError(404, 'No album has that id.');
      if (await suspended?.(live.school)) return answerSuspended(reply);
      const { album } = live;
      const [shown] = await withoutHiddenPhotos(db, [album], at);
      if (!shown) throw new HttpError(404, 'No album has that id.');
      const [found = shown] = await inLanguage(db, live.school, CONTENT_REGISTRY.albums, req.query.lang, [shown], at);
      const library = await findMediaByRefs(db, null, found.attachments ?? []);
      if (library.length === 0) return found;
      const photos = library.map(({ item }) => ({ ref: item.ref, alt: item.alt, decorative: item.decorative, caption: item.caption }));
      return { ...found, photos };
    },
  );
};
