import { describe, expect, it } from 'vitest';
import { parse } from '@formatjs/icu-messageformat-parser';
import { slots } from '@sthsm/contract/message-check';
import { SITE_LANGUAGES, LANGUAGES } from '@sthsm/contract/languages';
import { MENU_GROUPS, SITE_PAGES } from '../lib/site-map';
import { ENGLISH, type MessageKey } from './catalogue';
import { catalogueOf, TRANSLATED } from './catalogues.server';
import { localizedPath, translator } from './i18n';
import { pageDescriptionKey, pageTitleKey } from './pages';

describe('catalogues', () => {
  it('name every page of the page table and every menu group', () => {
    for (const page of SITE_PAGES) {
      expect(ENGLISH[pageTitleKey(page)], page.module).toBe(page.title);
      expect(ENGLISH[pageDescriptionKey(page)], page.module).toBe(page.description);
    }
    for (const group of ['Home', 'More', ...MENU_GROUPS] as const) expect(ENGLISH[`menu.${group}`]).toBe(group);
  });

  it('are valid ICU messages', () => {
    for (const [key, text] of Object.entries(ENGLISH)) expect(() => parse(text), key).not.toThrow();
  });

  for (const locale of TRANSLATED.filter((l) => l !== 'en')) {
    it(`${LANGUAGES[locale].english}: every English key is translated, with the same names and tags, and no English left`, () => {
      const messages = catalogueOf(locale);
      expect(messages).not.toBeNull();
      const missing = (Object.keys(ENGLISH) as MessageKey[]).filter((k) => !messages?.[k]?.trim());
      expect(missing).toEqual([]);
      for (const key of Object.keys(ENGLISH) as MessageKey[]) {
        const text = messages?.[key] ?? '';
        expect(slots(text), key).toEqual(slots(ENGLISH[key]));
      }
      // A text left in English by mistake: the same words as the English one, where these have
      // letters of their own (names such as "ERP" or "RSS" stay as they are inside a translation).
      const same = (Object.keys(ENGLISH) as MessageKey[]).filter((k) => /[a-z]{3}/.test(ENGLISH[k]) && messages?.[k] === ENGLISH[k]);
      expect(same).toEqual([]);
    });
  }
});

describe('translator', () => {
  it('fills in names and keeps English where a catalogue has no text', () => {
    const hi = translator('hi', catalogueOf('hi'));
    expect(hi('shell.mapTitle', { school: 'St. Thomas' })).toBe('St. Thomas का स्थान दिखाता नक्शा');
    const partial = translator('hi', { ...ENGLISH, 'shell.visitors': 'आगंतुक' });
    expect(partial('shell.visitors')).toBe('आगंतुक');
    expect(partial('shell.quickLinks')).toBe('Quick Links');
  });

  it('writes Urdu numbers with the digits 0–9, as the school’s own numbers beside them are', () => {
    const ur = translator('ur', catalogueOf('ur'));
    expect(ur('media.gallery.photos', { count: 1234 })).toBe('1,234 تصاویر');
    expect(ur('lists.pageOf', { page: 2, pages: 12 })).toBe('کل 12 میں سے صفحہ 2');
  });
});

describe('localizedPath', () => {
  it('prefixes the site’s pages and keeps queries, and leaves the staff area, the API and files alone', () => {
    expect(localizedPath('hi', '/')).toBe('/hi');
    expect(localizedPath('hi', '/news?year=2025#list')).toBe('/hi/news?year=2025#list');
    expect(localizedPath('hi', '/news/item?id=a.b')).toBe('/hi/news/item?id=a.b');
    expect(localizedPath('ur', '/Events')).toBe('/ur/Events');
    for (const kept of [
      '/admin',
      '/admin/news',
      '/api/news/STHSM',
      '/news.rss',
      '/events.ics',
      '/media/x.jpg',
      'https://example.org/',
      '#main',
    ])
      expect(localizedPath('hi', kept)).toBe(kept);
    expect(localizedPath('en', '/news')).toBe('/news');
  });

  it('every language of the list has a tag and a direction; Urdu is written right to left', () => {
    for (const l of SITE_LANGUAGES) expect(LANGUAGES[l].tag).toMatch(new RegExp(`^${l}-IN$`));
    expect(LANGUAGES.ur.dir).toBe('rtl');
  });
});
