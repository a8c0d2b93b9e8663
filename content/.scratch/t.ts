import sharp from 'sharp';
import exifr from 'exifr';
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="100%" height="100%" fill="#3a6"/><text x="50" y="100" font-size="60" font-family="sans-serif">Sports Day 2024 · 3</text></svg>`;
const t0 = performance.now();
const buf = await sharp(Buffer.from(svg)).jpeg({ quality: 78 }).withExif({
  IFD0: { Make: 'Canon', Model: 'Canon EOS 90D', ImageDescription: 'Sports Day - photo 3', Software: 'demo' },
  IFD2: { DateTimeOriginal: '2024:11:14 10:32:05', ISOSpeedRatings: '400', FNumber: '56/10', ExposureTime: '1/250', FocalLength: '50/1' },
}).toBuffer();
console.log(buf.length, performance.now() - t0);
console.log(await exifr.parse(buf, true));
