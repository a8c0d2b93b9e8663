import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../src/config.ts';
import type { Db } from '../../src/db/index.ts';
import { upsertFile } from '../../src/repositories/files.ts';
import { insertMedia } from '../../src/repositories/media.ts';
import type { RefPath } from '../../src/content/file-refs.ts';
import { createSchool } from '../factories.ts';

// Files of two schools, of every kind a reference can name (a library file, a seeded file id, a
// path in the school's folder), and the references a save must refuse for the school STHSM.

export const HOME = 'STHSM';
export const OTHER = 'DEMO2';

const hex = (c: string) => c.repeat(39);
/** STHSM's own files: each is accepted wherever a reference is. */
export const OWN = {
  libraryPhoto: `m${hex('a')}`,
  libraryPdf: `m${hex('b')}`,
  fileId: 'a1a1a1a1a1a1a1a1a1a1a1a1',
  photoPath: 'STHSM/public/Images/own-photo.jpg',
  pdfPath: 'STHSM/public/Images/own-syllabus.pdf',
};

/** What STHSM's staff must not be able to save, by what it is. */
export const REFUSED: ReadonlyArray<readonly [string, string]> = [
  ["another school's library photo", `m${hex('c')}`],
  ["another school's library PDF", `m${hex('d')}`],
  ["another school's file id", 'b2b2b2b2b2b2b2b2b2b2b2b2'],
  ["another school's path", 'DEMO2/public/Images/their-photo.jpg'],
  ["another school's library original, by path", 'library/DEMO2/cc/cccc.jpg'],
  ['an image address', 'https://example.org/photo.jpg'],
  ['a path outside any school', 'public/Images/photo.jpg'],
  ["a path of this school's folder that does not exist", 'STHSM/public/Images/no-such-photo.jpg'],
  ['a library reference that does not exist', `m${hex('e')}`],
  ['a file id that does not exist', 'c3c3c3c3c3c3c3c3c3c3c3c3'],
];

async function put(root: string, file: string, bytes: string) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), bytes);
}

async function library(db: Db, school: string, ref: string, kind: 'image' | 'pdf') {
  await insertMedia(db, {
    school,
    id: ref.slice(1, 25),
    ref,
    path: `library/${school}/${ref.slice(1, 3)}/${ref.slice(1)}.${kind === 'pdf' ? 'pdf' : 'jpg'}`,
    kind,
    contentType: kind === 'pdf' ? 'application/pdf' : 'image/jpeg',
    name: `${ref.slice(0, 6)}.${kind === 'pdf' ? 'pdf' : 'jpg'}`,
    bytes: 10,
    width: kind === 'image' ? 800 : null,
    height: kind === 'image' ? 600 : null,
    camera: null,
    createdBy: 'test',
    at: '2025-08-01T00:00:00.000Z',
  });
}

/** Both schools and every file the references above name (the missing ones excepted). */
export async function storeFilesOfTwoSchools(db: Db, config: Config): Promise<void> {
  await createSchool(db, { code: HOME });
  await createSchool(db, { code: OTHER, name: 'Little Flower Convent School' });
  await library(db, HOME, OWN.libraryPhoto, 'image');
  await library(db, HOME, OWN.libraryPdf, 'pdf');
  await library(db, OTHER, REFUSED[0]![1], 'image');
  await library(db, OTHER, REFUSED[1]![1], 'pdf');
  await upsertFile(db, { id: OWN.fileId, path: `STHSM/uploads/${OWN.fileId}.jpg`, contentType: 'image/jpeg' });
  await upsertFile(db, { id: REFUSED[2]![1], path: `DEMO2/uploads/${REFUSED[2]![1]}.jpg`, contentType: 'image/jpeg' });
  for (const file of [OWN.photoPath, OWN.pdfPath, `STHSM/uploads/${OWN.fileId}.jpg`, `DEMO2/uploads/${REFUSED[2]![1]}.jpg`]) {
    await put(config.mediaRoot, file, 'bytes');
  }
  for (const file of [REFUSED[3]![1], REFUSED[4]![1], REFUSED[6]![1]]) await put(config.mediaRoot, file, 'theirs');
}

/** A copy of `value` with `ref` at `at`. */
export function withRefAt<T>(value: T, at: RefPath, ref: string): T {
  const copy = structuredClone(value) as unknown;
  let node = copy as Record<string | number, unknown>;
  for (const step of at.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[at.at(-1)!] = ref;
  return copy as T;
}

/** A field's path as the schema walk gives it, with a concrete place for each list ("slider.[].path" → slider.0.path). */
export const firstPlace = (fieldPath: readonly string[]): RefPath => fieldPath.map((p) => (p === '[]' ? 0 : p));
