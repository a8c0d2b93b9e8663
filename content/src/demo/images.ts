import sharp from 'sharp';
import { createRandom, type Random } from './random.ts';

// Demo photographs: an SVG scene (gradient sky, hills, a school block, soft light) with a caption,
// rendered by sharp to JPEG with real EXIF, so the lightbox's metadata panel has something to show.

export type PhotoKind = 'scene' | 'portrait' | 'tile';

export interface PhotoSpec {
  width: number;
  height: number;
  /** First caption line, e.g. the album name. */
  title: string;
  /** Second caption line, e.g. "Photo 3 of 12". */
  subtitle?: string;
  /** Drives colours, shapes and camera settings. */
  seed: string;
  /** EXIF DateTimeOriginal, "YYYY:MM:DD HH:MM:SS". */
  takenAt: string;
  /** EXIF ImageDescription. */
  description: string;
  kind?: PhotoKind;
  /** Dark, mid and light colours to paint with (e.g. a house's colour) instead of a seeded palette. */
  colours?: readonly [string, string, string];
}

export const JPEG_QUALITY = 78;

const PALETTES: ReadonlyArray<readonly [string, string, string]> = [
  ['#1e3a5f', '#4f86c6', '#f4d35e'],
  ['#2d6a4f', '#95d5b2', '#ffd166'],
  ['#5a189a', '#c77dff', '#ffb703'],
  ['#9d0208', '#f48c06', '#ffe8d6'],
  ['#03045e', '#00b4d8', '#caf0f8'],
  ['#3d405b', '#e07a5f', '#f2cc8f'],
  ['#264653', '#2a9d8f', '#e9c46a'],
  ['#6d597a', '#e56b6f', '#eaac8b'],
];

const CAMERAS: ReadonlyArray<readonly [string, string]> = [
  ['Canon', 'Canon EOS 90D'],
  ['NIKON CORPORATION', 'NIKON D7500'],
  ['SONY', 'ILCE-6400'],
  ['FUJIFILM', 'X-T30'],
];
const ISOS = ['100', '200', '400', '800', '1600'];
const APERTURES = ['28/10', '4/1', '56/10', '8/1', '11/1'];
const SHUTTERS = ['1/60', '1/125', '1/250', '1/500', '1/1000'];
const FOCAL_LENGTHS = ['18/1', '35/1', '50/1', '85/1', '135/1'];

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

let fixedColours: readonly [string, string, string] | undefined;

function palette(random: Random): readonly [string, string, string] {
  const picked = random.pick(PALETTES); // drawn even when fixed, so the rest of the picture stays the same
  return fixedColours ?? picked;
}

function lights(random: Random, w: number, h: number, count: number, color: string): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = random.int(Math.round(w / 40), Math.round(w / 12));
    out += `<circle cx="${random.int(0, w)}" cy="${random.int(0, Math.round(h * 0.6))}" r="${r}" fill="${color}" opacity="${(0.08 + random.next() * 0.18).toFixed(2)}"/>`;
  }
  return out;
}

