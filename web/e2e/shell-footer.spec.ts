import { expect, test } from '@playwright/test';
import { offlineBaseURL } from '../../playwright.config';
import { SITE_PAGES } from '../app/lib/site-map';

// Footer, announcements ticker and the shell's own pages (/sitemap, /careers, /error).

test('footer: quick links, contacts, app code, map, copyright and credit', async ({ page }) => {
  await page.goto('/timings');
  const footer = page.getByRole('contentinfo');
  const quick = footer.getByRole('navigation', { name: 'Quick Links' });
  const expected = {
    'Parent Portal': '/parent-portal',
    'ERP Software': '/erp-software',
    Sitemap: '/sitemap',
    Careers: '/careers',
    Alumni: '/alumni',
  };
  for (const [name, href] of Object.entries(expected)) {
    await expect(quick.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  await expect(footer.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
  await expect(footer.getByRole('link', { name: /call/ })).toHaveCount(2);
  await expect(footer.getByRole('link', { name: /@sthsm\.example\.org/ })).toHaveAttribute('href', /^mailto:/);
  await expect(footer.getByText('STHSM', { exact: true })).toBeVisible();
  await expect(footer.getByRole('link', { name: /Google Play/ })).toBeVisible();
  await expect(footer.getByRole('link', { name: /App Store/ })).toBeVisible();
  const map = footer.locator('iframe');
  await expect(map).toHaveAttribute('title', /Map showing the location/);
  await expect(map).toHaveAttribute('loading', 'lazy');
  await expect(footer.getByText(/© Copyright 2024 St\. Thomas Higher Secondary School/)).toBeVisible();
  await expect(footer.getByRole('link', { name: /Pixelgrove/ })).toBeVisible();

  await quick.getByRole('link', { name: 'Sitemap' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sitemap' })).toBeVisible();
});

test('the visitor count is registered and shown after load', async ({ page }) => {
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/visitor') && r.method() === 'POST');
  await page.goto('/');
  expect((await posted).postDataJSON()).toEqual({ schoolcode: 'STHSM' });
  const count = page.getByRole('contentinfo').locator('.visitor__count');
  await expect(count).toHaveText(/^\d[\d,]*$/);
});

// The announcements' one-at-a-time behaviour, pause and controls: web/e2e/phone-first-screen.spec.ts.

test('announcement items link to their attachment in a new tab, each once', async ({ page, request }) => {
  await page.goto('/sitemap');
  const highlights = (await (await request.get('/api/highlight/STHSM')).json()) as Array<{ description: string; attachments: string[] }>;
  const first = highlights[0]!;
  const strip = page.getByRole('region', { name: 'Announcements' });
  const link = strip.getByRole('link', { name: new RegExp(first.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute('href', `/api/image/${first.attachments[0]}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
});

test('offline API: the ticker shows "Stay tuned for latest updates" three times', async ({ page }) => {
  const response = await page.goto(`${offlineBaseURL}/sitemap`);
  expect(response?.status()).toBe(200);
  const strip = page.getByRole('region', { name: 'Announcements' });
  await expect(strip.getByRole('listitem').filter({ hasText: 'Stay tuned for latest updates' })).toHaveCount(3);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
});

test('/sitemap lists every listed page, grouped like the menu', async ({ page }) => {
  await page.goto('/sitemap');
  const main = page.getByRole('main');
  for (const p of SITE_PAGES.filter((entry) => entry.listed)) {
    const group = main.getByRole('region', { name: p.group, exact: true });
    await expect(group.getByRole('heading', { level: 2, name: p.group })).toBeVisible();
    await expect(group.getByRole('link', { name: p.title, exact: true })).toHaveAttribute('href', p.path);
  }
});

test('/careers explains how to apply by e-mail; /error leads back to the gallery', async ({ page }) => {
  await page.goto('/careers');
  await expect(page.getByRole('heading', { level: 2, name: 'How to apply' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'office@sthsm.example.org' })).toHaveAttribute(
    'href',
    /^mailto:office@sthsm\.example\.org/,
  );
  await page.goto('/error');
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the Photo Gallery' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
});
