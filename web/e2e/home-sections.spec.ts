import { expect, test } from '@playwright/test';
import type { Album, Birthday, NewsItem, SchoolEvent, Topper } from '@sthsm/contract';
import { apiList, carousel, skipNotificationModal } from './home-helpers';

// The home page with the demo school's seed: every section of SPEC §2 in order, its data, and
// where its links go.

test.beforeEach(async ({ page }) => {
  await skipNotificationModal(page);
});

test('home sections appear in SPEC order with the page meta', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('St. Thomas Higher Secondary School');
  await expect(page).toHaveTitle(/St\. Thomas Higher Secondary School/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /CISCE/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^http:\/\/127\.0\.0\.1:\d+\/$/);
  const headings = await page.locator('main h2').allTextContents();
  expect(headings.filter((h) => h !== 'Notifications')).toEqual([
    'Our Vision',
    'About School',
    'Latest News',
    'Events & Updates',
    'Principal Message',
    'School Facilities',
    'School Activities',
    'Birthdays',
    'School Toppers',
    'Gallery',
  ]);
  await expect(page.getByText(/To form young people of competence/)).toBeVisible();
});

test('seeded news, events, principal message, birthdays, toppers and album are shown', async ({ page, request }) => {
  const [news, events, birthdays, toppers, albums] = await Promise.all([
    apiList<NewsItem>(request, '/api/news/STHSM'),
    apiList<SchoolEvent>(request, '/api/events/STHSM'),
    apiList<Birthday>(request, '/api/birthdays/STHSM'),
    apiList<Topper>(request, '/api/topper/STHSM'),
    apiList<Album>(request, '/api/gallery/STHSM'),
  ]);
  await page.goto('/');

  const ticker = page.getByRole('region', { name: 'Latest news headlines' });
  await expect(ticker.getByText(news[0]!.title, { exact: true }).first()).toBeVisible();
  await expect(carousel(page, 'Upcoming events').getByRole('heading', { name: events[0]!.title })).toBeVisible();
  await expect(carousel(page, "Principal's messages").getByText(/Dear parents and students/)).toBeVisible();
  // Exact names: a staff test adds today's birthday of "Aarav…" beside the seeded Aarav.
  for (const b of birthdays)
    await expect(carousel(page, "Today's birthdays").getByRole('heading', { name: b.name, exact: true })).toBeAttached();

  // Home toppers: class X and XII only, latest session, highest division first.
  for (const [cls, name] of [
    ['X', 'Class X toppers'],
    ['XII', 'Class XII toppers'],
  ] as const) {
    const ofClass = toppers.filter((t) => t.class === cls);
    const latest = ofClass
      .map((t) => t.sessionYear)
      .sort()
      .at(-1);
    const best = ofClass.filter((t) => t.sessionYear === latest).sort((a, b) => parseFloat(b.division) - parseFloat(a.division))[0]!;
    const region = carousel(page, name);
    await expect(region.getByRole('heading', { name: best.name }).first()).toBeVisible();
    await expect(region.getByText(best.division).first()).toBeVisible();
  }

  const album = albums.find((a) => a.attachments.length > 0)!;
  const gallery = page.getByRole('region', { name: 'Gallery', exact: true });
  await expect(gallery.getByRole('link', { name: album.title })).toHaveAttribute('href', `/SubGallery?id=${album._id}`);
  const photos = gallery.getByRole('img');
  await expect(photos).toHaveCount(4);
  for (let i = 0; i < 4; i++) await expect(photos.nth(i)).toHaveAttribute('src', new RegExp(`/api/image/${album.attachments[i]}\\?w=`));
});

test('every section link goes to its page; Smart Classes has no link', async ({ page }) => {
  await page.goto('/');
  const links: Array<[string, string]> = [
    ['Read more about the school', '/about-us'],
    ['View all news', '/news'],
    ['View all events', '/events'],
    ["Read the principal's message", '/principal-message'],
    ['Library', '/library'],
    ['Computer Lab', '/computer-lab'],
    ['Chemistry Lab', '/laboratory'],
    ['Biology Lab', '/laboratory'],
    ['Physics Lab', '/laboratory'],
    ['Parliament', '/activities'],
    ['Morning Assembly & Prayer', '/activities'],
    ['Art & Craft', '/activities'],
    ['Clubs & Association', '/clubs-association'],
    ['View all class X toppers', '/Toppers'],
    ['View all class XII toppers', '/ToppersXII'],
    ['View the photo gallery', '/gallery'],
  ];
  const main = page.getByRole('main');
  for (const [name, href] of links) await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  await expect(main.getByText('Smart Classes', { exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Smart Classes' })).toHaveCount(0);

  await main.getByRole('link', { name: 'View all events' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await page.goBack();
  await main.getByRole('link', { name: 'View all class XII toppers' }).click();
  await expect(page).toHaveURL(/\/ToppersXII$/);
});

test('the slider holds 17 photos; only the banner and the first slide load eagerly, every image is sized and responsive', async ({
  page,
}) => {
  await page.goto('/');
  const slider = carousel(page, 'School photos');
  await expect(slider.getByRole('img')).toHaveCount(17);
  await expect(slider.getByRole('button', { name: /Show slide \d+ of School photos/ })).toHaveCount(17);
  const images = await page
    .getByRole('main')
    .locator('img')
    .evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: img.getAttribute('src') ?? '',
        loading: img.getAttribute('loading'),
        priority: img.getAttribute('fetchpriority'),
        sized: !!img.getAttribute('width') && !!img.getAttribute('height'),
        srcset: !!img.getAttribute('srcset'),
      })),
    );
  // Only what is above the fold loads at once: the banner and the slider's first photo.
  const eager = images.filter((i) => i.loading !== 'lazy');
  expect(eager.map((i) => i.src)).toEqual([expect.stringContaining('banner.jpg'), expect.stringContaining('slider-01.jpg')]);
  for (const image of eager) expect(image).toMatchObject({ priority: 'high', loading: 'eager' });
  expect(images.every((i) => i.sized && i.srcset)).toBe(true);
});

test('the server HTML already holds the sections, and Swiper is not in the first load', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('Events &amp; Updates');
  expect(html).toContain('swiper-slide');
  expect(html).not.toContain('swiper-initialized');
  // No React (decision 0078): one deferred island module, and Swiper only once a carousel is near the screen.
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).not.toContain('__reactRouterContext');
  const modules = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
  expect(modules).toEqual([expect.stringMatching(/\/assets\/island-home-[\w-]+\.js$/)]);
  expect(html).not.toMatch(/swiper[\w-]*\.js/i);
});
