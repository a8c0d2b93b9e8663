import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SITE_PAGES } from '@sthsm/contract/site-map';

// Issue 35's check that a page in another language has no English interface left: every visible
// text and every accessible name, placeholder, title and alt of the page, outside what is marked as
// English (lang="en…": the school's own text, until it is translated), is compared with the English
// catalogue (packages/contract/src/messages/*.json) and searched for English words at all (so a string that never
// reached a catalogue is caught too). Names written in Latin letters in any language (brands, the
// board's initials, file types) are allowed by NAMES.

const CATALOGUE_DIR = path.join(import.meta.dirname, '..', '..', 'app', 'i18n');
/** English, the source catalogue, is in the contract (docs/decisions/0155). */
const ENGLISH_DIR = path.join(import.meta.dirname, '..', '..', '..', 'packages', 'contract', 'src', 'messages');

function catalogue(locale: string): Record<string, string> {
  const dir = locale === 'en' ? ENGLISH_DIR : path.join(CATALOGUE_DIR, locale);
  const all: Record<string, string> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    Object.assign(all, JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>);
  }
  return all;
}

/** Latin-letter words that are the same in a Hindi (or other) page: names, initials, file types. */
export const NAMES = new Set(
  [
    'ICSE',
    'ISC',
    'CISCE',
    'ERP',
    'RSS',
    'Atom',
    'iCalendar',
    'WhatsApp',
    'Google',
    'Play',
    'App',
    'Store',
    'PDF',
    'JPEG',
    'PNG',
    'Facebook',
    'Instagram',
    'YouTube',
    'Twitter',
    'axe-core',
    'OpenStreetMap',
    'English',
    'LKG',
    'UKG',
    'VIII',
    'OTP',
    'UPI',
    'URL',
    'CSV',
    'JSON',
  ].map((n) => n.toLowerCase()),
);

/** A message as a pattern of the whole text: its {names} and plural parts match any words. */
function patternOf(message: string): RegExp | null {
  const plain = message.replace(/<\/?[a-z]+>/g, '');
  // Words outside the {arguments} (a message that is one plural, "{count, plural, …}", has none: its words are checked as words).
  if (!/[A-Za-z]{3}/.test(plain.replace(/\{(?:[^{}]|\{[^{}]*\})*\}/g, ''))) return null;
  const parts = plain.split(/\{(?:[^{}]|\{[^{}]*\})*\}/g).map((p) => p.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // A message of names and plural words only ("{count} {count, plural, one {year} other {years}}") is no pattern.
  if (!parts.some((p) => /[A-Za-z]{3}/.test(p))) return null;
  return new RegExp(`^${parts.join('.+?')}$`);
}

/** The English catalogue's messages that are words (not a name, not the same in `locale`), as patterns. */
export function englishPatterns(locale = 'hi'): Array<{ key: string; pattern: RegExp }> {
  const english = catalogue('en');
  const other = catalogue(locale);
  return Object.entries(english).flatMap(([key, text]) => {
    const pattern = text.trim() && other[key] !== text ? patternOf(text.trim()) : null;
    return pattern ? [{ key, pattern }] : [];
  });
}

/**
 * What a page shows in English outside text marked English: catalogue messages (their key) and
 * other English words (the text they stand in). Empty on a page whose interface is translated.
 */
export async function englishLeft(
  page: Page,
  { locale = 'hi', within = 'body' }: { locale?: string; within?: string } = {},
): Promise<string[]> {
  const texts = await page.evaluate((selector) => {
    const found: string[] = [];
    const roots = Array.from(document.querySelectorAll(selector));
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs in the page: it cannot use the test's scope
    const english = (el: Element | null) => {
      const lang = el?.closest('[lang]')?.getAttribute('lang') ?? '';
      return lang.toLowerCase().startsWith('en');
    };
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, noscript, template, code') || english(parent)) continue;
        const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (text) found.push(text);
      }
    }
    const named = roots.flatMap((root) => [
      ...(root.matches('[aria-label], [placeholder], [title]') ? [root] : []),
      ...Array.from(root.querySelectorAll('[aria-label], [placeholder], [title], img[alt], input[value]')),
    ]);
    for (const el of named) {
      if (english(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
      if (el instanceof HTMLInputElement && (el.type === 'submit' || el.type === 'button') && el.value.trim()) found.push(el.value.trim());
    }
    if (selector === 'body') found.push(document.title);
    // The school's own text on the page (marked English): inside words of the page's language it is
    // content, not interface (the school's name in the copyright line, in the map's title).
    const content = Array.from(document.querySelectorAll('[lang^="en"]'))
      .filter((el) => el !== document.documentElement)
      .map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim())
      .filter((text) => text.length > 1);
    return { found, content };
  }, within);
  const patterns = englishPatterns(locale);
  const content = [...new Set(texts.content)].sort((a, b) => b.length - a.length);
  const left = new Set<string>();
  for (const text of texts.found) {
    const match = patterns.find(({ pattern }) => pattern.test(text));
    if (match) {
      left.add(`${match.key}: ${text}`);
      continue;
    }
    // Other English: a word of four or more Latin letters that is not a name, a code in capitals, an
    // e-mail address or a web address, once the school's own text (content) is taken out.
    let rest = text;
    for (const piece of content) rest = rest.split(piece).join(' ');
    rest = rest.replace(/\S+@\S+|https?:\/\/\S+|\b[\w-]+(?:\.[\w-]+)+\b/g, ' ');
    // A case ending joined by a hyphen or apostrophe to a name in Latin letters is the page's own
    // language, not English (Bengali "YouTube-এ", "iOS-এর"): the name is checked without it.
    const words = (rest.match(/[A-Za-z][A-Za-z'’-]{3,}/g) ?? []).map((w) => w.replace(/['’-]+$/, '')).filter((w) => w.length >= 4);
    if (words.some((w) => w !== w.toUpperCase() && !NAMES.has(w.toLowerCase()))) left.add(text);
  }
  return [...left];
}

/** Pages that need a token or a posted form, or an item's id (those are reached from their lists). */
const NEEDS_A_LINK = new Set([
  'news-item',
  'event',
  'sub-gallery',
  'privacy-request-confirm',
  'subscribe-confirm',
  'subscribe-manage',
  'consent',
]);

/** The first item page linked from a list in `locale` (its address stays under /hi, /bn, /ur). */
export async function firstItem(page: Page, locale: string, list: string, link: string): Promise<string> {
  await page.goto(`/${locale}${list}`);
  const href = await page.locator(`main a[href*="${link}"]`).first().getAttribute('href');
  if (!href) throw new Error(`no item linked from /${locale}${list}`);
  return href;
}

/** Every public page of the page table in `locale`, with a news item, an event and an album reached from their lists. */
export async function everyPublicPath(page: Page, locale: string): Promise<string[]> {
  const paths = SITE_PAGES.filter((p) => !NEEDS_A_LINK.has(p.module)).map((p) => (p.path === '/' ? `/${locale}` : `/${locale}${p.path}`));
  paths.push(await firstItem(page, locale, '/news', 'news/item'));
  paths.push(await firstItem(page, locale, '/Events', 'Events/item'));
  paths.push(await firstItem(page, locale, '/gallery', 'SubGallery'));
  return paths;
}
