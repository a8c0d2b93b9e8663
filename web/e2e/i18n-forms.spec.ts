import { expect, test, type Page } from '@playwright/test';
import { englishLeft } from './support/i18n';
import { REQUIRED_MESSAGES } from './alumni-form';
import { onOwnServerThatMails } from './support/mailing-server';

// Issue 35, the forms' part: the alumni form, the privacy notice, the data request form, the
// subscription pages and the pages of e-mailed links (confirm, manage, consent) at /hi/…
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

// The subscription pages and the pages of e-mailed links, on a server of their own (E2E_PORT + 41)
// that mails through an SMTP server in this process, as subscribe.spec.ts does.
test.describe('subscribing in Hindi', () => {
  const OFFSET = 41;
  const mailing = onOwnServerThatMails({ offset: OFFSET, name: 'i18n-subscribe' });
  const INVALID_EMAIL = 'मान्य ई-मेल पता भरें, जैसे name@example.org।';

  /** The path of the confirmation link in the newest e-mail to `to`. */
  async function confirmLink(to: string): Promise<string> {
    const pattern = /https?:\/\/[^\s"<>]+(\/subscribe\/confirm\?token=[A-Za-z0-9_-]{43})/;
    return mailing.linkIn(to, pattern);
  }

  async function subscribeInvalid(page: Page) {
    // The e-mail form's (with JavaScript, the notifications' own topics show too).
    const form = page.getByRole('form', { name: 'ई-मेल से' });
    await page.getByRole('textbox', { name: 'ई-मेल' }).fill('asha@');
    await form.getByRole('checkbox', { name: 'समाचार' }).uncheck();
    await page.getByRole('button', { name: 'ई-मेल से सदस्यता लें' }).click();
    const emailBox = page.getByRole('textbox', { name: 'ई-मेल' });
    await expect(page.locator('#subscribe-email-error')).toHaveText(`! ${INVALID_EMAIL}`);
    await expect(emailBox).toHaveValue('asha@');
    await expect(emailBox).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('heading', { name: 'कृपया 1 फ़ील्ड ठीक करें' })).toBeVisible();
    await expect(page.getByRole('link', { name: `ई-मेल: ${INVALID_EMAIL}` })).toBeVisible();
    await expect(form.getByRole('checkbox', { name: 'समाचार' })).not.toBeChecked();
    await expect(page).toHaveURL(/\/hi\/subscribe#by-email$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    expect(await englishLeft(page, { within: MAIN })).toEqual([]);
  }

  test('/hi/subscribe is Hindi: its ways, topics, frequencies and buttons', async ({ page }) => {
    await hindiPage(page, '/hi/subscribe', 'समाचार की सदस्यता लें');
    await expect(page.getByRole('heading', { level: 2, name: 'ई-मेल से' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'इस ब्राउज़र में नोटिफ़िकेशन' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'ई-मेल से' })).toHaveAttribute('action', '/hi/subscribe#by-email');
    await expect(page.getByRole('group', { name: 'आप किस बारे में जानना चाहते हैं' }).first()).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'परिणाम और टॉपर' }).first()).toBeChecked();
    await expect(page.getByRole('radio', { name: 'सप्ताह में एक ई-मेल, शनिवार को' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'ई-मेल से सदस्यता लें' })).toBeVisible();
    expect(await englishLeft(page, { within: MAIN })).toEqual([]);
  });

  test('/hi/subscribe with an invalid address answers in Hindi on /hi/subscribe, with JavaScript', async ({ page }) => {
    await page.goto('/hi/subscribe');
    await subscribeInvalid(page);
  });

  test('/hi/subscribe: the e-mailed link confirms in Hindi, and the manage page is Hindi', async ({ page }) => {
    const email = `parent.hi.${Date.now().toString(36)}@example.org`;
    await page.goto('/hi/subscribe');
    await page.getByRole('textbox', { name: 'ई-मेल' }).fill(email);
    await page.getByRole('button', { name: 'ई-मेल से सदस्यता लें' }).click();
    await expect(page.locator('#subscribe-notice')).toHaveText(`अपना इनबॉक्स देखें: सदस्यता की पुष्टि के लिए हमने ${email} पर एक लिंक भेजा है।`);
    await expect(page).toHaveURL(/\/hi\/subscribe#by-email$/);

    await page.goto(`/hi${await confirmLink(email)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    expect(await englishLeft(page, { within: MAIN })).toEqual([]);
    await page.getByRole('button', { name: 'मेरी सदस्यता की पुष्टि करें' }).click();
    await expect(page.getByText('आपकी सदस्यता शुरू हो गई है।')).toBeVisible();
    await expect(page).toHaveURL(/\/hi\/subscribe\/confirm\?token=/);
    await expect(page.getByRole('listitem').filter({ hasText: 'आपातकालीन सूचनाएँ' })).toBeVisible();
    expect(await englishLeft(page, { within: MAIN })).toEqual([]);
    const manage = page.getByRole('link', { name: 'अपनी सदस्यता बदलें या बंद करें' });
    await expect(manage).toHaveAttribute('href', /^\/hi\/subscribe\/manage\?token=[A-Za-z0-9_-]{43}$/);

    await manage.click();
    await expect(page.getByRole('heading', { level: 2, name: 'आपकी पसंद' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'पसंद सहेजें' })).toBeVisible();
    expect(await englishLeft(page, { within: MAIN })).toEqual([]);
    await page.getByRole('button', { name: 'सदस्यता छोड़ें' }).click();
    await expect(page.getByText('आपकी सदस्यता समाप्त हो गई है।', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'फिर से सदस्यता लें' })).toHaveAttribute('href', '/hi/subscribe');
    expect(await englishLeft(page, { within: MAIN })).toEqual([]);
  });

  test('links that are not valid say so in Hindi', async ({ page }) => {
    const pages: Array<[string, string]> = [
      ['/hi/subscribe/confirm', 'पुष्टि का यह लिंक अधूरा है।'],
      [`/hi/subscribe/manage?token=${'A'.repeat(43)}`, 'इस लिंक की अवधि समाप्त हो गई है या इसका उपयोग पहले ही हो चुका है।'],
      ['/hi/privacy/request/confirm', 'यह लिंक मान्य नहीं है: इसकी अवधि समाप्त हो गई है'],
      [`/hi/consent/${'A'.repeat(43)}`, 'यह लिंक अब मान्य नहीं है'],
    ];
    for (const [path, words] of pages) {
      await page.goto(path);
      await expect(page.locator('html'), path).toHaveAttribute('lang', 'hi-IN');
      await expect(page.getByRole('main').getByRole('alert'), path).toContainText(words);
      expect(await englishLeft(page, { within: MAIN }), path).toEqual([]);
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('/hi/subscribe posted with an invalid address answers 400 on /hi/subscribe in Hindi', async ({ page }) => {
      await page.goto('/hi/subscribe');
      await expect(page.getByText('ब्राउज़र नोटिफ़िकेशन के लिए जावास्क्रिप्ट')).toBeVisible();
      const answer = page.waitForResponse((r) => r.request().method() === 'POST');
      await subscribeInvalid(page);
      expect(new URL((await answer).url()).pathname).toBe('/hi/subscribe');
      expect((await answer).status()).toBe(400);
    });
  });
});
