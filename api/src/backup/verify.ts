import { createHash } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from './files.ts';
import {
  FORMAT_VERSION,
  MANIFEST,
  MANIFEST_SUM,
  isKnownEntryName,
  manifestSchema,
  mediaEntryName,
  parseManifestSum,
  type Manifest,
} from './manifest.ts';
import { ArchiveFormatError, readTar } from './tar.ts';

// The first step of every restore: unpack the archive into a private staging folder, checking
// every byte — each header, each entry against the manifest's sha256, the manifest against
// manifest.sha256 — before anything is restored. Damage is reported by file name.

/** The archive cannot be restored; `files` names what is damaged or missing. */
export class ArchiveRejectedError extends Error {
  files: string[];
  constructor(message: string, files: string[]) {
    super(message);
    this.files = files;
  }
}

export interface VerifiedArchive {
  manifest: Manifest;
  /** Where each entry was unpacked, by entry name. */
  staged: Map<string, string>;
}

const stagedName = (entry: string) => entry.replaceAll('/', '_');

/** The media paths stored under an entry, to say what a damaged entry held. */
function heldBy(manifest: Manifest | undefined, entry: string): string {
  if (!manifest) return '';
  if (entry === manifest.database.entry) return ' (the database)';
  const paths = manifest.media.files.filter((f) => mediaEntryName(f.sha256) === entry).map((f) => f.path);
  if (paths.length === 0) return '';
  return ` (media file ${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ` and ${paths.length - 3} more` : ''})`;
}

async function unpack(archive: string, stagingDir: string): Promise<Map<string, { file: string; size: number; sha256: string }>> {
  const found = new Map<string, { file: string; size: number; sha256: string }>();
  try {
    for await (const entry of readTar(archive)) {
      if (!isKnownEntryName(entry.name)) {
        throw new ArchiveRejectedError(`The archive holds an entry this program never writes: ${entry.name}.`, [entry.name]);
      }
      if (found.has(entry.name)) throw new ArchiveRejectedError(`The archive holds ${entry.name} twice.`, [entry.name]);
      const file = path.join(stagingDir, stagedName(entry.name));
      const hash = createHash('sha256');
      const out = await open(file, 'wx', PRIVATE_FILE_MODE);
      try {
        for await (const chunk of entry.chunks()) {
          hash.update(chunk);
          await out.write(chunk);
        }
      } finally {
        await out.close();
      }
      found.set(entry.name, { file, size: entry.size, sha256: hash.digest('hex') });
    }
  } catch (err) {
    if (err instanceof ArchiveFormatError) throw new ArchiveRejectedError(err.message, err.entry ? [err.entry] : [path.basename(archive)]);
    throw err;
  }
  return found;
}

async function readManifest(found: Awaited<ReturnType<typeof unpack>>): Promise<Manifest> {
  const json = found.get(MANIFEST);
  const sum = found.get(MANIFEST_SUM);
  if (!json || !sum) {
    const missing = [json ? null : MANIFEST, sum ? null : MANIFEST_SUM].filter((n): n is string => n !== null);
    throw new ArchiveRejectedError(`The archive has no ${missing.join(' or ')}: it is not a complete backup.`, missing);
  }
  const expected = parseManifestSum(await readFile(sum.file, 'utf8'));
  if (expected === null) throw new ArchiveRejectedError(`${MANIFEST_SUM} is damaged: it does not hold a checksum line.`, [MANIFEST_SUM]);
  if (expected !== json.sha256) {
    throw new ArchiveRejectedError(`${MANIFEST} is damaged: its sha256 does not match ${MANIFEST_SUM} (one of the two was changed).`, [
      MANIFEST,
      MANIFEST_SUM,
    ]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(json.file, 'utf8'));
  } catch {
    throw new ArchiveRejectedError(`${MANIFEST} is not JSON.`, [MANIFEST]);
  }
  const version = (parsed as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > FORMAT_VERSION) {
    throw new ArchiveRejectedError(
      `The archive is format ${version}; this version reads format ${FORMAT_VERSION}. Restore it with a newer version of the platform.`,
      [MANIFEST],
    );
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ArchiveRejectedError(`${MANIFEST} is not a backup manifest: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(), [
      MANIFEST,
    ]);
  }
  return result.data;
}

/**
 * Unpacks `archive` into `stagingDir` (private, empty) and checks it completely. Throws
 * ArchiveRejectedError naming every damaged, missing or unexpected file.
 */
export async function unpackAndVerify(archive: string, stagingDir: string): Promise<VerifiedArchive> {
  const found = await unpack(archive, stagingDir);
  const manifest = await readManifest(found);
  const problems: string[] = [];
  const files: string[] = [];
  const listed = new Set<string>([MANIFEST, MANIFEST_SUM]);
  for (const entry of manifest.entries) {
    listed.add(entry.name);
    const got = found.get(entry.name);
    if (entry.name.startsWith('media/') && entry.name !== mediaEntryName(entry.sha256)) {
      problems.push(`${entry.name} is listed with another file's checksum`);
    } else if (!got) {
      problems.push(`${entry.name}${heldBy(manifest, entry.name)} is missing`);
    } else if (got.size !== entry.size || got.sha256 !== entry.sha256) {
      problems.push(`${entry.name}${heldBy(manifest, entry.name)} is damaged: its sha256 does not match the manifest`);
    } else {
      continue;
    }
    files.push(entry.name);
  }
  for (const name of found.keys()) {
    if (!listed.has(name)) {
      problems.push(`${name} is not listed in the manifest`);
      files.push(name);
    }
  }
  const needed = [manifest.database.entry, ...manifest.media.files.map((f) => mediaEntryName(f.sha256))];
  for (const name of new Set(needed)) {
    if (!listed.has(name)) {
      problems.push(`${name}${heldBy(manifest, name)} is needed but not listed among the archive's entries`);
      files.push(name);
    }
  }
  if (problems.length > 0) {
    throw new ArchiveRejectedError(`The archive cannot be restored: ${problems.join('; ')}.`, files);
  }
  const staged = new Map<string, string>();
  for (const [name, value] of found) staged.set(name, value.file);
  return { manifest, staged };
}
