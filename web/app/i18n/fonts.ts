import type { Locale } from '@sthsm/contract/languages';
import bengaliBold from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2?url';
import bengaliRegular from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url';
import devanagariBold from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import devanagariRegular from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';

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
}

const DEVANAGARI: ScriptFont = {
  family: 'Noto Sans Devanagari',
  regular: devanagariRegular,
  bold: devanagariBold,
  // Fontsource's Devanagari subset: the script, Vedic extensions, the joiners and the rupee sign.
  unicodeRange: 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF',
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

const FONTS: Partial<Record<Locale, ScriptFont>> = { hi: DEVANAGARI, mr: DEVANAGARI, bn: BENGALI };

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
  return `${face(400, font.regular)}${face(700, font.bold)}html:root{--font-body:'${font.family}',system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif;--font-heading:'${font.family}',Georgia,'Times New Roman',serif}`;
}
