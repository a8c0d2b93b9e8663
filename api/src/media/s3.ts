import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isStorablePath, type MediaStore } from '../backup/media-store.ts';
import type { S3Settings } from '../config.ts';

// The media store in an S3-compatible bucket (S3_BUCKET; docs/scaling.md), so every server reads
// what any server wrote. The operations of the local folder (backup/media-store.ts), plus `check`
// (readiness). Every call is bounded twice: the SDK's connection
// and request time-outs, and an AbortSignal for the whole call, retries included. Keys are
// S3_PREFIX + the relative path.

export interface S3MediaStore extends MediaStore {
  /** Throws when the bucket cannot be reached (readiness). */
  check(): Promise<void>;
  close(): void;
}

const CONNECT_TIMEOUT_MS = 2000;
/** A whole upload (each part is bounded by S3_TIMEOUT_MS of silence). */
const UPLOAD_AT_MOST_MS = 10 * 60_000;

function isAbsent(err: unknown): boolean {
  return err instanceof NoSuchKey || err instanceof NotFound || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);
}

function plain(relative: string): string {
  if (!isStorablePath(relative)) throw new Error(`Not a plain relative media path: ${JSON.stringify(relative)}`);
  return relative;
}

export function s3MediaStore(settings: S3Settings): S3MediaStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: settings.timeoutMs },
  });
  const Bucket = settings.bucket;
  const keyOf = (relative: string) => `${settings.prefix}${plain(relative)}`;
  const bounded = () => ({ abortSignal: AbortSignal.timeout(settings.timeoutMs) });

  return {
    where: `s3://${Bucket}/${settings.prefix}`,

    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: settings.prefix, ContinuationToken }), bounded());
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { path: object.Key.slice(settings.prefix.length) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    read(relative, range) {
      // The interface answers a stream at once; the object's bytes flow into it when S3 answers.
      const out = new PassThrough();
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      client.send(new GetObjectCommand({ Bucket, Key: keyOf(relative), Range }), bounded()).then(
        (answer) => {
          // In Node the SDK's body is an http.IncomingMessage (a Readable) with helper methods.
          const body = answer.Body as Readable;
          body.on('error', (err) => out.destroy(err));
          body.pipe(out);
        },
        (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))),
      );
      return out;
    },

    async stat(relative) {
      if (!isStorablePath(relative)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(relative) }), bounded());
        return { size: head.ContentLength ?? 0, mtimeMs: head.LastModified?.getTime() ?? 0 };
      } catch (err) {
        if (isAbsent(err)) return null;
        throw err;
      }
    },

    async write(relative, data) {
      // Multipart for large files, one PUT for small ones; either way readers see the old object
      // or the whole new one, never half.
      const upload = new Upload({ client, params: { Bucket, Key: keyOf(relative), Body: data } });
      const timer = setTimeout(() => void upload.abort(), UPLOAD_AT_MOST_MS);
      try {
        await upload.done();
      } finally {
        clearTimeout(timer);
      }
    },

    async remove(relative) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(relative) }), bounded());
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }), bounded());
    },

    close() {
      client.destroy();
    },
  };
}

/**
 * Copies every file of `from` into `to` (the demo seed, written to DATA_DIR/media, into the bucket
 * on a first start with S3_BUCKET). Answers how many files were copied.
 */
export async function copyAllMedia(from: MediaStore, to: MediaStore): Promise<number> {
  let copied = 0;
  for await (const { path } of from.list()) {
    await to.write(path, from.read(path));
    copied++;
  }
  return copied;
}
