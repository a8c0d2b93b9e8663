import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/index.ts';
import { upsertFile } from '../../src/repositories/files.ts';

// The path forms of one stored library photo (docs/decisions/0113): every spelling of a request
// that reaches its bytes, and the ways of asking for them. The next form is one line in FORMS.

export interface StoredPhoto {
  ref: string;
  school: string;
  /** The storage path, library/{school}/{xx}/{sha256}.{ext}. */
  path: string;
  /** A seed-style file id (the files table) whose path is the storage path. */
  fileId: string;
}

/** Every character of `text` as a %XX escape ("/" kept). */
const escaped = (text: string) =>
  text
    .split('/')
    .map((s) => [...Buffer.from(s)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''))
    .join('/');

/**
 * The forms that reach the photo's bytes (after the request target's normalisation), each under
 * /api/image/. The links stand in for a case-insensitive store and for an alias in another folder
 * (hiddenPathLinks makes them); each is decided as the stored file itself.
 */
export interface Form {
  form: string;
  url: (p: StoredPhoto) => string;
  /** A link to one photo's file (hiddenPathLinks), not a spelling that reaches any photo. */
  alias?: true;
}

export const FORMS: readonly Form[] = [
  { form: 'file id', url: (p) => p.ref },
  { form: 'storage path', url: (p) => p.path },
  { form: 'storage path, every character %-escaped', url: (p) => escaped(p.path) },
  { form: 'storage path with ./ and %2e segments', url: (p) => `./${p.path.replace('/', '/%2e/')}` },
  { form: 'storage path with a ../ back into it', url: (p) => p.path.replace('/', `/${p.school}/../`) },
  { form: 'storage path, upper-case folder (case-insensitive store)', url: (p) => p.path.replace(/^library\//, 'LIBRARY/') },
  { form: "storage path through another school's folder linked to it", url: (p) => p.path.replace(`/${p.school}/`, '/OTHER/') },
  { form: 'a link to it in a seed folder', url: () => 'OTHER/public/Images/alias.jpg', alias: true },
  { form: 'seed-style file id of the storage path', url: (p) => p.fileId },
  { form: 'made variant path', url: (p) => `library-variants/${p.ref}/320.webp` },
  { form: 'made variant path, %-escaped', url: (p) => escaped(`library-variants/${p.ref}/1600.avif`) },
  { form: 'made variant path, upper-case folder (case-insensitive store)', url: (p) => `Library-Variants/${p.ref}/160.webp` },
];

/** The ways of asking for a form: whole, resized, as a share preview, HEAD and one range. */
export const ASKS: ReadonlyArray<{
  ask: string;
  query: string;
  method: 'GET' | 'HEAD';
  headers: Record<string, string>;
  served: number;
}> = [
  { ask: 'GET', query: '', method: 'GET', headers: {}, served: 200 },
  { ask: '?w=320', query: '?w=320', method: 'GET', headers: { accept: 'image/avif,image/webp,*/*' }, served: 200 },
  { ask: '?variant=og', query: '?variant=og', method: 'GET', headers: {}, served: 200 },
  { ask: 'HEAD', query: '', method: 'HEAD', headers: {}, served: 200 },
  { ask: 'Range', query: '', method: 'GET', headers: { range: 'bytes=0-9' }, served: 206 },
];

/** Every form × ask of `photo`: "form / ask → status" lines, to compare as a whole. */
export async function statusesOf(app: FastifyInstance, photo: StoredPhoto, forms = FORMS): Promise<string[]> {
  const lines: string[] = [];
  for (const { form, url } of forms) {
    for (const { ask, query, method, headers } of ASKS) {
      const res = await app.inject({ method, url: `/api/image/${url(photo)}${query}`, headers });
      lines.push(`${form} / ${ask} → ${res.statusCode}`);
    }
  }
  return lines;
}

/** The lines statusesOf gives when every form serves (expected `served`) or none does (404). */
export function expected(served: boolean, forms = FORMS): string[] {
  return forms.flatMap(({ form }) => ASKS.map(({ ask, served: status }) => `${form} / ${ask} → ${served ? status : 404}`));
}

/** The library row of `ref` as FORMS needs it, with a seed-style file id pointing at its storage path. */
export async function storedPhoto(db: Db, ref: string, fileId: string): Promise<StoredPhoto> {
  const row = await db.selectFrom('media').select(['school_code', 'path']).where('ref', '=', ref).executeTakeFirstOrThrow();
  await upsertFile(db, { id: fileId, path: row.path, contentType: 'image/jpeg' });
  return { ref, school: row.school_code, path: row.path, fileId };
}

/**
 * The links FORMS relies on, in the media folder: LIBRARY and Library-Variants as a
 * case-insensitive store would resolve them, another school's library folder onto this one's,
 * and a seed folder's alias of `photo`'s stored file.
 */
export async function hiddenPathLinks(mediaRoot: string, photo: StoredPhoto): Promise<void> {
  await symlink('library', path.join(mediaRoot, 'LIBRARY'));
  await mkdir(path.join(mediaRoot, 'library-variants'), { recursive: true });
  await symlink('library-variants', path.join(mediaRoot, 'Library-Variants'));
  await symlink(photo.school, path.join(mediaRoot, 'library', 'OTHER'));
  await mkdir(path.join(mediaRoot, 'OTHER', 'public', 'Images'), { recursive: true });
  await symlink(path.join('..', '..', '..', ...photo.path.split('/')), path.join(mediaRoot, 'OTHER', 'public', 'Images', 'alias.jpg'));
}

/** Asserts the photo's every form answers as `served` says. */
export async function expectServed(app: FastifyInstance, photo: StoredPhoto, served: boolean, forms = FORMS): Promise<void> {
  expect(await statusesOf(app, photo, forms)).toEqual(expected(served, forms));
}
