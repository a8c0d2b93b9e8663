import { describe, expect, it } from 'vitest';
import { pageRoutes } from '../routes';
import { breadcrumbOf, findPage, MENU_GROUPS, pagesOf, SITE_PAGES, sitemapXml, type SitePage } from './site-map';
import { parseSiteEnv } from './env.server';

// The page table is the one list of the site's pages: a new information page is one entry here and
// one route module, and the routes, menu, HTML sitemap, sitemap.xml and breadcrumb all follow.

const NEW_PAGE: SitePage = {
  path: '/sports-complex',
  module: 'sports-complex',
  title: 'Sports Complex',
  group: 'Facilities',
  description: 'The swimming pool, courts and fields of the school.',
  listed: true,
};
const withNewPage = [...SITE_PAGES, NEW_PAGE];

describe('a page added to the page table', () => {
  it('gets a route to its module', () => {
    expect(pageRoutes(withNewPage)).toContainEqual(expect.objectContaining({ path: 'sports-complex', file: 'routes/sports-complex.tsx' }));
    expect(pageRoutes(SITE_PAGES)).not.toContainEqual(expect.objectContaining({ path: 'sports-complex' }));
  });

  it('is in its menu group and on the HTML sitemap, which lists each group in table order', () => {
    expect(pagesOf('Facilities', withNewPage).map((p) => p.title)).toContain('Sports Complex');
    expect(pagesOf('Facilities', withNewPage).at(-1)).toBe(NEW_PAGE);
  });

  it('is in /sitemap.xml with an absolute URL on the school origin', () => {
    expect(sitemapXml('https://demo2.example.org', withNewPage)).toContain(
      '<url><loc>https://demo2.example.org/sports-complex</loc></url>',
    );
  });

  it('has its breadcrumb (Home | group | title), found case-insensitively', () => {
    const entry = findPage('/Sports-Complex/', withNewPage);
    expect(entry).toBe(NEW_PAGE);
    expect(breadcrumbOf(NEW_PAGE)).toEqual({ title: 'Sports Complex', section: { label: 'Facilities' } });
  });
});

describe('the page table of the site', () => {
  it('finds a page whose path has a parameter (a guardian\u2019s consent link) by any one segment there, and only there', () => {
    expect(findPage('/consent/AbC_-123')?.module).toBe('consent');
    expect(findPage('/Consent/AbC_-123/')?.noindex).toBe(true);
    expect(findPage('/consent')).toBeUndefined();
    expect(findPage('/consent/a/b')).toBeUndefined();
    expect(sitemapXml('http://x')).not.toContain('/consent');
  });

  it('routes every page exactly once and lists only listed pages', () => {
    expect(new Set(SITE_PAGES.map((p) => p.path.toLowerCase())).size).toBe(SITE_PAGES.length);
    expect(pageRoutes(SITE_PAGES)).toHaveLength(SITE_PAGES.length);
    const xml = sitemapXml('http://x');
    for (const p of SITE_PAGES) expect(xml.includes(`<loc>http://x${p.path}</loc>`)).toBe(p.listed);
  });

  it('puts every listed page except Home and More in a menu group of the header', () => {
    for (const p of SITE_PAGES.filter((entry) => entry.listed && entry.group !== 'Home' && entry.group !== 'More')) {
      expect(MENU_GROUPS).toContain(p.group);
    }
  });

  it('gives special breadcrumbs where SPEC and the pages need them', () => {
    expect(breadcrumbOf(findPage('/careers')!).section).toEqual({ label: 'About', to: '/about-us' });
    expect(breadcrumbOf(findPage('/sitemap')!).section).toBeUndefined();
    expect(breadcrumbOf(findPage('/SubGallery')!).section).toEqual({ label: 'Photo Gallery', to: '/gallery' });
  });
});

describe("the site's configuration", () => {
  it('has defaults from PORT and fails with one line naming a bad variable', () => {
    expect(parseSiteEnv({ PORT: '4100' })).toEqual({
      siteUrl: 'http://localhost:4100',
      apiUrl: 'http://127.0.0.1:4100',
      schoolCode: 'STHSM',
      schoolProfileFile: undefined,
      timeZone: 'Asia/Kolkata',
    });
    expect(parseSiteEnv({ SITE_URL: 'https://school.example.org/', SCHOOL_CODE: 'DEMO2' })).toMatchObject({
      siteUrl: 'https://school.example.org',
      schoolCode: 'DEMO2',
    });
    expect(() => parseSiteEnv({ API_URL: 'ftp://x' })).toThrow(/^Invalid site configuration: API_URL must be an http\(s\) origin/);
    expect(() => parseSiteEnv({ SCHOOL_CODE: 'no spaces' })).toThrow(/^Invalid site configuration: SCHOOL_CODE/);
    expect(() => parseSiteEnv({ TIME_ZONE: 'Mars/Olympus' })).toThrow(/^Invalid site configuration: TIME_ZONE must be an IANA time zone/);
    expect(parseSiteEnv({ TIME_ZONE: 'Asia/Dubai' }).timeZone).toBe('Asia/Dubai');
  });
});

describe('sitemap.xml in several languages (issue 35)', () => {
  it('lists each address once per language offered, each naming the others and English as x-default', () => {
    const xml = sitemapXml('https://x.example', SITE_PAGES, [{ path: '/news/item?id=n1' }], {}, ['hi']);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const alternates =
      '<xhtml:link rel="alternate" hreflang="en-IN" href="https://x.example/news"/>' +
      '<xhtml:link rel="alternate" hreflang="hi-IN" href="https://x.example/hi/news"/>' +
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://x.example/news"/>';
    expect(xml).toContain(`<url><loc>https://x.example/news</loc>${alternates}</url>`);
    expect(xml).toContain(`<url><loc>https://x.example/hi/news</loc>${alternates}</url>`);
    expect(xml).toContain('<url><loc>https://x.example/hi</loc>');
    expect(xml).toContain('<loc>https://x.example/hi/news/item?id=n1</loc>');
    // English alone: as before, no alternates.
    expect(sitemapXml('https://x.example')).not.toContain('xhtml');
  });
});
