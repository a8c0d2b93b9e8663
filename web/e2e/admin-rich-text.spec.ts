import { expect, test, type Page } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';
import { axeViolations } from './support/axe';
import { onOwnServer } from './support/own-server';
import { holdScript, hydrated, slowPhone, started, STARTED } from './support/slow-phone';

// The rich-text editor of html fields (the principal's message, decision 0062) on Chromium, by role
// and label: its toolbar and link dialog with the keyboard; what it writes is stored unchanged by the
// server's sanitizer and shown on the public page; without JavaScript the field is the plain textarea;
// pages without an html field do not load it.

// On a server of its own (E2E_PORT + 10): it publishes principal's messages, and the newest is the one every visitor sees.
const { dataDir } = onOwnServer({ offset: 10, name: 'rich-text' });

const editing = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
/** The editor's own chunk, editor-{hash}.js (not editor-parts-{hash}.js, the staff forms' buttons, which every item form loads). */
const EDITOR_CHUNK = /\/assets\/editor-[\w-]{8}\.js$/;
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting of Message' });
const tool = (page: Page, name: string) => toolbar(page).getByRole('button', { name, exact: true });

/** The published message as the public API gives it (the newest first). */
async function publicMessage(page: Page, marker: string): Promise<string> {
  const answer = await page.request.get('/api/PrincipalMessage/STHSM');
  const items = (await answer.json()) as Array<{ message: string }>;
  return items.map((i) => i.message).find((m) => m.includes(marker)) ?? '';
}

