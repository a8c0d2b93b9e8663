import { expect, test, type Page } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';
import { holdScript, slowPhone, started, STARTED } from './support/slow-phone';

// Staff on a slow phone type into a form's long text fields while the page is still starting. React
// sets a textarea's text back to what the server sent when it hydrates it, so that text used to
// vanish (lib/typed-before-start.ts keeps it): it stays, the caret where it was, the form says it has
// unsaved changes, and a save keeps it. One-line inputs were never touched and are checked alongside.
// Hydration also moved a caret or selection made before it to the start of the field (in Chromium),
// so a field selected to be typed over got the new text in front of the old: it is typed over whole.

test.use({ viewport: { width: 390, height: 844 } });

const PAGE = '/admin/pages/parent-portal';
const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });

test('text typed into a long field before the page has started is kept, and saved', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, addStaff('editor'));
  const held = await holdScript(page, /\.js(\?|$)/);
  try {
    await page.goto(PAGE, { waitUntil: 'domcontentloaded' });
    const introduction = label(page, 'Introduction');
    const description = label(page, 'Page description (for search results)');
    const served = await introduction.inputValue();
    const typed = ` Typed while the page started ${Date.now().toString(36)}.`;
    await introduction.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(typed);
    await description.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' (typed early)');
    await introduction.click();
    await page.keyboard.press('Control+End');
    held.release();
    await started(page);
    await expect(introduction).toHaveValue(served + typed);
    await expect(description).toHaveValue(/ \(typed early\)$/);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    // Typing goes on where it stopped.
    await page.keyboard.type(' Then more.');
    await expect(introduction).toHaveValue(`${served}${typed} Then more.`);

    await page.getByRole('button', { name: 'Save draft', exact: true }).click();
    await expect(page.getByText('Saved.')).toBeInViewport();
    await page.reload();
    await expect(label(page, 'Introduction')).toHaveValue(`${served}${typed} Then more.`);
    // Tidying up, not under test: on a busy machine a press before the reloaded page has started was
    // a whole-page post still under way when the status was looked for.
    await started(page);
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect(page.getByText('Published (no draft waiting)')).toBeVisible();
    await expect(label(page, 'Introduction')).toHaveValue(served);
  } finally {
    held.release();
  }
});

test('on a phone-class CPU, typing at once into a long field loses nothing', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, addStaff('editor'));
  await slowPhone(page);
  await page.goto(PAGE, { waitUntil: 'domcontentloaded' });
  const field = label(page, 'Help desk');
  const served = await field.inputValue();
  await field.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Call between 9 and 1.');
  await started(page);
  await expect(field).toHaveValue(`${served} Call between 9 and 1.`, STARTED);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
});

test('a long field selected before the page has started is typed over whole', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, addStaff('editor'));
  const held = await holdScript(page, /\.js(\?|$)/);
  try {
    await page.goto(PAGE, { waitUntil: 'domcontentloaded' });
    const field = label(page, 'Help desk');
    const served = await field.inputValue();
    expect(served.length).toBeGreaterThan(0);
    await field.click();
    await page.keyboard.press('Control+A');
    held.release();
    await started(page);
    // The selection survived hydration: typing replaces the whole text.
    expect(await field.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, served.length]);
    await page.keyboard.type('Call the office.');
    await expect(field).toHaveValue('Call the office.');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
  } finally {
    held.release();
  }
});
