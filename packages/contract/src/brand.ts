// A school's brand colours (docs/decisions/0133). The site writes white text on the primary colour
// (menu, buttons, headings' bands) and its dark body text on the accent colour (badges, highlighted
// tiles), so each must keep WCAG's 4.5:1 with that text. One check for the settings form, the API
// and the site's stylesheet variables; a failing colour comes with the nearest shade that passes.

/** The smallest crest accepted, in pixels on its longer side: the largest app icon made from it is never enlarged. */
export const CREST_MIN_PX = 512;

/** The contrast WCAG 2.2 AA asks of body text (1.4.3). */
export const MIN_CONTRAST = 4.5;
/** The text the site writes on the primary colour. */
export const TEXT_ON_PRIMARY = '#ffffff';
/** The text the site writes on the accent colour (the stylesheet's --color-text). */
export const TEXT_ON_ACCENT = '#1d1d1f';

const HEX = /^#[0-9a-fA-F]{6}$/;

export const isHexColour = (value: string): boolean => HEX.test(value);

type Rgb = readonly [number, number, number];

function rgbOf(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Relative luminance (WCAG 2.2, "relative luminance"). */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` mixed towards black (t < 0) or white (t > 0); t = ±1 is black or white. */
function mix(hex: string, t: number): string {
  const target = t < 0 ? 0 : 255;
  const k = Math.abs(t);
  return hexOf(rgbOf(hex).map((c) => c + (target - c) * k) as unknown as Rgb);
}

/**
 * The shade of `colour` nearest to it (mixed towards black or white, keeping its hue) on which
 * `text` keeps at least `min`:1; `colour` itself when it already does.
 */
export function nearestPassingShade(colour: string, text: string, min = MIN_CONTRAST): string {
  if (contrastRatio(colour, text) >= min) return colour.toLowerCase();
  // Away from the text: darker under light text, lighter under dark text.
  const direction = contrastRatio(text, '#000000') > contrastRatio(text, '#ffffff') ? -1 : 1;
  // The smallest mix that passes (contrast grows with the mix): bisect, then settle on the 8-bit value.
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (contrastRatio(mix(colour, direction * mid), text) >= min) hi = mid;
    else lo = mid;
  }
  let shade = mix(colour, direction * hi);
  for (let step = hi; contrastRatio(shade, text) < min && step < 1; step = Math.min(1, step + 1 / 255))
    shade = mix(colour, direction * step);
  return shade;
}

export interface ColourVerdict {
  ok: boolean;
  ratio: number;
  /** The nearest passing shade (the colour itself when it passes). */
  suggestion: string;
}

/** Whether `text` on `colour` keeps 4.5:1, and the nearest shade that does. */
export function checkColour(colour: string, text: string): ColourVerdict {
  const ratio = contrastRatio(colour, text);
  return { ok: ratio >= MIN_CONTRAST, ratio, suggestion: nearestPassingShade(colour, text) };
}

const ratioWords = (ratio: number) => `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;

/** The one-line message for a colour that fails (null when it passes). */
export function colourMessage(label: string, colour: string, text: string, textWords: string): string | null {
  const verdict = checkColour(colour, text);
  if (verdict.ok) return null;
  return `${label} ${colour.toLowerCase()} gives ${textWords} a contrast of ${ratioWords(verdict.ratio)}; it needs ${MIN_CONTRAST}:1. The nearest shade that passes is ${verdict.suggestion}.`;
}

export const primaryMessage = (colour: string) => colourMessage('Primary colour', colour, TEXT_ON_PRIMARY, 'white text on it');
export const accentMessage = (colour: string) => colourMessage('Accent colour', colour, TEXT_ON_ACCENT, 'dark text on it');

/** The stylesheet's own colours (web/app/styles/site.css :root): a school with these keeps its hand-tuned shades. */
export const STYLESHEET_PRIMARY = '#12386b';
export const STYLESHEET_ACCENT = '#b8860b';
/** The stylesheet's light grey band (--color-bg-alt), the darkest ground text in the accent sits on. */
const BG_ALT = '#f3f5f9';
/** The colours of a school that has chosen none: neutral, nobody's brand. */
export const NEUTRAL_PRIMARY = '#3a4452';
export const NEUTRAL_ACCENT = '#c9ced6';

/** The stylesheet variables a school's colours set (names of web/app/styles/site.css). */
export interface BrandPalette {
  '--color-primary': string;
  '--color-primary-dark': string;
  '--color-accent': string;
  '--color-accent-text': string;
  '--color-gold-light': string;
}

/**
 * Every colour variable the site derives from the two brand colours: the primary's darker shade
 * (hover, gradients), the accent as text on white and as text on the dark primary — each kept at
 * 4.5:1 against what it sits on (white and the light grey bands, or the dark primary). Null when both are the stylesheet's own (nothing to override).
 */
export function brandPalette(primary: string | undefined, accent: string | undefined): BrandPalette | null {
  // Only a #rrggbb ever reaches a stylesheet: anything else is as if not given.
  const p = (primary && isHexColour(primary) ? primary : NEUTRAL_PRIMARY).toLowerCase();
  const a = (accent && isHexColour(accent) ? accent : NEUTRAL_ACCENT).toLowerCase();
  if (p === STYLESHEET_PRIMARY && a === STYLESHEET_ACCENT) return null;
  const dark = nearestPassingShade(mix(p, -0.35), TEXT_ON_PRIMARY);
  return {
    // White text on it, and it as text on the light grey bands too (a shade darker only if that needs it).
    '--color-primary': nearestPassingShade(p, BG_ALT),
    '--color-primary-dark': dark,
    '--color-accent': a,
    // Text on the page's white and on its light grey bands (--color-bg-alt): passing on the grey passes on white.
    '--color-accent-text': nearestPassingShade(a, BG_ALT),
    '--color-gold-light': nearestPassingShade(a, dark),
  };
}
