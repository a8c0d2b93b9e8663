import { expect, test } from '@playwright/test';
import { demo2BaseURL } from '../../playwright.config';

interface Video {
  title: string;
  date?: string | null;
  videoUrl: string;
}
interface Topper {
  name: string;
  class: string;
  division: string;
  sessionYear: string;
}

const thisYear = new Date().getUTCFullYear();

test('video cards open their link in a new tab; the year filter and search narrow them', async ({ page, request }) => {
  const videos = (await (await request.get('/api/video/all/STHSM')).json()) as Video[];
  expect(videos.length).toBeGreaterThan(1);
  await page.goto('/VideoGallery');
  const list = page.getByRole('list', { name: 'Videos' });
  await expect(list.getByRole('listitem')).toHaveCount(videos.length);
  const years = (await page.getByRole('combobox', { name: 'Year', exact: true }).locator('option').allTextContents()).slice(1).map(Number);
  expect(years).toEqual([...years].sort((a, b) => b - a));
  const first = videos[0] as Video;
  const link = list.getByRole('link', { name: new RegExp(first.title.replace(/[|()]/g, '.')) });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener');
  await expect(link).toHaveAttribute('href', new URL(first.videoUrl).toString());

  const year = years[1] as number;
  await page.getByRole('combobox', { name: 'Year', exact: true }).selectOption(String(year));
  const ofYear = videos.filter((v) => v.date && new Date(v.date).getUTCFullYear() === year);
  await expect(list.getByRole('listitem')).toHaveCount(ofYear.length);
  await page.getByPlaceholder('Search Here..').fill('zzz no such video');
  await expect(page.getByText('No videos match your filters.')).toBeVisible();
});

test('a school without videos shows one placeholder card titled Video Title', async ({ page, request }) => {
  const videos = (await (await request.get(`${demo2BaseURL}/api/video/all/DEMO2`)).json()) as Video[];
  expect(videos).toEqual([]);
  await page.goto(`${demo2BaseURL}/VideoGallery`);
  const list = page.getByRole('list', { name: 'Videos' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('heading', { name: 'Video Title' })).toBeVisible();
});

test('class X toppers start on the session "previous year-current year", sorted by division', async ({ page, request }) => {
  const toppers = (await (await request.get('/api/topper/STHSM')).json()) as Topper[];
  const preferred = `${thisYear - 1}-${thisYear}`;
  const ofClass = toppers.filter((t) => t.class === 'X');
  const expectedSession = ofClass.some((t) => t.sessionYear === preferred) ? preferred : `${thisYear - 2}-${thisYear - 1}`;
  const expected = ofClass
    .filter((t) => t.sessionYear === expectedSession)
    .sort((a, b) => Number.parseFloat(b.division) - Number.parseFloat(a.division));
  expect(expected.length).toBeGreaterThan(1);

  await page.goto('/Toppers');
  await expect(page.getByRole('combobox', { name: 'Session', exact: true })).toHaveValue(expectedSession);
  const grid = page.getByRole('list', { name: 'Class X toppers' });
  await expect(grid.getByRole('heading', { level: 2 })).toHaveText(expected.map((t) => t.name));
  await expect(grid.getByText(expected[0]?.division ?? '')).toBeVisible();

  const other = ofClass.find((t) => t.sessionYear !== expectedSession) as Topper;
  await page.getByRole('combobox', { name: 'Session', exact: true }).selectOption(other.sessionYear);
  await expect(page).toHaveURL(new RegExp(`session=${other.sessionYear}`));
  await page.getByLabel('Search by name').fill(other.name.split(' ')[0] ?? '');
  await expect(grid.getByRole('heading', { name: other.name })).toBeVisible();
});

test('class XII toppers fall back one year when the preferred session has none', async ({ page, request }) => {
  const toppers = (await (await request.get(`${demo2BaseURL}/api/topper/DEMO2`)).json()) as Topper[];
  const preferred = `${thisYear - 1}-${thisYear}`;
  // DEMO2 has no class XII toppers at all, so the page must fall back one session.
  expect(toppers.some((t) => t.class === 'XII' && t.sessionYear === preferred)).toBe(false);
  await page.goto(`${demo2BaseURL}/ToppersXII`);
  await expect(page.getByRole('combobox', { name: 'Session', exact: true })).toHaveValue(`${thisYear - 2}-${thisYear - 1}`);
  await expect(page.getByText('No toppers match your filters.')).toBeVisible();
  // Its class X toppers are in the preferred session: no fallback there.
  await page.goto(`${demo2BaseURL}/Toppers`);
  await expect(page.getByRole('combobox', { name: 'Session', exact: true })).toHaveValue(preferred);
});