test('the toolbar and link dialog write HTML the server keeps as it is, and the public page shows it', async ({ page }) => {
  test.setTimeout(90_000);
  const marker = `Rich-${Date.now().toString(36)}`;
  await signIn(page, addStaff('editor', { dataDir }));
  await page.goto('/admin/principal-message/new');
  await hydrated(page);
  await expect(toolbar(page)).toBeVisible();
  await editing(page).click();
  await page.keyboard.type(`Welcome ${marker}`);
  // Each step starts once the editor shows the last one, as a person's would (a loaded machine lags).
  await expect(editing(page)).toContainText(`Welcome ${marker}`);
  await tool(page, 'Heading 2').click();
  await expect(tool(page, 'Heading 2')).toHaveAttribute('aria-pressed', 'true');
  await editing(page).press('End');
  await editing(page).press('Enter');
  await page.keyboard.type('Dear parents and students');
  await expect(editing(page).locator('p')).toHaveText('Dear parents and students');
  await editing(page).press('Shift+Home');
  await editing(page).press('Control+b');
  await expect(tool(page, 'Bold')).toHaveAttribute('aria-pressed', 'true');
  // The toolbar is one tab stop; arrow keys move inside it.
  await tool(page, 'Bold').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tool(page, 'Italic')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tool(page, 'Italic')).toHaveAttribute('aria-pressed', 'true');

  // A link: a refused address says why in the dialog; a good one becomes the link.
  await editing(page).press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Add link' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Link address').fill('javascript:alert(1)');
  await dialog.getByLabel('Link address').press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('Enter a link starting with https://');
  await dialog.getByLabel('Link address').fill('/admission-rules');
  await dialog.getByRole('button', { name: 'Apply link' }).click();
  await expect(dialog).toBeHidden();
  await expect(editing(page)).toBeFocused();
  await expect(editing(page).getByRole('link', { name: 'Dear parents and students' })).toHaveAttribute('href', '/admission-rules');
  await expect(tool(page, 'Link')).toHaveAttribute('aria-pressed', 'true');

  await editing(page).press('End');
  await editing(page).press('Enter');
  await tool(page, 'Numbered list').click();
  await page.keyboard.type('First point');
  await expect(tool(page, 'Numbered list')).toHaveAttribute('aria-pressed', 'true');
  await expect(editing(page).getByRole('listitem')).toHaveText('First point');
  await tool(page, 'Undo').click();
  await expect(editing(page).getByText('First point')).toHaveCount(0);
  await tool(page, 'Redo').click();
  await expect(editing(page).getByRole('listitem')).toHaveText('First point');
  await expect(editing(page).getByRole('link', { name: 'Dear parents and students' })).toBeVisible();
  await editing(page).press('Enter');
  await editing(page).press('Enter');
  await tool(page, 'Quote').click();
  await page.keyboard.type('A quoted line');

  // The form field holds what the editor wrote; saved, the server stores exactly that.
  const written = await page.locator('textarea[name="message"]').inputValue();
  expect(written).toContain(`<h2>Welcome ${marker}</h2>`);
  expect(written).toContain('<ol><li><p>First point</p></li></ol>');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  expect(await publicMessage(page, marker)).toBe(written);
  // Opened again, the editor shows the stored text and the form is unchanged.
  await hydrated(page);
  await expect(editing(page).getByRole('heading', { level: 2, name: `Welcome ${marker}` })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  await page.goto('/principal-message');
  await expect(page.getByRole('heading', { level: 2, name: `Welcome ${marker}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dear parents and students' })).toHaveAttribute('href', '/admission-rules');
  await expect(page.getByRole('blockquote')).toContainText('A quoted line');
});

test('a key pressed before the browser has reported the caret’s move acts where the caret is', async ({ page }) => {
  await signIn(page, addStaff('editor', { dataDir }));
  await page.goto('/admin/principal-message/new');
  await expect(toolbar(page)).toBeVisible();
  await editing(page).click();
  await page.keyboard.type('Dear parents and students');
  await expect(editing(page)).toContainText('Dear parents and students');
  // The caret moves as Shift+Home or End moves it, and the next key comes in the same task: the
  // browser's selectionchange event for the move only comes after the key, as on a busy phone.
  type Key = { key: string; code: string; keyCode: number; ctrlKey?: boolean; shiftKey?: boolean };
  const moveThenPress = (alter: 'move' | 'extend', direction: 'forward' | 'backward', move: Key, key: Key) =>
    editing(page).evaluate(
      (area, [how, way, moving, init]) => {
        const press = (k: typeof init) => area.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...k }));
        press(moving);
        area.ownerDocument.getSelection()?.modify(how, way, 'lineboundary');
        press(init);
      },
      [alter, direction, move, key] as const,
    );
  // Shift+Home, Ctrl+B: the whole line is bold, not just the next thing typed.
  await moveThenPress(
    'extend',
    'backward',
    { key: 'Home', code: 'Home', keyCode: 36, shiftKey: true },
    { key: 'b', code: 'KeyB', keyCode: 66, ctrlKey: true },
  );
  await expect(editing(page).locator('strong')).toHaveText('Dear parents and students');
  // End, Enter: a new paragraph after the line; the line is not replaced.
  await moveThenPress('move', 'forward', { key: 'End', code: 'End', keyCode: 35 }, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await expect(editing(page).locator('p')).toHaveCount(2);
  await expect(editing(page).locator('p').first()).toHaveText('Dear parents and students');
  await page.keyboard.type('Second line');
  await expect(editing(page).locator('p').nth(1)).toHaveText('Second line');
});

test('what is typed while the editor loads is kept, and typing goes on in the editor', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, addStaff('editor', { dataDir }));
  // A slow phone whose editor code arrives only once the person has clicked into the field and
  // typed; they go on typing while it starts and takes the textarea's place.
  await slowPhone(page);
  const editorCode = await holdScript(page, EDITOR_CHUNK);
  try {
    await page.goto('/admin/principal-message/new');
    await hydrated(page);
    await page.getByRole('textbox', { name: 'Message', exact: true }).click();
    await page.keyboard.type('Dear');
  } finally {
    editorCode.release();
  }
  await page.keyboard.type(' parents and students');
  await expect(toolbar(page)).toBeVisible(STARTED);
  await expect(editing(page)).toBeFocused();
  await expect(editing(page)).toHaveText('Dear parents and students');
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});

test('an existing link is changed and removed in the dialog', async ({ page }) => {
  await signIn(page, addStaff('editor', { dataDir }));
  await page.goto('/admin/principal-message/new');
  await expect(toolbar(page)).toBeVisible();
  await editing(page).click();
  await page.keyboard.type('Visit the office');
  await editing(page).press('Shift+Home');
  await tool(page, 'Link').click();
  await page.getByRole('dialog', { name: 'Add link' }).getByLabel('Link address').fill('mailto:office@example.org');
  await page.getByRole('button', { name: 'Apply link' }).click();
  await editing(page).press('ArrowLeft');
  await tool(page, 'Link').click();
  const dialog = page.getByRole('dialog', { name: 'Edit link' });
  await expect(dialog.getByLabel('Link address')).toHaveValue('mailto:office@example.org');
  await dialog.getByRole('button', { name: 'Remove link' }).click();
  await expect(editing(page).getByRole('link')).toHaveCount(0);
  await expect(page.locator('textarea[name="message"]')).toHaveValue('<p>Visit the office</p>');
  // Escape closes the dialog and keeps the text as it was.
  await tool(page, 'Link').click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(editing(page)).toBeFocused();
});

test('without JavaScript the message is a labelled textarea of HTML and saving works', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const marker = `Plain-${Date.now().toString(36)}`;
  await signIn(page, addStaff('editor', { dataDir }));
  await page.goto('/admin/principal-message/new');
  await expect(page.getByRole('toolbar')).toHaveCount(0);
  await page.getByLabel('Message', { exact: true }).fill(`<p>${marker} with <b>bold</b> and <script>alert(1)</script></p>`);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(`<p>${marker} with <strong>bold</strong> and </p>`);
  await context.close();
});

test('staff pages without an html field and public pages do not load the editor', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await signIn(page, addStaff('editor', { dataDir }));
  await page.goto('/admin/news/new');
  await hydrated(page);
  await page.goto('/');
  await started(page); // the home page loads no React, only its island (decision 0078)
  expect(await page.evaluate(() => document.querySelector('.ProseMirror'))).toBeNull();
  const before = scripts.length;
  await page.goto('/admin/principal-message/new');
  await hydrated(page);
  await expect(toolbar(page)).toBeVisible();
  // The editor's chunk came only now.
  const editorChunk = scripts.slice(before).find((s) => EDITOR_CHUNK.test(s));
  expect(editorChunk).toBeDefined();
  expect(scripts.slice(0, before)).not.toContain(editorChunk);
});

for (const width of [390, 1280]) {
  test(`axe: the editor, its link dialog and a field error at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await signIn(page, addStaff('editor', { dataDir }));
    await page.goto('/admin/principal-message/new');
    await hydrated(page);
    await expect(toolbar(page)).toBeVisible();
    const found = await axeViolations(page, 'editor');
    await editing(page).press('Control+k');
    await page.getByRole('dialog').getByLabel('Link address').fill('ftp://x');
    await page.getByRole('button', { name: 'Apply link' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
    found.push(...(await axeViolations(page, 'link dialog with an error')));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(editing(page)).toHaveAttribute('aria-invalid', 'true');
    found.push(...(await axeViolations(page, 'empty message refused')));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(found).toEqual([]);
  });
}
