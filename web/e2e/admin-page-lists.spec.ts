import { expect, test, type Page } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';
import { axeViolations } from './support/axe';
import { onOwnServer } from './support/own-server';
import { started } from './support/slow-phone';

// An information page's lists (/admin/pages/timings: its notes) get entries added and removed by the
// form's own buttons, with and without JavaScript: the typed texts stay, nothing is saved until
// Publish, and the public page then shows the list as edited. On a server of its own (E2E_PORT + 22):
// its tests publish the timings page, which the history spec also publishes on the shared server (a
// save between another's load and Publish is a conflict, rightly) and other specs read.

const { dataDir } = onOwnServer({ offset: 22, name: 'page-lists' });

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });
const notes = (page: Page) => page.getByRole('group', { name: 'Notes', exact: true });

for (const javaScriptEnabled of [false, true]) {
  test(`notes of the timings page are added and removed ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await signIn(page, addStaff('editor', { dataDir }));
    await page.goto('/admin/pages/timings');
    // With JavaScript, the form is used once it has started: typing before then is the slow-phone
    // specs' subject, and a fill racing hydration (select-all, then React resets the untouched
    // textarea's text and the caret with it) put the new text in front of the old.
    if (javaScriptEnabled) await started(page);
    const first = await label(page, 'Note 1').inputValue();
    const second = await label(page, 'Note 2').inputValue();
    const typed = `Typed before adding ${javaScriptEnabled ? 'with' : 'without'} script`;
    await label(page, 'Introduction').fill(typed);
    const count = await notes(page).getByRole('textbox').count();
    await notes(page).getByRole('button', { name: 'Add note' }).click();
    await expect(notes(page).getByRole('textbox')).toHaveCount(count + 1);
    const added = label(page, `Note ${count + 1}`);
    await expect(added).toHaveValue('');
    await expect(label(page, 'Introduction')).toHaveValue(typed);
    const marker = `A new note ${Date.now().toString(36)}`;
    await added.fill(marker);
    await notes(page).getByRole('button', { name: 'Remove note 1' }).click();
    await expect(notes(page).getByRole('textbox')).toHaveCount(count);
    await expect(label(page, 'Note 1')).toHaveValue(second);
    await expect(label(page, `Note ${count}`)).toHaveValue(marker);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await expect(label(page, `Note ${count}`)).toHaveValue(marker);
    await page.goto('/timings');
    await expect(page.getByText(marker)).toBeVisible();
    await expect(page.getByText(first, { exact: true })).toHaveCount(0);
    await context.close();
  });
}

test('the timings form with an added note has no axe violation at 390 and 1280 px', async ({ page }) => {
  await signIn(page, addStaff('editor', { dataDir }));
  await page.goto('/admin/pages/timings');
  await notes(page).getByRole('button', { name: 'Add note' }).click();
  await expect(
    notes(page)
      .getByRole('button', { name: /^Remove note / })
      .first(),
  ).toBeVisible();
  const found: string[] = [];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    found.push(...(await axeViolations(page, `timings with an added note @${width}`)));
  }
  expect(found).toEqual([]);
});

for (const javaScriptEnabled of [false, true]) {
  test(`a note added and nothing typed is an unsaved change ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await signIn(page, addStaff('editor', { dataDir }));
    await page.goto('/admin/pages/timings');
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    await notes(page).getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    if (javaScriptEnabled) {
      // Leaving for another staff page asks first; staying keeps the added note. Only the page's
      // script can ask: a click before it has started (the note may have been added by a plain
      // form post, a new page) is an ordinary link.
      await started(page);
      let asked = '';
      page.on('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.dismiss();
      });
      const leave = () => page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'Information pages' }).click();
      await leave();
      await expect.poll(() => asked).toContain('unsaved changes');
      await expect(page).toHaveURL(/\/admin\/pages\/timings$/);
      // A click while the page still loads the answer to another add (the revalidation held here)
      // asks too: the page is changed whether or not a request is on its way.
      asked = '';
      let release: (() => void) | undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let holding = false;
      await page.route(/\/admin\/pages\/timings\.data/, async (route) => {
        if (route.request().method() === 'GET') {
          holding = true;
          await held;
        }
        await route.continue();
      });
      const count = await notes(page).getByRole('textbox').count();
      await notes(page).getByRole('button', { name: 'Add note' }).click();
      await expect.poll(() => holding).toBe(true);
      await leave();
      await expect.poll(() => asked).toContain('unsaved changes');
      release?.();
      await expect(notes(page).getByRole('textbox')).toHaveCount(count + 1);
      await expect(page).toHaveURL(/\/admin\/pages\/timings$/);
      await page.unrouteAll({ behavior: 'wait' });
    }
    await context.close();
  });
}
