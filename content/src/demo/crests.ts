import sharp from 'sharp';

// The demo schools' crests (school settings' brand, docs/decisions/0133): drawn here as SVG and
// rendered to the 512-pixel PNG a school would upload to its media library (SVG is not accepted
// as an upload), from which the site makes its favicon and app icons. Fictional emblems.

export interface CrestSpec {
  svg: string;
}

/** The crest's side in pixels: the smallest crest the settings accept (the largest app icon). */
const CREST_PX = 512;

/** St. Thomas': a navy shield edged in gold, a cross and an open book. */
export const STHSM_CREST: CrestSpec = {
  svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <path d="M32 3 7 11v19c0 15 10.5 25.5 25 31 14.5-5.5 25-16 25-31V11L32 3z" fill="#12386b" stroke="#b8860b" stroke-width="3"/>
  <path d="M32 14v34M22 24h20" stroke="#e9c46a" stroke-width="5" stroke-linecap="round"/>
  <path d="M18 42c4-3 9-4 14-2 5-2 10-1 14 2v5c-4-3-9-4-14-2-5-2-10-1-14 2z" fill="#ffffff"/>
</svg>`,
};

/** Little Flower: a maroon roundel with a five-petalled flower. */
export const DEMO2_CREST: CrestSpec = {
  svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <circle cx="32" cy="32" r="29" fill="#7a1f3d" stroke="#f4b6c2" stroke-width="3"/>
  <g fill="#f4b6c2">${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="32" cy="20" rx="6" ry="10" transform="rotate(${a} 32 32)"/>`).join('')}</g>
  <circle cx="32" cy="32" r="6" fill="#ffd166"/>
</svg>`,
};

/** The crest as a square PNG of CREST_PX pixels on a transparent background. */
export function renderCrest(spec: CrestSpec): Promise<Buffer> {
  return sharp(Buffer.from(spec.svg), { density: (72 * CREST_PX) / 64 })
    .resize(CREST_PX, CREST_PX, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
