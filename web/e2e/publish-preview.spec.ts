import { expect, test, type APIRequestContext } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';

// Issue 14 through the real server and Chromium: a draft made through the staff content API is on
// no public page and in no public answer; its signed preview link shows it signed out in the public
// layout, never indexed or cached; published it shows on /news at once; unpublished it is gone.

async function staffApi(request: APIRequestContext, baseURL: string) {
  const me = await request.get('/api/admin/me');
  expect(me.ok()).toBe(true);
  const headers = { origin: baseURL, 'x-csrf-token': (await me.json()).csrfToken as string };
  return {
    post: async (path: string, data: object) => {
      const res = await request.post(`/api/admin/STHSM/content/${path}`, { data, headers });
      expect(res.ok(), await res.text()).toBe(true);
      return res.json();
    },
  };
}

test('a draft is private until published; its preview link works signed out and is noindex', async ({ page, browser, baseURL }) => {
  const title = `Preview draft ${Date.now().toString(36)}`;
  await signIn(page, addStaff('editor'));
  const api = await staffApi(page.request, baseURL!);
  const { item } = await api.post('news', { title, date: '2025-08-14', description: 'Results of the inter-house quiz.' });
  const { url } = await api.post(`news/${item.id}/preview`, {});

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  try {
    await anonymous.goto(`/news?q=${encodeURIComponent(title)}`);
    await expect(anonymous.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    await expect(anonymous.getByText(title)).toHaveCount(0);
    expect(JSON.stringify(await (await anonymous.request.get('/api/news/STHSM')).json())).not.toContain(title);

    const preview = await anonymous.goto(new URL(url).pathname);
    expect(preview?.status()).toBe(200);
    expect(preview?.headers()['cache-control']).toBe('no-store');
    expect(preview?.headers()['x-robots-tag']).toMatch(/noindex/);
    await expect(anonymous.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(anonymous.getByRole('note')).toContainText('Preview: not published');
    await expect(anonymous.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    // The public layout: the site's own header navigation is there.
    await expect(anonymous.getByRole('navigation').first()).toBeVisible();

    const tampered = await anonymous.goto(`${new URL(url).pathname}x`);
    expect(tampered?.status()).toBe(403);
    await expect(anonymous.getByRole('alert')).toHaveText('This preview link is not valid. Ask for a new one.');

    await api.post(`news/${item.id}/publish`, {});
    await anonymous.goto(`/news?q=${encodeURIComponent(title)}`);
    await expect(anonymous.getByText(title).first()).toBeVisible();

    await api.post(`news/${item.id}/unpublish`, {});
    await anonymous.goto(`/news?q=${encodeURIComponent(title)}`);
    await expect(anonymous.getByText(title)).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});
