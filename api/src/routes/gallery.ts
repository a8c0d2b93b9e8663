import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { HttpError, typed, requireSchool, type Deps } from '../http.ts';
import { findAlbum, listAlbums, listHomeAlbums } from '../repositories/albums.ts';
import { album, codeParams, errorBody, notFound, subGallery } from './schemas.ts';

export const galleryRoutes: FastifyPluginAsync<Deps> = async (app, { db }) => {
  typed(app).get('/gallery/:code', {
    schema: {
      summary: 'The newest photo albums (category PhotoGallery), for the home teaser',
      tags: ['gallery'],
      params: codeParams,
      response: { 200: z.array(album), ...notFound },
    },
  }, async (req) => {
    await requireSchool(db, req.params.code);
    return listHomeAlbums(db, req.params.code);
  });

  typed(app).get('/gallery/all/:code', {
    schema: {
      summary: 'All albums of every category, newest first',
      tags: ['gallery'],
      params: codeParams,
      response: { 200: z.array(album), ...notFound },
    },
  }, async (req) => {
    await requireSchool(db, req.params.code);
    return listAlbums(db, req.params.code);
  });

  typed(app).get('/subGallery', {
    schema: {
      summary: 'One album by id',
      tags: ['gallery'],
      querystring: z.object({ id: z.string().min(1).max(64) }),
      response: { 200: subGallery, 400: errorBody, ...notFound },
    },
  }, async (req) => {
    const found = await findAlbum(db, req.query.id);
    if (!found) throw new HttpError(404, 'No album has that id.');
    return found;
  });
};
