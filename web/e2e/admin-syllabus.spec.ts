import { expect, test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addStaff, signIn } from './admin-helpers';
import { uploadAll } from './media-helpers';
import { axeViolations } from './support/axe';
import { onOwnServer } from './support/own-server';

// The syllabus PDFs at /admin/syllabus (STAFF.md), on Chromium by role and label: a PDF uploaded to
// the media library is chosen as a document's file, published, linked from the public /syllabus,
// and then cannot be deleted from the library. On a server of its own (E2E_PORT + 12): it publishes
// the syllabus page.

const { dataDir } = onOwnServer({ offset: 12, name: 'syllabus' });

test('a PDF of the library becomes a syllabus document, is linked on /syllabus, and is kept from deletion', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Syllabus-I-to-IV-${Date.now().toString(36)}.pdf`;
  const file = path.join(os.tmpdir(), name);
  writeFileSync(file, `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Syllabus, classes I to IV\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
  await signIn(page, addStaff('editor', { dataDir }));
  await page.goto('/admin/media');
  await uploadAll(page, [file]);

  await page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'Syllabus PDFs' }).click();
  await expect(page).toHaveURL(/\/admin\/syllabus$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit: Syllabus' })).toBeVisible();
  const second = page.getByRole('group', { name: 'Document 2' });
  await second.getByLabel('Document file').selectOption({ label: name });
  await second.getByLabel('Link text').fill('Classes I to IV (new)');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page, `/admin/syllabus at ${width} px`)).toEqual([]);
  }
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(second.getByLabel('Document file')).toHaveValue(/^m[0-9a-f]+$/);
  const ref = await second.getByLabel('Document file').inputValue();

  await page.goto('/syllabus');
  const link = page.getByRole('link', { name: /Classes I to IV \(new\)/ });
  await expect(link).toHaveAttribute('href', new RegExp(ref));
  const pdf = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // In use by the syllabus: the library refuses to delete it and says where it is used.
  await page.goto(`/admin/media?type=pdf&q=${encodeURIComponent(name.replace(/\.pdf$/, ''))}`);
  await page
    .getByRole('list', { name: 'Files' })
    .getByRole('link', { name: new RegExp(name) })
    .click();
  await expect(page.getByRole('region', { name: 'Where it is used' })).toContainText('Information page: Syllabus');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'Not deleted' })).toBeVisible();
  await page.getByRole('link', { name: 'Information page: Syllabus' }).first().click();
  await expect(page).toHaveURL(/\/admin\/syllabus$/);
});
