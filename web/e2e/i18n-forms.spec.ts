import { expect, test, type Page } from '@playwright/test';
import { englishLeft } from './support/i18n';
import { REQUIRED_MESSAGES } from './alumni-form';

// Issue 35, the forms' part: the alumni form, the privacy notice and the data request form at /hi/…
// are Hindi around the school's own text (marked lang="en"); their checks answer in Hindi, in the
// browser and from the server, on the Hindi address; the English pages keep SPEC's English.

/** The page's own part (the shell is i18n-shell.spec.ts's, and shows the school's name and address). */
const MAIN = 'main';

const HINDI_REQUIRED: Record<string, string> = {
  'alumni-fromYear': 'बैच चुनना अनिवार्य है।',
  'alumni-school2': 'अंतिम कक्षा चुनना अनिवार्य है।',
  'alumni-fatherName': 'नाम भरना अनिवार्य है।',
  'alumni-email': 'ई-मेल भरना अनिवार्य है।',
  'alumni-phone': 'मोबाइल नंबर भरना अनिवार्य है।',
  'alumni-profession1': 'व्यवसाय चुनना अनिवार्य है।',
};

async function hindiPage(page: Page, path: string, heading: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('/hi/alumni is Hindi: its form, labels, options and links', async ({ page }) => {
  const response = await page.goto('/hi/alumni');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('heading', { level: 2, name: 'पूर्व छात्र के रूप में पंजीकरण करें' })).toBeVisible();
  for (const legend of ['विद्यालय में आपका समय', 'विद्यालय में आपका बच्चा', 'संपर्क', 'उच्च शिक्षा', 'कार्य']) {
    await expect(page.getByRole('group', { name: legend })).toBeVisible();
  }
  await expect(page.getByLabel('आपका नाम')).toBeVisible();
  await expect(page.locator('#alumni-profession1 option[value="1"]')).toHaveText('लेखा (अकाउंटिंग)');
  await expect(page.locator('#alumni-class option[value="nur"]')).toHaveText('नर्सरी');
  await expect(page.getByRole('link', { name: 'निजता सूचना' })).toHaveAttribute('href', '/hi/privacy');
  await expect(page.getByRole('button', { name: 'जमा करें' })).toBeVisible();
  expect(await englishLeft(page, { within: MAIN })).toEqual([]);
});

async function submitEmptyInHindi(page: Page) {
  await page.locator('#alumni-name').fill('आशा वर्मा');
  await page.getByRole('button', { name: 'जमा करें' }).click();
  await expect(page.getByRole('heading', { name: `कृपया ${REQUIRED_MESSAGES.length - 1} फ़ील्ड ठीक करें:` })).toBeVisible();
  for (const [id, message] of Object.entries(HINDI_REQUIRED)) {
    await expect(page.locator(`#${id}-error`)).toHaveText(`! ${message}`);
  }
  await expect(page.locator('#alumni-name-error')).toHaveCount(0);
  await expect(page.locator('#alumni-name')).toHaveValue('आशा वर्मा');
  await expect(page).toHaveURL(/\/hi\/alumni$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  expect(await englishLeft(page, { within: MAIN })).toEqual([]);
}

test('/hi/alumni submitted with most fields empty: Hindi messages in the browser, nothing sent', async ({ page }) => {
  await page.goto('/hi/alumni');
  await expect(page.locator('html[data-island="alumni"], html')).toBeVisible();
  await submitEmptyInHindi(page);
  await expect(page.locator('#alumni-fromYear')).toBeFocused();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/hi/alumni posted with most fields empty answers 400 on /hi/alumni in Hindi, keeping what was typed', async ({ page }) => {
    await page.goto('/hi/alumni');
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.locator('#alumni-name').fill('आशा वर्मा');
    await page.getByRole('button', { name: 'जमा करें' }).click();
    expect(new URL((await answer).url()).pathname).toBe('/hi/alumni');
    expect((await answer).status()).toBe(400);
    await submitEmptyInHindiAnswered(page);
  });

  test('/alumni still answers with SPEC’s English messages', async ({ page }) => {
    await page.goto('/alumni');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    for (const [field, message] of REQUIRED_MESSAGES) await expect(page.locator(`#alumni-${field}-error`)).toHaveText(`! ${message}`);
  });
});

async function submitEmptyInHindiAnswered(page: Page) {
  await expect(page.getByRole('heading', { name: `कृपया ${REQUIRED_MESSAGES.length - 1} फ़ील्ड ठीक करें:` })).toBeVisible();
  for (const [id, message] of Object.entries(HINDI_REQUIRED)) await expect(page.locator(`#${id}-error`)).toHaveText(`! ${message}`);
  await expect(page.locator('#alumni-name')).toHaveValue('आशा वर्मा');
  await expect(page).toHaveURL(/\/hi\/alumni$/);
  expect(await englishLeft(page, { within: MAIN })).toEqual([]);
}

test('/alumni in the browser keeps SPEC’s English messages', async ({ page }) => {
  await page.goto('/alumni');
  await page.getByRole('button', { name: 'Submit' }).click();
  for (const [field, message] of REQUIRED_MESSAGES) await expect(page.locator(`#alumni-${field}-error`)).toHaveText(`! ${message}`);
  await expect(page.getByRole('heading', { name: `Please correct ${REQUIRED_MESSAGES.length} fields:` })).toBeVisible();
});

test('/hi/privacy is the notice in Hindi, the school’s contact marked English', async ({ page }) => {
  await hindiPage(page, '/hi/privacy', 'निजता सूचना');
  await expect(page.getByRole('heading', { level: 2, name: 'आपके अधिकार' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'पूर्व छात्र पंजीकरण फ़ॉर्म' })).toContainText('हम क्या रखते हैं');
  await expect(page.getByText('भारतीय डेटा संरक्षण बोर्ड से शिकायत')).toBeVisible();
  await expect(page.getByRole('link', { name: 'डेटा अनुरोध फ़ॉर्म' })).toHaveAttribute('href', '/hi/privacy/request');
  expect(await englishLeft(page, { within: MAIN })).toEqual([]);
});

test('/hi/privacy/request is Hindi, and its checks answer in Hindi on the Hindi address', async ({ page }) => {
  await hindiPage(page, '/hi/privacy/request', 'अपना डेटा माँगें');
  await expect(page.getByRole('form', { name: 'अपने डेटा के बारे में अनुरोध करें' })).toHaveAttribute('action', '/hi/privacy/request#ask');
  expect(await englishLeft(page, { within: MAIN })).toEqual([]);
  await page.getByRole('button', { name: 'मेरा अनुरोध भेजें' }).click();
  await expect(page).toHaveURL(/\/hi\/privacy\/request#ask$/);
  await expect(page.locator('#rr-kind-error')).toHaveText('! चुनें कि आप क्या चाहते हैं।');
  await expect(page.locator('#rr-name-error')).toHaveText('! अपना नाम भरें।');
  expect(await englishLeft(page, { within: MAIN })).toEqual([]);
});
