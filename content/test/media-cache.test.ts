import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMediaRegistry } from '../src/demo/media.ts';
import type { PhotoSpec } from '../src/demo/images.ts';

// DEMO_MEDIA_CACHE (decision 0158): a drawn picture is kept under its spec's key and read back by the
// next seed; another spec misses; PDFs are always drawn.

const spec = (title: string): PhotoSpec => ({
  width: 320,
  height: 240,
  title,
  seed: `cache-test:${title}`,
  takenAt: '2026:11:20 10:00:00',
  description: `A test photo: ${title}`,
});

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sthsm-media-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function render(title: string, cacheDir: string | undefined) {
  const media = createMediaRegistry(cacheDir);
  media.photo('STHSM:photo', spec(title), 'photo.jpg');
  media.pdf(
    'STHSM:pdf',
    { title: 'Fee structure', subtitle: 'Session 2026-27', date: new Date('2026-11-20T00:00:00Z'), sections: [], footer: 'Office' },
    'fees.pdf',
  );
  const rendered = await media.render();
  const photo = rendered.files.find((f) => f.contentType === 'image/jpeg');
  if (!photo) throw new Error('no photo rendered');
  return photo.bytes;
}

describe('the demo media cache', () => {
  it('keeps a drawn photo (not the PDF) and gives the next seed the same bytes from it', async () => {
    const drawn = await render('Sports Day', dir);
    const kept = await readdir(dir);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^[0-9a-f]{64}\.jpg$/);
    expect(Buffer.compare(await render('Sports Day', undefined), drawn)).toBe(0);

    // The next seed reads the kept file rather than drawing: a kept file changed on disk is what it gets.
    const stand = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    await writeFile(path.join(dir, kept[0] as string), stand);
    expect(Buffer.compare(await render('Sports Day', dir), stand)).toBe(0);
  });

  it('draws a photo of another spec afresh and keeps it beside the first', async () => {
    await render('Sports Day', dir);
    const other = await render('Annual Day', dir);
    expect(await readdir(dir)).toHaveLength(2);
    expect(Buffer.compare(other, await render('Annual Day', undefined))).toBe(0);
  });
});
