import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, stat, writeFile } from 'node:fs/promises';
import exifr from 'exifr';
import { fileTypeFromFile } from 'file-type';
import heicDecode from 'heic-decode';
import sharp, { type Exif, type Metadata, type Sharp } from 'sharp';
import { HttpError } from '../errors.ts';
import type { Camera } from '../repositories/media.ts';

// Judging an uploaded file by its bytes, never its name (issue 15 item 2), and turning it into the
// bytes the library stores (item 3): orientation applied, every location tag gone, the camera's
// make, model, capture time, ISO, f-number and exposure kept (in the stored EXIF and the row).
// Runs in the media process (media/media-process.ts), never on the server's event loop.

/** Decoded pixels allowed (width × height): anything larger is refused before it is decoded. */
export const MAX_PIXELS = 40_000_000;

export const NOT_ACCEPTED = 'This file is not a photo or a PDF.';
export const DAMAGED = 'This photo is damaged or incomplete.';
export const DAMAGED_PDF = 'This PDF is damaged or incomplete.';
export const TOO_MANY_PIXELS = `This photo is too large to process (over ${MAX_PIXELS / 1_000_000} megapixels).`;

/** "25 MB", "1.5 GB": sizes in the words the messages use. */
export function sizeWords(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : Number(value.toFixed(value < 10 ? 1 : 0))} ${units[unit]}`;
}

export const tooLarge = (maxBytes: number) => `This file is larger than ${sizeWords(maxBytes)}.`;

/** What the library stores for an accepted upload. */
export interface Judged {
  kind: 'image' | 'pdf';
  contentType: string;
  extension: string;
  /** The bytes to store, on local disk: the `out` file asked for, or the upload itself when it is kept as it is (a PDF). */
  file: string;
  size: number;
  /** sha-256 of the stored bytes, hex: the file's id in its school. */
  sha256: string;
  width: number | null;
  height: number | null;
  camera: Camera | null;
}

type Accepted = { kind: 'image'; mime: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif' } | { kind: 'heic' } | { kind: 'pdf' };

function acceptedOf(mime: string | undefined): Accepted | null {
  switch (mime) {
    case 'image/jpeg':
    case 'image/png':
    case 'image/webp':
    case 'image/avif':
      return { kind: 'image', mime };
    case 'image/heic':
    case 'image/heif':
    case 'image/heic-sequence':
    case 'image/heif-sequence':
      return { kind: 'heic' };
    case 'application/pdf':
      return { kind: 'pdf' };
    default:
      return null;
  }
}

const round = (n: number, places: number) => Number(n.toFixed(places));
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);

/** The camera fields kept, read from the upload's EXIF (never its GPS block). */
async function cameraOf(input: string | Buffer): Promise<Camera | null> {
  let tags: Record<string, unknown> | undefined;
  try {
    // oxlint-disable-next-line import/no-named-as-default-member -- under Node, exifr's module has only its default export
    tags = (await exifr.parse(input, {
      gps: false,
      interop: false,
      icc: false,
      xmp: false,
      iptc: false,
      pick: ['Make', 'Model', 'DateTimeOriginal', 'CreateDate', 'ISO', 'FNumber', 'ExposureTime'],
    })) as Record<string, unknown> | undefined;
  } catch {
    return null;
  }
  if (!tags) return null;
  const taken = tags.DateTimeOriginal ?? tags.CreateDate;
  const exposure = num(tags.ExposureTime);
  const camera: Camera = {
    ...(text(tags.Make) ? { make: text(tags.Make) } : {}),
    ...(text(tags.Model) ? { model: text(tags.Model) } : {}),
    // exifr reads EXIF's zone-less local time as if it were UTC: kept as that wall-clock time.
    ...(taken instanceof Date && !Number.isNaN(taken.getTime()) ? { takenAt: taken.toISOString().slice(0, 19) } : {}),
    ...(num(tags.ISO) ? { iso: Math.round(num(tags.ISO) as number) } : {}),
    ...(num(tags.FNumber) ? { fNumber: round(num(tags.FNumber) as number, 1) } : {}),
    ...(exposure ? { exposure: exposure < 1 ? `1/${Math.round(1 / exposure)}` : `${round(exposure, 1)}` } : {}),
  };
  return Object.keys(camera).length > 0 ? camera : null;
}

/** The camera fields as EXIF for the stored photo (sharp's withExif: everything else, GPS included, is dropped). */
function exifOf(camera: Camera | null): Exif {
  if (!camera) return {};
  const ifd0: Record<string, string> = {};
  const ifd2: Record<string, string> = {};
  if (camera.make) ifd0.Make = camera.make;
  if (camera.model) ifd0.Model = camera.model;
  if (camera.takenAt) ifd2.DateTimeOriginal = camera.takenAt.replace('T', ' ').replace(/-/g, ':');
  if (camera.iso) ifd2.ISOSpeedRatings = String(camera.iso);
  if (camera.fNumber) ifd2.FNumber = `${Math.round(camera.fNumber * 10)}/10`;
  if (camera.exposure)
    ifd2.ExposureTime = camera.exposure.includes('/') ? camera.exposure : `${Math.round(Number(camera.exposure) * 10)}/10`;
  return { IFD0: ifd0, IFD2: ifd2 };
}

/** Encodes the decoded photo in the format it is stored in: JPEG stays JPEG, PNG PNG, and so on; HEIC becomes JPEG. */
function storedAs(pipeline: Sharp, mime: string, camera: Camera | null): { pipeline: Sharp; contentType: string; extension: string } {
  const exif = exifOf(camera);
  switch (mime) {
    case 'image/png':
      return { pipeline: pipeline.png(), contentType: 'image/png', extension: 'png' };
    case 'image/webp':
      return { pipeline: pipeline.webp({ quality: 90 }).withExif(exif), contentType: 'image/webp', extension: 'webp' };
    case 'image/avif':
      return { pipeline: pipeline.avif({ quality: 60, effort: 2 }).withExif(exif), contentType: 'image/avif', extension: 'avif' };
    default:
      return { pipeline: pipeline.jpeg({ quality: 90 }).withExif(exif), contentType: 'image/jpeg', extension: 'jpg' };
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Writes the encoded photo to `file` (a new file): what the library stores. */
async function kept(
  stored: ReturnType<typeof storedAs>,
  encoded: { data: Buffer; info: { width: number; height: number } },
  camera: Camera | null,
  file: string,
): Promise<Judged> {
  const { data, info } = encoded;
  await writeFile(file, data, { flag: 'wx' });
  const { contentType, extension } = stored;
  return {
    kind: 'image',
    contentType,
    extension,
    file,
    size: data.length,
    sha256: sha256(data),
    width: info.width,
    height: info.height,
    camera,
  };
}

/** A photo decoded by sharp: refused above MAX_PIXELS before decoding, and when truncated or corrupt. */
async function judgeImage(file: string, mime: string, out: string): Promise<Judged> {
  const options = { failOn: 'truncated', limitInputPixels: MAX_PIXELS } as const;
  let meta: Metadata;
  try {
    meta = await sharp(file, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(422, DAMAGED);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) throw new HttpError(413, TOO_MANY_PIXELS);
  const camera = await cameraOf(file);
  const stored = storedAs(sharp(file, options).rotate(), mime, camera);
  let encoded;
  try {
    encoded = await stored.pipeline.toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (/pixel limit/i.test(String(err))) throw new HttpError(413, TOO_MANY_PIXELS);
    throw new HttpError(422, DAMAGED);
  }
  return kept(stored, encoded, camera, out);
}

/** HEIC/HEIF (iPhone photos): decoded by libheif (wasm, heic-decode), stored as JPEG with the camera data. */
async function judgeHeic(file: string, out: string): Promise<Judged> {
  const buffer = await readFile(file);
  let images;
  try {
    images = await heicDecode.all({ buffer });
  } catch {
    throw new HttpError(422, DAMAGED);
  }
  try {
    const first = images[0];
    if (!first) throw new HttpError(422, DAMAGED);
    if (first.width * first.height > MAX_PIXELS) throw new HttpError(413, TOO_MANY_PIXELS);
    let decoded;
    try {
      decoded = await first.decode();
    } catch {
      throw new HttpError(422, DAMAGED);
    }
    const camera = await cameraOf(buffer);
    const pixels = sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
    });
    const stored = storedAs(pixels, 'image/jpeg', camera);
    return await kept(stored, await stored.pipeline.toBuffer({ resolveWithObject: true }), camera, out);
  } finally {
    images.dispose();
  }
}

/** sha-256 of a file, read as a stream (a 50 MB PDF is never whole in memory). */
async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A PDF is kept byte for byte; one that does not end with its end-of-file marker is incomplete. */
async function judgePdf(file: string, size: number): Promise<Judged> {
  const handle = await open(file);
  try {
    const tail = Buffer.alloc(Math.min(1024, size));
    await handle.read(tail, 0, tail.length, size - tail.length);
    if (!tail.includes('%%EOF')) throw new HttpError(422, DAMAGED_PDF);
  } finally {
    await handle.close();
  }
  return {
    kind: 'pdf',
    contentType: 'application/pdf',
    extension: 'pdf',
    file,
    size,
    sha256: await sha256OfFile(file),
    width: null,
    height: null,
    camera: null,
  };
}

/**
 * Judges the file at `file` (a finished upload on local disk): throws a 4xx HttpError, or answers
 * what to store. A photo's processed bytes are written to `out` (a new file); a PDF is stored as it is.
 */
export async function judgeUpload(file: string, maxBytes: number, out: string): Promise<Judged> {
  const { size } = await stat(file);
  if (size > maxBytes) throw new HttpError(413, tooLarge(maxBytes));
  if (size === 0) throw new HttpError(422, NOT_ACCEPTED);
  const accepted = acceptedOf((await fileTypeFromFile(file))?.mime);
  if (!accepted) throw new HttpError(415, NOT_ACCEPTED);
  if (accepted.kind === 'pdf') return judgePdf(file, size);
  if (accepted.kind === 'heic') return judgeHeic(file, out);
  return judgeImage(file, accepted.mime, out);
}
