import { expect, test } from '@playwright/test';
import { offlineBaseURL } from '../../playwright.config';
import { openPage, serverText } from './pages-helpers';

// About pages and Contact: about us, patrons, principal's message, school information, activities.

test('about us: history, vision, mission, values and the two wings', async ({ page }) => {
  await openPage(page, '/about-us', 'About Us', 'About');
  for (const heading of ['Our history', 'Our vision', 'Our mission', 'Our values', 'Our two wings']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 3, name: /Primary Wing \(Nursery to Class IV\)/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /Senior Wing \(Classes V to XII\)/ })).toBeVisible();
  await expect(page.getByText(/opened on 5 July 1976/)).toBeVisible();
});

test('our patrons: portraits with name and role', async ({ page }) => {
  await openPage(page, '/patrons', 'Our Patrons', 'About');
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(3);
  await expect(page.getByRole('img', { name: /^Portrait of / })).toHaveCount(3);
  await expect(page.getByText('Patron, Bishop of the Diocese')).toBeVisible();
});

test("principal's message: the API's HTML, sanitized, with the portrait", async ({ page, request }) => {
  await openPage(page, '/principal-message', "Principal's Message", 'About');
  const article = page.getByRole('article');
  await expect(article.getByText(/welcome to St\. Thomas Higher Secondary School/)).toBeVisible();
  await expect(article.getByRole('img', { name: /Principal/ })).toBeVisible();
  await expect(article.locator('script, [onerror], [onclick]')).toHaveCount(0);
  expect(await serverText(request, '/principal-message')).toContain('welcome to St. Thomas Higher Secondary School');
});

test("principal's message: a friendly note when the API is down", async ({ page }) => {
  const response = await page.goto(`${offlineBaseURL}/principal-message`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Principal's Message");
  await expect(page.getByRole('heading', { level: 2, name: 'The message is not available right now' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});

test('school information: every row of SPEC §2, as row headers', async ({ page, request }) => {
  await openPage(page, '/school-information', 'School Information', 'About');
  const table = page.getByRole('table', { name: 'School information' });
  const rows: Array<[string, RegExp]> = [
    ['Name and address', /St\. Thomas Higher Secondary School, Church Road/],
    ['E-mail', /office@sthsm\.example\.org/],
    ['Phone numbers', /\+91 00000 00101.*\+91 00000 00102.*\+91 00000 00103/],
    ['Year of establishment', /1976/],
    ['Board', /CISCE/],
    ['Affiliation no.', /UP-168/],
    ['Affiliated since', /2003/],
    ['Name of the trust', /Society of St\. Thomas Educational Trust/],
    ["Principal's name", /Rev\. Fr\. Anselm Varkey/],
    ["Principal's address", /Principal's Residence/],
    ["Principal's e-mail", /principal@sthsm\.example\.org/],
    ["Principal's phone", /\+91 00000 00104/],
    ['Academic session', /April to March/],
    ['Vacation', /Mid May to end of June/],
  ];
  for (const [label, value] of rows) {
    const header = page.getByRole('rowheader', { name: label, exact: true });
    await expect(table.locator(header)).toHaveCount(1);
    await expect(table.getByRole('row').filter({ has: header })).toContainText(value);
  }
  const html = await serverText(request, '/school-information');
  for (const text of ['UP-168', '1976', '2003', 'April to March', 'Mid May to end of June']) expect(html).toContain(text);
});

test('activities: the school activities with pictures', async ({ page }) => {
  await openPage(page, '/activities', 'Activities', 'Student Corner');
  for (const name of ['Student Parliament', 'Morning Assembly & Prayer', 'Art & Craft', 'Clubs & Association']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  for (const img of await page.locator('main img').all()) {
    expect(await img.getAttribute('width')).toBeTruthy();
    expect(await img.getAttribute('height')).toBeTruthy();
  }
});

test('contact: address, three phones with one WhatsApp, e-mail, website, social links and map', async ({ page, request }) => {
  await openPage(page, '/contactUs', 'Contact Us', 'Contact Us');
  const main = page.getByRole('main');
  await expect(main.locator('address')).toContainText('Church Road, Civil Lines');
  const phones = main.locator('a[href^="tel:"]');
  await expect(phones).toHaveCount(3);
  await expect(main.getByRole('link', { name: '+91 00000 00101' })).toHaveAttribute('href', 'tel:+910000000101');
  await expect(main.getByRole('link', { name: /Chat on WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/910000000102');
  await expect(main.getByRole('link', { name: 'office@sthsm.example.org' })).toHaveAttribute('href', 'mailto:office@sthsm.example.org');
  await expect(main.getByRole('link', { name: 'sthsm.example.org', exact: true })).toHaveAttribute('href', 'https://sthsm.example.org');
  for (const name of ['Facebook', 'Instagram', 'YouTube', 'X (Twitter)']) {
    await expect(main.getByRole('link', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) })).toHaveAttribute('target', '_blank');
  }
  const map = main.locator('iframe');
  await expect(map).toHaveAttribute('title', /Map showing the location of St\. Thomas/);
  await expect(map).toHaveAttribute('loading', 'lazy');
  const box = await main.locator('.map-box').boundingBox();
  expect(box && box.height > 100).toBe(true);
  const html = await serverText(request, '/contactUs');
  expect(html).toContain('+91 00000 00103');
  expect(html).toContain('office@sthsm.example.org');
});
