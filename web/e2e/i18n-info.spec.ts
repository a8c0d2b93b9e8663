import { expect, test } from '@playwright/test';
import { englishLeft } from './support/i18n';

// Issue 35, the information pages in Hindi: our words (headings, table labels, hints, links,
// notices) come from the Hindi catalogue; what the school wrote stays English, marked lang="en",
// after one note that says so. The English pages keep their words.

const PAGES = [
  '/about-us',
  '/patrons',
  '/principal-message',
  '/school-information',
  '/syllabus',
  '/timings',
  '/admission-withdrawal',
  '/primary-wing',
  '/activities',
  '/clubs-association',
  '/house',
  '/laboratory',
  '/computer-lab',
  '/library',
  '/erp-software',
  '/parent-portal',
  '/contactUs',
  '/careers',
  '/accessibility',
  '/sitemap',
  '/error',
];

// A Hindi sentence may name something in English: the school, a lab, a module of its ERP filled into
// a label or an image's description ("Physics Laboratory की तस्वीरें"), or a standard (WCAG,
// axe-core). An attribute cannot mark part of itself English, so a text with Hindi in it is Hindi.
const isHindi = (text: string) => /[\u0900-\u097F]/.test(text);

test('every information page in Hindi is Hindi around the school’s English text', async ({ page }) => {
  test.setTimeout(150_000);
  for (const path of PAGES) {
    const response = await page.goto(`/hi${path}`);
    expect.soft(response?.status(), path).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    expect
      .soft(
        (await englishLeft(page, { within: 'main' })).filter((text) => !isHindi(text)),
        path,
      )
      .toEqual([]);
  }
});

test('the Hindi pages’ own words, links in Hindi and the English note once', async ({ page }) => {
  await page.goto('/hi/school-information');
  await expect(page.getByRole('table', { name: 'विद्यालय की जानकारी' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'नाम और पता' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'शिक्षा का माध्यम' })).toBeVisible();
  await expect(page.locator('.english-note')).toHaveCount(1);
  await expect(page.locator('.facts-table td').first()).toHaveAttribute('lang', 'en');

  await page.goto('/hi/about-us');
  await expect(page.locator('.english-note')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: 'हमारी दृष्टि' })).toBeVisible();

  await page.goto('/hi/timings');
  await expect(page.getByRole('heading', { level: 2, name: 'कक्षाओं का समय' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'ग्रीष्मकाल' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'विद्यालय के सदन' })).toHaveAttribute('href', '/hi/house');

  await page.goto('/hi/syllabus');
  await expect(page.locator('.document-meta').first()).toContainText('PDF फ़ाइल');
  await expect(page.locator('.document-list a').first()).toHaveAttribute('href', /^\/(?!hi\/)/);

  await page.goto('/hi/contactUs');
  await expect(page.getByRole('heading', { level: 2, name: 'पता' })).toBeVisible();
  await expect(page.getByRole('link', { name: /बड़ा नक्शा खोलें/ })).toBeVisible();

  await page.goto('/hi/sitemap');
  await expect(page.getByRole('link', { name: 'हमारे बारे में' })).toHaveAttribute('href', '/hi/about-us');

  await page.goto('/hi/careers');
  await expect(page.getByRole('heading', { level: 2, name: 'आवेदन कैसे करें' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'समाचार' }).last()).toHaveAttribute('href', '/hi/news');
});

test('the house tabs work by keyboard in Hindi', async ({ page }) => {
  await page.goto('/hi/house');
  const tablist = page.getByRole('tablist', { name: 'विद्यालय के सदन' });
  const tabs = tablist.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  await expect(tabs.first()).toHaveAttribute('lang', 'en');
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel).toHaveCount(1);
  const name = (await tabs.nth(1).textContent())?.trim() ?? '';
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(`${name} सदन`);
  await expect(panel.getByText('ध्येय वाक्य')).toBeVisible();
  await page.keyboard.press('End');
  await expect(tabs.nth(3)).toBeFocused();
  await expect(page).toHaveURL(/\/hi\/house\?house=/);
});

test('the English pages keep their English words, without the note', async ({ page }) => {
  await page.goto('/about-us');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByRole('heading', { level: 2, name: 'Our vision' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Our two wings' })).toBeVisible();
  await expect(page.getByText(/^Our motto: /)).toBeVisible();
  await expect(page.locator('.english-note')).toHaveCount(0);
  await expect(page.locator('[lang="en"]')).toHaveCount(0);

  await page.goto('/school-information');
  await expect(page.getByRole('table', { name: 'School information' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: "Principal's e-mail" })).toBeVisible();

  await page.goto('/timings');
  await expect(page.getByText(/The school has four houses; see School Houses\./)).toBeVisible();
});
