import { findPage, MENU_GROUPS, type Crumb, type MenuGroup, type SitePage } from '../lib/site-map';
import type { MessageKey } from './catalogue';
import type { Translate } from './i18n';

// The page table's words in the page's language: each page's title and description are catalogue
// entries `page.{module}.title` and `page.{module}.description`, each menu group `menu.{group}`
// (i18n/catalogue.test.ts checks that every page and group has them).

export const pageTitleKey = (page: Pick<SitePage, 'module'>) => `page.${page.module}.title` as MessageKey;
export const pageDescriptionKey = (page: Pick<SitePage, 'module'>) => `page.${page.module}.description` as MessageKey;

export const pageTitle = (t: Translate, page: Pick<SitePage, 'module'>) => t(pageTitleKey(page));
export const pageDescription = (t: Translate, page: Pick<SitePage, 'module'>) => t(pageDescriptionKey(page));

const isGroup = (label: string): label is MenuGroup =>
  label === 'Home' || label === 'More' || (MENU_GROUPS as readonly string[]).includes(label);

/** A breadcrumb's middle step in words: a menu group, or the title of the page it links to. */
export function crumbLabel(t: Translate, crumb: Crumb): string {
  if (isGroup(crumb.label)) return t(`menu.${crumb.label}`);
  const page = crumb.to ? findPage(crumb.to) : undefined;
  return page ? pageTitle(t, page) : crumb.label;
}
