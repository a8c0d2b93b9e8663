import { expect, test } from '@playwright/test';
import { openPage, serverText } from './pages-helpers';

// Facilities: laboratory, computer lab and library photo grids, the ERP page and the parent portal guide.

test('laboratory: Physics, Chemistry and Biology, each with a heading and a photo grid', async ({ page }) => {
  await openPage(page, '/laboratory', 'Laboratory', 'Facilities');
  for (const lab of ['Physics', 'Chemistry', 'Biology']) {
    await expect(page.getByRole('heading', { level: 2, name: `${lab} Laboratory` })).toBeVisible();
    const grid = page.getByRole('list', { name: `${lab} Laboratory photos` });
    await expect(grid.getByRole('img')).toHaveCount(4);
  }
  await expect(page.getByRole('list', { name: /Laboratory photos$/ })).toHaveCount(3);
});

test('computer lab: 10 photos and library: 12 photos, sized to avoid layout shift', async ({ page }) => {
  await openPage(page, '/computer-lab', 'Computer Lab', 'Facilities');
  const lab = page.getByRole('list', { name: 'Computer lab photos' }).getByRole('img');
  await expect(lab).toHaveCount(10);
  await expect(page.getByText(/40 networked computers/).first()).toBeVisible();
  await openPage(page, '/library', 'Library', 'Facilities');
  const library = page.getByRole('list', { name: 'Library photos' }).getByRole('img');
  await expect(library).toHaveCount(12);
  for (const img of await library.all()) {
    await expect(img).toHaveAttribute('width', /^\d+$/);
    await expect(img).toHaveAttribute('height', /^\d+$/);
  }
});

test('photo counts are in the server HTML', async ({ request }) => {
  const count = async (path: string, file: RegExp) => {
    const html = await (await request.get(path)).text();
    return new Set(html.match(file)).size;
  };
  expect(await count('/computer-lab', /computer-lab-\d+\.jpg/g)).toBe(10);
  expect(await count('/library', /library-\d+\.jpg/g)).toBe(12);
  expect(await count('/laboratory', /lab-(physics|chemistry|biology)-\d+\.jpg/g)).toBe(12);
});

test('a lab photo opens in the lightbox, and the image loads', async ({ page }) => {
  await page.goto('/laboratory');
  const first = page.getByRole('list', { name: 'Physics Laboratory photos' }).getByRole('link').first();
  const image = first.getByRole('img');
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await first.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('ERP: text about the provider, three linked images and the mobile app', async ({ page }) => {
  await openPage(page, '/erp-software', 'ERP Software', 'Facilities');
  await expect(page.getByText(/Our ERP provider is SchoolConnect ERP/)).toBeVisible();
  const linkedImages = page.locator('main .erp-grid a img');
  await expect(linkedImages).toHaveCount(3);
  for (const name of ['Fee management', 'Attendance and results', 'Circulars and messages']) {
    await expect(page.getByRole('link', { name: new RegExp(`^${name} in`) })).toHaveAttribute('href', 'https://erp.example.org');
  }
  await expect(page.getByRole('img', { name: 'The school mobile app on a phone' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /for iOS/ })).toHaveAttribute('href', /ios/);
  await expect(page.getByRole('main').getByRole('link', { name: /for Android/ })).toHaveAttribute('href', /android/);
});

test('parent portal: every web and app step, store links and the help desk', async ({ page, request }) => {
  await openPage(page, '/parent-portal', 'Parent Portal', 'Facilities');
  const web = page.getByRole('list', { name: 'Pay fees on the website' });
  await expect(web.locator('> li')).toHaveText([
    /^Log in to the parent portal/,
    /^Click Pay Online\./,
    /^Select the installment/,
    /^Click Proceed to Pay\./,
    /^Check the amount and click Pay now\./,
    /^Choose a payment mode/,
  ]);
  await expect(web.locator('> li').last().getByRole('listitem')).toHaveText([
    'Debit or credit cards',
    'Internet banking',
    'UPI / QR code',
    'Wallet',
  ]);
  await expect(page.getByText(/download your receipts free of charge from the Fee section/)).toBeVisible();
  const app = page.getByRole('list', { name: 'Pay fees in the mobile app' });
  await expect(app.getByRole('listitem').nth(1)).toHaveText('Enter the school code: STHSM.');
  await expect(app.getByRole('listitem').nth(2)).toContainText('Log in');
  await expect(app.getByRole('listitem').nth(3)).toContainText('Tap the Fees icon');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /for iOS/ })).toHaveAttribute('href', 'https://apps.example.org/ios/schoolconnect-demo');
  await expect(main.getByRole('link', { name: /for Android/ })).toHaveAttribute(
    'href',
    'https://apps.example.org/android/schoolconnect-demo',
  );
  await expect(page.getByText('8:00 AM to 8:00 PM')).toBeVisible();
  await expect(main.getByRole('link', { name: '+91 00000 00110' })).toHaveAttribute('href', 'tel:+910000000110');
  await expect(main.getByRole('link', { name: 'helpdesk@sthsm.example.org' })).toHaveAttribute('href', 'mailto:helpdesk@sthsm.example.org');
  const html = await serverText(request, '/parent-portal');
  for (const text of ['Pay Online', 'Proceed to Pay', 'Pay now', 'Fees icon', '8:00 AM to 8:00 PM', 'helpdesk@sthsm.example.org']) {
    expect(html).toContain(text);
  }
});