function sceneBody(random: Random, w: number, h: number): string {
  const [dark, mid, light] = palette(random);
  const horizon = Math.round(h * (0.55 + random.next() * 0.1));
  const hill = (y: number, amp: number) =>
    `M0 ${y} C ${w * 0.25} ${y - amp}, ${w * 0.5} ${y + amp}, ${w} ${y - amp / 2} L ${w} ${h} L 0 ${h} Z`;
  const bx = random.int(Math.round(w * 0.15), Math.round(w * 0.45));
  const bw = Math.round(w * 0.4);
  const bh = Math.round(h * 0.22);
  let windows = '';
  for (let col = 0; col < 8; col++) {
    for (let row = 0; row < 2; row++) {
      windows += `<rect x="${bx + 14 + col * (bw / 8)}" y="${horizon - bh + 18 + row * (bh / 2.4)}" width="${bw / 14}" height="${bh / 5}" fill="${light}" opacity="0.7"/>`;
    }
  }
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="${random.int(Math.round(w * 0.6), Math.round(w * 0.9))}" cy="${Math.round(h * 0.2)}" r="${Math.round(h * 0.08)}" fill="${light}" opacity="0.9"/>
${lights(random, w, h, 7, '#ffffff')}
<rect x="${bx}" y="${horizon - bh}" width="${bw}" height="${bh}" fill="${dark}" opacity="0.85"/>
<polygon points="${bx - 10},${horizon - bh} ${bx + bw / 2},${horizon - bh - h * 0.08} ${bx + bw + 10},${horizon - bh}" fill="${dark}"/>
${windows}
<path d="${hill(horizon, h * 0.06)}" fill="${dark}" opacity="0.55"/>
<path d="${hill(horizon + h * 0.08, h * 0.09)}" fill="${dark}" opacity="0.8"/>`;
}

function portraitBody(random: Random, w: number, h: number): string {
  const [dark, mid, light] = palette(random);
  const cx = w / 2;
  return `<defs><radialGradient id="bg" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/></radialGradient></defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>
<circle cx="${cx}" cy="${h * 0.36}" r="${w * 0.19}" fill="${dark}" opacity="0.85"/>
<path d="M ${cx - w * 0.36} ${h} C ${cx - w * 0.34} ${h * 0.62}, ${cx + w * 0.34} ${h * 0.62}, ${cx + w * 0.36} ${h} Z" fill="${dark}" opacity="0.85"/>`;
}

function tileBody(random: Random, w: number, h: number): string {
  const [dark, mid, light] = palette(random);
  return `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
${lights(random, w, h * 1.6, 9, light)}
<rect x="${w * 0.08}" y="${h * 0.08}" width="${w * 0.84}" height="${h * 0.84}" rx="${w * 0.03}" fill="none" stroke="${light}" stroke-width="${Math.max(2, w / 200)}" opacity="0.6"/>`;
}

function caption(w: number, h: number, title: string, subtitle: string | undefined): string {
  // Shrinks long titles and subtitles to fit the width (DejaVu Sans is about 0.65 em per character
  // in bold, 0.6 in regular; the subtitle is drawn at 0.75 of the title's size).
  const size = Math.round(
    Math.min(Math.min(w, h) * 0.055, (w * 0.9) / (title.length * 0.65), subtitle ? (w * 0.9) / (subtitle.length * 0.6 * 0.75) : Infinity),
  );
  const band = Math.round(size * (subtitle ? 3.2 : 2));
  const lines =
    `<text x="${size}" y="${h - band + size * 1.35}" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="bold" fill="#ffffff">${escapeXml(title)}</text>` +
    (subtitle
      ? `<text x="${size}" y="${h - band + size * 2.6}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(size * 0.75)}" fill="#e8e8e8">${escapeXml(subtitle)}</text>`
      : '');
  return `<rect x="0" y="${h - band}" width="${w}" height="${band}" fill="#000000" opacity="0.45"/>${lines}`;
}

export function photoSvg(spec: PhotoSpec): string {
  const random = createRandom(spec.seed);
  const { width: w, height: h } = spec;
  fixedColours = spec.colours;
  const body =
    spec.kind === 'portrait' ? portraitBody(random, w, h) : spec.kind === 'tile' ? tileBody(random, w, h) : sceneBody(random, w, h);
  fixedColours = undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}${caption(w, h, spec.title, spec.subtitle)}</svg>`;
}

/** Renders a photo to JPEG with camera EXIF (IFD0: Make, Model, ImageDescription; Exif IFD: ISO, FNumber, ExposureTime, DateTimeOriginal). */
export async function renderPhoto(spec: PhotoSpec): Promise<Buffer> {
  const random = createRandom(`${spec.seed}:camera`);
  const [make, model] = random.pick(CAMERAS);
  return sharp(Buffer.from(photoSvg(spec)))
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
    .withExif({
      IFD0: {
        Make: make,
        Model: model,
        ImageDescription: spec.description,
        Artist: 'School Photography Club (demo)',
        Software: 'sthsm demo generator',
        DateTime: spec.takenAt,
      },
      IFD2: {
        DateTimeOriginal: spec.takenAt,
        DateTimeDigitized: spec.takenAt,
        ISOSpeedRatings: random.pick(ISOS),
        FNumber: random.pick(APERTURES),
        ExposureTime: random.pick(SHUTTERS),
        FocalLength: random.pick(FOCAL_LENGTHS),
      },
    })
    .toBuffer();
}
