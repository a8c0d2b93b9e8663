import type { Locale } from '@sthsm/contract/languages';
import bengaliBold from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2?url';
import bengaliRegular from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url';
import devanagariBold from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import devanagariRegular from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import nastaliqBold from '@fontsource/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-700-normal.woff2?url';
import nastaliqRegular from '@fontsource/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-400-normal.woff2?url';

// The script fonts of the site's languages (issue 35), self-hosted: Noto Sans for the script, only
// its script's range (unicode-range: a page downloads a file only if it shows that script; Latin
// text keeps the system font). A page in the language shows the font only if it is there by the
// first paint (font-display: optional), so text never reflows: on a first visit the phone's own font
// for the script stands in, and the next page has the font from the cache. No preload: on a slow
// connection the 50 KB competed with the page's own bytes (Lighthouse on /hi: 95 with it, 97–100
// without, LCP 2.7 s against 1.2–2.4 s).

interface ScriptFont {
  family: string;
  regular: string;
  bold: string;
  unicodeRange: string;
  /**
   * The page's line heights where the script needs more room than the stylesheet's (body 1.6,
   * headings 1.25): set whether or not the font has arrived, so lines never move when it does. The
   * school's English text on the page (lang="en") keeps the stylesheet's.
   */
  lineHeight?: { body: number; heading: number };
}

const DEVANAGARI: ScriptFont = {
  family: 'Noto Sans Devanagari',
  regular: devanagariRegular,
  bold: devanagariBold,
  // Fontsource's Devanagari subset: the script, Vedic extensions, the joiners and the rupee sign.
  unicodeRange: 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF',
};

// Urdu is read in Nastaliq, the hanging script of Urdu books and newspapers, not in the Naskh of
// Arabic: a page in Nastaliq is what an Urdu reader expects. Its words hang diagonally and its
// letters reach far above and below the line, so Urdu lines are spaced wider. The font is large
// (Fontsource's Arabic range: 156 KB regular, 154 KB bold in WOFF2, against 50 KB for Devanagari):
// with font-display optional a first visit on a slow connection reads the phone's own Urdu font.
const NASTALIQ: ScriptFont = {
  family: 'Noto Nastaliq Urdu',
  regular: nastaliqRegular,
  bold: nastaliqBold,
  // Fontsource's Arabic subset of the font: the Arabic blocks and presentation forms, the joiners,
  // the directional marks, and the Arabic numbers and mathematical letters of the higher planes.
  unicodeRange:
    'U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC,U+102E0-102FB,U+10E60-10E7E,U+10EC2-10EC4,U+10EFC-10EFF,U+1EE00-1EE03,U+1EE05-1EE1F,U+1EE21-1EE22,U+1EE24,U+1EE27,U+1EE29-1EE32,U+1EE34-1EE37,U+1EE39,U+1EE3B,U+1EE42,U+1EE47,U+1EE49,U+1EE4B,U+1EE4D-1EE4F,U+1EE51-1EE52,U+1EE54,U+1EE57,U+1EE59,U+1EE5B,U+1EE5D,U+1EE5F,U+1EE61-1EE62,U+1EE64,U+1EE67-1EE6A,U+1EE6C-1EE72,U+1EE74-1EE77,U+1EE79-1EE7C,U+1EE7E,U+1EE80-1EE89,U+1EE8B-1EE9B,U+1EEA1-1EEA3,U+1EEA5-1EEA9,U+1EEAB-1EEBB,U+1EEF0-1EEF1',
  lineHeight: { body: 2.2, heading: 1.9 },
};

const BENGALI: ScriptFont = {
  family: 'Noto Sans Bengali',
  regular: bengaliRegular,
  bold: bengaliBold,
  // Fontsource's Bengali subset: the script, the dandas and Vedic marks it shares with Devanagari,
  // the joiners and the rupee sign.
  unicodeRange:
    'U+0951-0952,U+0964-0965,U+0980-09FE,U+1CD0,U+1CD2,U+1CD5-1CD6,U+1CD8,U+1CE1,U+1CEA,U+1CED,U+1CF2,U+1CF5-1CF7,U+200C-200D,U+20B9,U+25CC,U+A8F1',
};

const FONTS: Partial<Record<Locale, ScriptFont>> = { hi: DEVANAGARI, mr: DEVANAGARI, bn: BENGALI, ur: NASTALIQ };

export function scriptFontOf(locale: Locale): ScriptFont | undefined {
  return FONTS[locale];
}

/**
 * The @font-face rules and the page's font stacks for a script font. The stacks are set on
 * `html:root`, which outweighs the stylesheet's own `:root` (it comes later in the head).
 */
export function scriptFontCss(font: ScriptFont): string {
  const face = (weight: number, url: string) =>
    `@font-face{font-family:'${font.family}';font-style:normal;font-weight:${weight};font-display:optional;src:url(${url}) format('woff2');unicode-range:${font.unicodeRange}}`;
  const stacks = `html:root{--font-body:'${font.family}',system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif;--font-heading:'${font.family}',Georgia,'Times New Roman',serif}`;
  const lines = font.lineHeight
    ? `html:root body{line-height:${font.lineHeight.body}}html:root :is(h1,h2,h3):not(:lang(en)){line-height:${font.lineHeight.heading}}` +
      // The weight of one class: a component's own line height (later in the head) still wins.
      `:where(html:root) [lang^='en']{line-height:1.6}:where(html:root) :is(h1,h2,h3)[lang^='en']{line-height:1.25}`
    : '';
  return `${face(400, font.regular)}${face(700, font.bold)}${stacks}${lines}`;
}

/**
 * The @font-face rules of a language's script font and a rule giving `selector` that font (the staff
 * area's translation fields: typed Hindi shows in its own script on a computer without one).
 */
export function scriptFontFor(locale: Locale, selector: string): string {
  const font = FONTS[locale];
  if (!font) return '';
  const face = (weight: number, url: string) =>
    `@font-face{font-family:'${font.family}';font-style:normal;font-weight:${weight};font-display:swap;src:url(${url}) format('woff2');unicode-range:${font.unicodeRange}}`;
  return `${face(400, font.regular)}${face(700, font.bold)}${selector}{font-family:'${font.family}',system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif}`;
}
