import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { screenshot, signUpAndConfirm } from './helpers';
import { REGISTERED_SITE } from './host-page/env';
import { createShopBot, hostPage, publishFlow } from './host-page/widget-flow';

// Issue 13 items 6 and 11 in a real browser: a language-changer node switches the conversation to
// French and the widget's language select follows it; the guest's own switch back to English
// holds on the next turns; a wizard asked twice says "1 of 2", then "2 of 2", in the question.

const FRENCH = 3;
let botId = 0;

const flow = [
  {
    id: 'welcome',
    name: 'welcome',
    type: 'basic',
    x: 100,
    y: 0,
    next: [{ id: 0, node: 'to-fr' }],
    entries: [
      {
        type: 'content',
        content: { type: 'text', title: 'Text', content: { en: 'Hello!', fr: 'Bonjour !' } },
      },
    ],
  },
  {
    id: 'to-fr',
    name: 'to-fr',
    type: 'language-changer',
    x: 100,
    y: 150,
    language: FRENCH,
    rememberPreference: false,
    next: [{ id: 0, node: 'signup' }],
  },
  {
    id: 'signup',
    name: 'signup',
    type: 'wizard',
    x: 100,
    y: 300,
    wizard: {
      iterations: 2,
      offsite: 1,
      fields: [
        { id: 1, type: 'email', attr: 'email', feedback: { en: 'Your email?', fr: 'Votre e-mail ?' } },
      ],
    },
    store: { name: 'wizard_list' },
    next: [{ id: 0, node: null }],
  },
];

test.use({ viewport: { width: 1200, height: 800 } });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signUpAndConfirm(page);
  const token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
  botId = await createShopBot(page.request, token, { use_tts: 'false' });
  await publishFlow(page.request, token, botId, flow);
  await page.close();
});

const chat = (page: Page): FrameLocator => page.frameLocator('iframe[title="Chat"]');
const log = (frame: FrameLocator) => frame.getByRole('log', { name: 'Conversation' });
const bubble = (frame: FrameLocator, question: string) =>
  log(frame).locator('.bubble', { hasText: question }).last();

test("the language select follows the flow's language, and a repeating wizard says which pass it is on", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sent: (string | null)[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/chat') && request.method() === 'POST') {
      const body = request.postData() ?? '';
      sent.push(/name="language"\r\n\r\n(\w+)/.exec(body)?.[1] ?? null);
    }
  });
  await page.goto(hostPage(REGISTERED_SITE, botId, { name: 'Shop assistant' }));
  await page.getByRole('button', { name: 'Chat with Shop assistant' }).click();
  const frame = chat(page);
  const select = frame.getByRole('combobox', { name: 'Language' });

  // The language-changer switched to French: the question is French and the select shows it.
  await expect(bubble(frame, 'Votre e-mail ?')).toContainText('1 sur 2');
  await expect(select).toHaveValue(String(FRENCH));
  await screenshot(page, 'widget-language-follows-flow');

  // The guest switches back to English: the conversation is re-rendered, and the next turns keep it.
  await select.selectOption({ label: 'EN' });
  await expect(bubble(frame, 'Your email?')).toContainText('1 of 2');
  const box = frame.getByRole('textbox', { name: 'Message' });
  await box.fill('not an email');
  await box.press('Enter');
  await expect(log(frame).getByText('Please enter a valid email address.')).toBeVisible();
  // The step's sentence is asked again, still the first pass.
  await expect(log(frame).locator('.bubble', { hasText: 'Your email?' })).toHaveCount(2);
  await expect(bubble(frame, 'Your email?')).toContainText('1 of 2');
  await box.fill('ada@example.com');
  await box.press('Enter');
  await expect(bubble(frame, 'Your email?')).toContainText('2 of 2');
  await expect(select).toHaveValue('2');
  await screenshot(page, 'widget-wizard-progress');
  // The widget never sent a language: the guest's pick went through PUT /api/language.
  expect(sent.length).toBeGreaterThanOrEqual(3);
  expect(sent.every((language) => language === null)).toBe(true);
});
