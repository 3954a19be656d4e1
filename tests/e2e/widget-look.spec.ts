import { expect, test, type Page } from '@playwright/test';
import { createBot, publishViaApi, token } from './flow-helpers';
import { signUpAndConfirm } from './helpers';

// Issue 13 items 9 and 10 in the chat page: the header's title, the favicon, and a chat that
// learns once that the server does not speak instead of asking /api/tts for every reply.

const text = (en: string) => ({ type: 'content', content: { type: 'text', title: 'Text', content: { en } } });
const ECHO = [
  {
    id: 'hello',
    name: 'hello',
    type: 'basic',
    x: 0,
    y: 0,
    next: [{ id: 0, node: 'ask' }],
    entries: [text('Hello there, I read my replies aloud.')],
  },
  {
    id: 'ask',
    name: 'ask',
    type: 'basic',
    x: 0,
    y: 200,
    next: [{ id: 0, node: 'echo' }],
    entries: [
      text('Say something.'),
      { type: 'variable', name: 'said', default: '', variableType: 'text', wait: true },
    ],
  },
  {
    id: 'echo',
    name: 'echo',
    type: 'basic',
    x: 0,
    y: 400,
    next: [{ id: 0, node: 'ask' }],
    entries: [text('You said ${{said}}.')],
  },
];

async function themeEdit(page: Page, botId: number, theme: unknown) {
  const response = await page.request.put(`/api/theme/${botId}`, {
    headers: { authorization: `Bearer ${await token(page)}` },
    multipart: { theme: JSON.stringify(theme) },
  });
  expect((await response.json()).success).toBe(true);
}

const log = (page: Page) => page.getByRole('log', { name: 'Conversation' });

test('the header shows the theme title, or the bot name when the theme has none', async ({ page }) => {
  await signUpAndConfirm(page);
  const bot = await createBot(page, 'Harbour Desk');
  await publishViaApi(page, bot.id, ECHO);

  await page.goto(`/chat?bot_id=${bot.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('BotFlow');

  await themeEdit(page, bot.id, { header: { headerTitle: 'Harbour help' } });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Harbour help');

  await themeEdit(page, bot.id, { header: { headerTitle: '' } });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Harbour Desk');
});

test('/favicon.ico is served, and the chat page and the app name it', async ({ page }) => {
  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/x-icon');
  await page.goto('/chat');
  await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute('href', '/favicon.ico');
  await page.goto('/login');
  await expect(page.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
});

test('with server speech off the chat speaks with the browser voices and never calls /api/tts', async ({
  page,
}) => {
  await signUpAndConfirm(page);
  const bot = await createBot(page, 'Quiet Desk', { use_tts: 'true' });
  await publishViaApi(page, bot.id, ECHO);
  await page.evaluate(() => localStorage.setItem('speakerListen', 'true'));

  // This test server has a speech endpoint; the widget info is changed to say it has none, as a
  // server without LLM_BASE_URL says (tests/api/widget-public.test.ts).
  await page.route('**/api/widget/*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    expect(body.speech).toEqual({ tts: true, stt: true });
    await route.fulfill({ response, json: { ...body, speech: { tts: false, stt: false } } });
  });
  const ttsCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/tts')) ttsCalls.push(request.url());
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The browser's voices: record what would have been said.
  await page.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    speechSynthesis.speak = (utterance) => {
      said.push(utterance.text);
      setTimeout(() => utterance.onend?.(new Event('end') as SpeechSynthesisEvent), 0);
    };
  });

  await page.goto(`/chat?bot_id=${bot.id}`);
  await expect(log(page)).toContainText('Say something.');
  for (const word of ['apples', 'pears']) {
    await page.getByRole('textbox', { name: 'Message' }).fill(word);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(log(page)).toContainText(`You said ${word}.`);
  }
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { said: string[] }).said))
    .toContain('You said pears.');
  expect(ttsCalls).toEqual([]);
  expect(errors).toEqual([]);
});
