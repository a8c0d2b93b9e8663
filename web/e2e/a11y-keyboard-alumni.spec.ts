import { expect, test, type Page } from '@playwright/test';
import { control, LABELS, storedSubmissions, validEntry, type Field } from './alumni-form';

// The alumni form completed with the keyboard alone (Tab, typing, arrow keys in the
// selects, Enter to submit), with a visible focus indicator on every field on the way.

const SELECTS = new Set<Field>(['fromYear', 'class', 'toYear', 'school2', 'subject', 'profession1']);

async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const s = getComputedStyle(el);
    return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
  });
}

test('alumni form: every field by keyboard, submitted with Enter, stored', async ({ page }) => {
  // Loopback is a trusted proxy: a client address of its own keeps clear of the other specs' rate limit.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.44' });
  await page.goto('/alumni');
  await page.waitForLoadState('networkidle');
  const entry = validEntry(`kbd${Date.now()}`);
  let stops = 0;
  // The fields in the order Tab reaches them (the page's order, not the list's).
  const ids = await page.locator('form [id^="alumni-"]').evaluateAll((els) => els.map((e) => e.id.slice('alumni-'.length)));
  const fields = ids.filter((id): id is Field => id in LABELS);
  expect(fields.length).toBe(Object.keys(LABELS).length);
  for (const field of fields) {
    const target = control(page, field);
    for (let i = 0; ; i++) {
      expect(i, `${field} reached by Tab`).toBeLessThan(120);
      await page.keyboard.press('Tab');
      expect(await focusIsVisible(page), `visible focus before ${field}`).toBe(true);
      stops += 1;
      if (await target.evaluate((el) => el === document.activeElement)) break;
    }
    if (SELECTS.has(field)) {
      // The first real option after the placeholder, then one more for the "left" fields.
      await page.keyboard.press('ArrowDown');
      if (field === 'fromYear') await page.keyboard.press('ArrowDown');
      await expect(target).not.toHaveValue('');
    } else {
      await page.keyboard.type(entry[field]);
      await expect(target).toHaveValue(entry[field].replace(/\n/g, field.startsWith('address') ? '\n' : ''));
    }
  }
  const submit = page.getByRole('button', { name: 'Submit' });
  for (let i = 0; !(await submit.evaluate((el) => el === document.activeElement)); i++) {
    expect(i).toBeLessThan(20);
    await page.keyboard.press('Tab');
  }
  expect(await focusIsVisible(page)).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your Form Submitted Successfully.')).toBeVisible();
  await expect(control(page, 'name')).toHaveValue('');
  expect(storedSubmissions(entry.email)).toHaveLength(1);
  console.log(`keyboard alumni journey: ${Object.keys(LABELS).length} fields, ${stops} focus stops, submitted and stored`);
});
