import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { addToLibrary } from '../media/library.ts';
import { findMediaByRef, releaseMediaSpace } from '../repositories/media.ts';
import { findImportedFile, saveImportedFile } from './records.ts';
import { FetchProblem, type SourceClient } from './http.ts';

// One file the source's content references, brought into the school's media library: downloaded
// (size-capped), then judged and processed exactly like an upload (addToLibrary: by its bytes,
// GPS gone, variants queued for the background worker), deduplicated by content. A second run
// asks with the ETag it kept, or compares the bytes' sha-256: an unchanged file is left alone.

export type FileOutcome = { ok: true; ref: string; state: 'imported' | 'unchanged' | 'would-import' } | { ok: false; reason: string };

export interface FileContext {
  db: Db;
  config: Config;
  client: SourceClient;
  base: string;
  source: string;
  school: string;
  createdBy: string | null;
  dryRun: boolean;
  now: () => Date;
}

/** The address of a reference at the source: /image/{ref}, its path segments kept. */
export const fileUrl = (base: string, ref: string) => `${base}/image/${ref.split('/').map(encodeURIComponent).join('/')}`;

export async function bringFile(c: FileContext, ref: string): Promise<FileOutcome> {
  const known = await findImportedFile(c.db, c.school, c.source, ref);
  const kept = known ? await findMediaByRef(c.db, known.media_ref) : undefined;
  if (c.dryRun)
    return kept ? { ok: true, ref: kept.item.ref, state: 'unchanged' } : { ok: true, ref: `(new) ${ref}`, state: 'would-import' };
  await mkdir(c.config.uploadDir, { recursive: true });
  // The name the uploads' clean-up knows: a download left by a killed run is removed within the hour.
  const temporary = path.join(c.config.uploadDir, `form-${randomBytes(8).toString('hex')}`);
  try {
    const answer = await c.client.file(fileUrl(c.base, ref), temporary, kept ? (known?.etag ?? null) : null);
    if (kept && (answer.status === 304 || answer.sha256 === known?.source_sha256)) {
      return { ok: true, ref: kept.item.ref, state: 'unchanged' };
    }
    const at = c.now();
    const { row } = await addToLibrary(c.db, c.config, {
      file: temporary,
      name: ref.split('/').pop(),
      school: c.school,
      createdBy: c.createdBy,
      at,
      reservation: path.basename(temporary),
    });
    await saveImportedFile(c.db, {
      school: c.school,
      source: c.source,
      sourceRef: ref,
      sha256: answer.sha256 ?? '',
      etag: answer.etag,
      mediaRef: row.item.ref,
      at,
    });
    // The same bytes as a file already kept (another reference, an earlier import) are not a new file.
    return { ok: true, ref: row.item.ref, state: kept?.item.ref === row.item.ref ? 'unchanged' : 'imported' };
  } catch (err) {
    if (err instanceof FetchProblem) return { ok: false, reason: err.message };
    if (err instanceof HttpError) return { ok: false, reason: `refused: ${err.message}` };
    throw err;
  } finally {
    await rm(temporary, { force: true });
    await releaseMediaSpace(c.db, c.school, path.basename(temporary));
  }
}
