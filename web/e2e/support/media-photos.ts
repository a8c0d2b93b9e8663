import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

// Phone photos for the media library's browser tests (issue 15), made at test time with sharp:
// 4000×3000 JPEGs with a phone's EXIF — make, model, capture time, ISO, f-number, exposure, and GPS
// — each different (content-addressed files would otherwise be one); a truncated JPEG; a 100 MP PNG
// (a decompression bomb as files go: small on disk, huge decoded); and a HEIC when this sharp can
// write one, else libheif's heif-enc (prebuilt sharp has no HEVC encoder). Low quality and plain content keep
// them small and quick to make; what matters is their size in pixels and their metadata.

export const CAMERA = { make: 'Acme', model: 'Phone 9', iso: 200, fNumber: 1.8, exposure: '1/125 s' } as const;
/** Where the photos were "taken": a latitude no served byte may carry. */
const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '26/1 50/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '80/1 56/1 0/1' };
const PHOTO = { width: 4000, height: 3000 };
const BOMB_SIDE = 10_000;
const AT_ONCE = 4;

export interface PhoneFiles {
  /** Good photos, in upload order. */
  photos: string[];
  corrupt: string;
  bomb: string;
  /** null when neither sharp nor heif-enc can write HEIC (the reason is in `heicSkipped`). */
  heic: string | null;
  heicSkipped: string;
}

const exif = (n: number) => ({
  IFD0: { Make: CAMERA.make, Model: CAMERA.model, DateTime: '2025:08:14 10:30:00' },
  IFD2: {
    ISOSpeedRatings: String(CAMERA.iso),
    FNumber: '18/10',
    ExposureTime: '1/125',
    DateTimeOriginal: `2025:08:14 10:${String(n % 60).padStart(2, '0')}:00`,
  },
  IFD3: GPS,
});

function photo(n: number): ReturnType<typeof sharp> {
  const hue = (n * 37) % 360;
  const label = Buffer.from(
    `<svg width="${PHOTO.width}" height="${PHOTO.height}" xmlns="http://www.w3.org/2000/svg">` +
      `<rect x="300" y="300" width="3400" height="2400" fill="hsl(${hue},55%,45%)"/>` +
      `<text x="600" y="1700" font-size="700" font-family="sans-serif" fill="#fff">Photo ${n}</text></svg>`,
  );
  return sharp({ create: { ...PHOTO, channels: 3, background: `hsl(${(hue + 180) % 360},40%,30%)` } }).composite([{ input: label }]);
}

const why = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Writes `count` photos and the bad files into a fresh folder named by `tag`. */
export async function makePhoneFiles(tag: string, count: number): Promise<PhoneFiles> {
  const dir = path.join(os.tmpdir(), `sthsm-media-${tag}-${process.pid}`);
  await mkdir(dir, { recursive: true });
  const photos: string[] = [];
  for (let start = 1; start <= count; start += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, count - start + 1) }, (_, i) => start + i);
    await Promise.all(
      batch.map(async (n) => {
        const file = path.join(dir, `${tag}-${String(n).padStart(2, '0')}.jpg`);
        await photo(n).jpeg({ quality: 40 }).withExif(exif(n)).toFile(file);
        photos[n - 1] = file;
      }),
    );
  }
  const whole = await photo(count + 1)
    .jpeg({ quality: 40 })
    .withExif(exif(0))
    .toBuffer();
  const corrupt = path.join(dir, `${tag}-damaged.jpg`);
  await writeFile(corrupt, whole.subarray(0, Math.floor(whole.length / 3)));
  const bomb = path.join(dir, `${tag}-100mp.png`);
  await sharp({ create: { width: BOMB_SIDE, height: BOMB_SIDE, channels: 3, background: '#888' } })
    .png({ compressionLevel: 9 })
    .toFile(bomb);
  let heic: string | null = path.join(dir, `${tag}-iphone.heic`);
  let heicSkipped = '';
  // The label is composited at full size, then the picture made phone-HEIC-sized.
  const picture = await photo(count + 2)
    .png({ compressionLevel: 1 })
    .toBuffer();
  try {
    await sharp(picture).resize(1200).heif({ compression: 'hevc', quality: 40 }).withExif(exif(1)).toFile(heic);
  } catch (sharpErr) {
    // Prebuilt sharp has no HEVC encoder: libheif's heif-enc (Debian's libheif-examples, installed
    // by .ci/run) makes one from a phone JPEG instead.
    try {
      const source = path.join(dir, `${tag}-iphone-source.jpg`);
      await sharp(picture).resize(1200).jpeg({ quality: 60 }).withExif(exif(1)).toFile(source);
      execFileSync('heif-enc', ['-q', '40', source, '-o', heic], { timeout: 60_000, stdio: 'ignore' });
    } catch (err) {
      heic = null;
      heicSkipped = `No HEIC photo in this run: this sharp cannot write HEIC (${why(sharpErr)}) and heif-enc failed (${why(err)}).`;
    }
  }
  return { photos, corrupt, bomb, heic, heicSkipped };
}

/** Small JPEGs (no EXIF), new bytes on every call, for tests about order and text, not about photos. */
export async function makeSmallPhotos(tag: string, count: number): Promise<string[]> {
  const dir = path.join(os.tmpdir(), `sthsm-media-${tag}-${process.pid}`);
  await mkdir(dir, { recursive: true });
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const file = path.join(dir, `${tag}-${String.fromCharCode(97 + i)}.jpg`);
      // Noise makes every call's files new bytes: the library keeps one file per content.
      await sharp({
        create: { width: 480, height: 360, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
      })
        .jpeg({ quality: 50 })
        .toFile(file);
      return file;
    }),
  );
}
