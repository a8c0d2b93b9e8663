import { z } from 'zod';

// What a backup archive holds and how it describes itself (docs/decisions/0050). A plain,
// uncompressed tar:
//   database/school.db       SQLite: a VACUUM INTO snapshot       (engine "sqlite")
//   database/postgres.dump   PostgreSQL: pg_dump custom format    (engine "postgres")
//   media/<sha256>           each distinct media file once, named by its content
//   manifest.json            this schema; sha256 and size of every entry above
//   manifest.sha256          "<sha256 of manifest.json>  manifest.json", as sha256sum writes it

export const FORMAT = 'sthsm-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const MANIFEST_SUM = 'manifest.sha256';
export const SQLITE_ENTRY = 'database/school.db';
export const POSTGRES_ENTRY = 'database/postgres.dump';

const SHA256 = /^[0-9a-f]{64}$/;
const MEDIA_ENTRY = /^media\/[0-9a-f]{64}$/;

export const mediaEntryName = (sha256: string) => `media/${sha256}`;

/** Only names this program writes are ever read back (nothing else reaches the disk). */
export function isKnownEntryName(name: string): boolean {
  return name === MANIFEST || name === MANIFEST_SUM || name === SQLITE_ENTRY || name === POSTGRES_ENTRY || MEDIA_ENTRY.test(name);
}

const entry = z.object({ name: z.string(), size: z.number().int().nonnegative(), sha256: z.string().regex(SHA256) });

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  /** The backup_runs row that made it (marked succeeded again when the archive is restored). */
  runId: z.string(),
  engine: z.enum(['sqlite', 'postgres']),
  /** The applied migrations, oldest first: the archive's schema version is the last one. */
  schemaVersion: z.object({ latest: z.string().nullable(), migrations: z.array(z.string()) }),
  database: z.object({
    entry: z.string(),
    /** Rows per table in the snapshot, checked again after a restore. */
    tables: z.record(z.string(), z.number().int().nonnegative()),
    /** PostgreSQL only: the schema the tables live in, and the versions that made the dump. */
    postgres: z.object({ schema: z.string(), serverVersion: z.string(), pgDumpVersion: z.string() }).optional(),
  }),
  media: z.object({
    /** Every media file by its path under the media root, and the content it had. */
    files: z.array(z.object({ path: z.string(), sha256: z.string().regex(SHA256), size: z.number().int().nonnegative() })),
    totalBytes: z.number().int().nonnegative(),
  }),
  /** Every entry of the archive except the manifest and its checksum. */
  entries: z.array(entry),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ArchiveEntry = z.infer<typeof entry>;

/** manifest.sha256 in the format `sha256sum -c` reads. */
export function manifestSumLine(sha256: string): string {
  return `${sha256}  ${MANIFEST}\n`;
}

export function parseManifestSum(text: string): string | null {
  const match = /^([0-9a-f]{64}) {2}manifest\.json\n$/.exec(text);
  return match?.[1] ?? null;
}
