import { expect, test } from '@playwright/test';
import { openPage, serverText } from './pages-helpers';

// Student corner: the 11 clubs and the four houses (WAI-ARIA tabs).

const CLUBS = ['Science', 'Nature', 'Commerce', 'Language', 'Health & wellness', 'Sports', 'Maths', 'Career', 'Charity', 'Quiz', 'F. M.'];
const HOUSES: Array<[string, string, string]> = [
  ["St. Mary's", 'Blue', 'Charity'],
  ["St. Antony's", 'Yellow', 'Truth'],
  ['St. Joseph', 'Green', 'Co-operation'],
  ["Mother Teresa's", 'Red', 'Service'],
];

test('clubs and association: the 11 clubs of SPEC, each described', async ({ page, request }) => {
  await openPage(page, '/clubs-association', 'Clubs & Association', 'Student Corner');
  const list = page.getByRole('list', { name: 'Our 11 clubs' });
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(CLUBS.map((club) => `${club} Club`));
  for (const item of await list.getByRole('listitem').all()) await expect(item.locator('p')).not.toBeEmpty();
  const html = await serverText(request, '/clubs-association');
  for (const club of CLUBS) expect(html).toContain(`${club} Club`);
});

test('houses: four tabs, the first selected, each panel with image, colour and motto', async ({ page }) => {
  await openPage(page, '/house', 'School Houses', 'Student Corner');
  const tabs = page.getByRole('tablist', { name: 'School houses' }).getByRole('tab');
  await expect(tabs).toHaveText(HOUSES.map(([name]) => name));
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveCount(1);
  for (const [index, [name, colour, motto]] of HOUSES.entries()) {
    await tabs.nth(index).click();
    await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[role="tab"][aria-selected="true"]')).toHaveCount(1);
    const panel = page.getByRole('tabpanel', { name });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: `${name} House` })).toBeVisible();
    await expect(panel.getByRole('definition')).toHaveText([colour, motto]);
    await expect(panel.getByRole('img', { name: new RegExp(`${name}.*\\(${colour}\\)`) })).toBeVisible();
  }
});

test('houses: arrow keys, Home and End move and select, with a roving tabindex', async ({ page }) => {
  await page.goto('/house');
  const tabs = page.getByRole('tab');
  await tabs.first().focus();
  const expectSelected = async (index: number) => {
    const [name, colour, motto] = HOUSES[index]!;
    await expect(tabs.nth(index)).toBeFocused();
    await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.nth(index)).toHaveAttribute('tabindex', '0');
    await expect(page.locator('[role="tab"][tabindex="-1"]')).toHaveCount(3);
    await expect(page.getByRole('tabpanel', { name })).toContainText(`${colour}`);
    await expect(page.getByRole('tabpanel', { name })).toContainText(motto);
  };
  await page.keyboard.press('ArrowRight');
  await expectSelected(1);
  await page.keyboard.press('ArrowRight');
  await expectSelected(2);
  await page.keyboard.press('ArrowLeft');
  await expectSelected(1);
  await page.keyboard.press('End');
  await expectSelected(3);
  await page.keyboard.press('ArrowRight');
  await expectSelected(0);
  await page.keyboard.press('ArrowLeft');
  await expectSelected(3);
  await page.keyboard.press('Home');
  await expectSelected(0);
  // Tab leaves the tablist for the selected panel.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: "St. Mary's" })).toBeFocused();
});

test('houses: every house, colour and motto is in the server HTML, first panel shown', async ({ request }) => {
  const response = await request.get('/house');
  const html = await response.text();
  expect(html).toMatch(/aria-selected="true"[^>]*>.*?St\. Mary/);
  expect(html.match(/<div role="tabpanel"[^>]*hidden/g)?.length).toBe(3);
  const text = await serverText(request, '/house');
  for (const [name, colour, motto] of HOUSES) {
    expect(text).toContain(`${name} House`);
    expect(text).toContain(colour);
    expect(text).toContain(motto);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('houses: each tab is a link that opens its house, server-rendered', async ({ page }) => {
    await page.goto('/house');
    const tabs = page.getByRole('tablist', { name: 'School houses' }).getByRole('tab');
    await expect(tabs).toHaveText(HOUSES.map(([name]) => name));
    for (const [index, [name, colour, motto]] of HOUSES.entries()) {
      await tabs.nth(index).click();
      await expect(page).toHaveURL(/\?house=[a-z]+$/);
      await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toHaveCount(1);
      const panel = page.getByRole('tabpanel', { name });
      await expect(panel.getByRole('heading', { level: 2, name: `${name} House` })).toBeVisible();
      await expect(panel.getByRole('definition')).toHaveText([colour, motto]);
    }
  });
});
