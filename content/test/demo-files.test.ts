import { createHash } from 'node:crypto';
import { parse } from 'exifr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { allSiteImages, demo2Catalogue, sthsmCatalogue } from '../src/media-catalog.ts';
import type { DemoData, DemoFile } from '../src/types.ts';
import { buildDemo } from '../src/demo.ts';
import { BUILD_TIMEOUT_MS, demo, references, TODAY } from './fixture.ts';

let data: DemoData;
beforeAll(async () => {
  data = await demo();
}, BUILD_TIMEOUT_MS);

const byPath = (path: string): DemoFile | undefined => data.files.find((f) => f.path === path);
const jpegs = () => data.files.filter((f) => f.contentType === 'image/jpeg');

describe('demo files', () => {
  it('resolves every attachment reference to a file', () => {
    const ids = new Set(data.files.map((f) => f.id).filter(Boolean));
    const paths = new Set(data.files.map((f) => f.path));
    for (const seed of data.schools) {
      for (const { where, ref } of references(seed)) {
        expect(ids.has(ref) || paths.has(ref), `${seed.code} ${where}: ${ref}`).toBe(true);
      }
    }
  });

  it('names id-form files by the first 24 hex digits of their SHA-256, and keeps ids and paths unique', () => {
    const withId = data.files.filter((f) => f.id);
    for (const file of withId) {
      expect(file.id).toBe(createHash('sha256').update(file.bytes).digest('hex').slice(0, 24));
    }
    expect(new Set(withId.map((f) => f.id)).size).toBe(withId.length);
    expect(new Set(data.files.map((f) => f.path)).size).toBe(data.files.length);
    expect(data.files.length).toBeLessThanOrEqual(450);
  });

  it('gives every record a unique 24-hex-digit _id', () => {
    const ids = data.schools.flatMap((s) =>
      [
        ...s.news,
        ...s.highlights,
        ...s.toppers,
        ...s.principalMessages,
        ...s.events,
        ...s.birthdays,
        ...s.notifications,
        ...s.albums,
        ...s.videos,
      ].map((r) => r._id),
    );
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('holds every catalogued image of each school at its stated size, and the syllabus PDFs', async () => {
    for (const catalogue of [sthsmCatalogue, demo2Catalogue]) {
      for (const image of allSiteImages(catalogue)) {
        expect(image.path.startsWith(`${catalogue.code}/public/Images/`), image.path).toBe(true);
        const file = byPath(image.path);
        expect(file, image.path).toBeDefined();
        const meta = await sharp(file?.bytes).metadata();
        expect([meta.width, meta.height], image.path).toEqual([image.width, image.height]);
      }
    }
    for (const doc of [sthsmCatalogue, demo2Catalogue].flatMap((c) => Object.values(c.syllabus))) {
      const file = byPath(doc.path);
      expect(file?.contentType).toBe('application/pdf');
      expect(file?.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(file?.bytes.length).toBeGreaterThan(2000);
    }
  });

  it('makes real PDFs and JPEGs of at most 150 KB', () => {
    for (const file of data.files) {
      if (file.contentType === 'application/pdf') expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      if (file.contentType === 'image/jpeg') {
        expect(file.bytes.subarray(0, 3).toString('hex')).toBe('ffd8ff');
        expect(file.bytes.length).toBeLessThanOrEqual(150_000);
      }
    }
    expect(data.files.filter((f) => f.contentType === 'application/pdf' && f.id).length).toBeGreaterThanOrEqual(5);
  });

  it('writes camera EXIF that exifr reads back', async () => {
    const sample = jpegs().filter((_, i) => i % 25 === 0);
    expect(sample.length).toBeGreaterThan(5);
    for (const file of sample) {
      const tags: Record<string, unknown> = await parse(file.bytes, true);
      expect(tags.Make, file.path).toEqual(expect.any(String));
      expect(tags.Model).toEqual(expect.any(String));
      expect(tags.ImageDescription).toEqual(expect.any(String));
      expect(tags.ISO).toEqual(expect.any(Number));
      expect(tags.FNumber).toEqual(expect.any(Number));
      expect(tags.ExposureTime).toEqual(expect.any(Number));
      expect(tags.DateTimeOriginal).toBeInstanceOf(Date);
    }
  });

  it("dates an album photo's EXIF on the album's day", async () => {
    const sthsm = data.schools.find((s) => s.code === 'STHSM');
    const album = sthsm?.albums.find((a) => a.category === 'PhotoGallery');
    const file = data.files.find((f) => f.id === album?.attachments[0]);
    const tags: Record<string, unknown> = await parse(file?.bytes ?? Buffer.alloc(0), ['DateTimeOriginal']);
    const taken = tags.DateTimeOriginal as Date;
    // exifr reads the zone-less EXIF time as local time.
    const day = `${taken.getFullYear()}-${String(taken.getMonth() + 1).padStart(2, '0')}-${String(taken.getDate()).padStart(2, '0')}`;
    expect(day).toBe(album?.date?.slice(0, 10));
  });
});

describe('determinism', () => {
  it(
    'builds the same records and bytes for the same today, whatever its time of day',
    async () => {
      const again = await buildDemo({ today: new Date(TODAY.getTime() + 3_600_000) });
      expect(again.schools).toEqual(data.schools);
      expect(again.files.map((f) => [f.path, f.id])).toEqual(data.files.map((f) => [f.path, f.id]));
      expect(again.files.every((f, i) => f.bytes.equals(data.files[i]?.bytes ?? Buffer.alloc(0)))).toBe(true);
    },
    BUILD_TIMEOUT_MS,
  );
});
