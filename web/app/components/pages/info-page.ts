import type { MetaDescriptor } from 'react-router';
import type { SiteImage } from '@sthsm/content/media-catalog';
import type { Photo } from '../PhotoGrid';
import type { Crumb } from '../PageHeader';
import { pageMeta, siteUrlFrom } from '../../lib/seo';
import { findPage } from '../../lib/site-map';

// Helpers shared by the information pages (about-us, timings, house…): the page's title and
// breadcrumb section come from the one site map, its description from content/src/pages.

export interface InfoPage {
  title: string;
  section: Crumb;
}

export function infoPage(path: string): InfoPage {
  const page = findPage(path);
  if (!page) throw new Error(`${path} is missing from web/app/lib/site-map.ts`);
  return { title: page.title, section: { label: page.group } };
}

interface MetaInput {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  loaderData?: unknown;
}

/** Title, description, canonical and Open Graph tags of an information page. */
export function infoPageMeta(path: string, description: string, { matches, loaderData }: MetaInput): MetaDescriptor[] {
  const schoolName = (loaderData as { schoolName?: string } | undefined)?.schoolName ?? '';
  const seo = { title: infoPage(path).title, description, path };
  const tags = pageMeta(seo, siteUrlFrom(matches), schoolName);
  // Without loader data (an error), drop the dangling " | " of the empty school name.
  return schoolName ? tags : tags.map((tag) => ('title' in tag ? { title: seo.title } : tag));
}

/** A media-catalogue image as a PhotoGrid photo. */
export function toPhoto(image: SiteImage): Photo {
  return { src: image.path, alt: image.alt, width: image.width, height: image.height };
}
