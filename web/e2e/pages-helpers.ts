import { expect, type APIRequestContext, type Page } from '@playwright/test';

// Shared checks for the information pages' specs (pages-*.spec.ts).

/** The visible text of a page's server HTML, without running scripts: tags stripped, entities decoded. */
export async function serverText(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), `${path} status`).toBe(200);
  const html = await response.text();
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Opens a page and checks its status, <h1> and breadcrumb (Home | section | page). */
export async function openPage(page: Page, path: string, heading: string, section: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `${path} status`).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
  await expect(crumbs).toHaveText(['Home', section, heading]);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
}

/** True when the document is wider than the viewport (horizontal scrolling). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
