import sharp from 'sharp';
for (const f of ['1600x1067-scene', '400x500-portrait', '1000x1000-tile']) await sharp(`/tmp/exif/${f}.jpg`).resize(800).png().toFile(`/tmp/exif/${f}.png`);
