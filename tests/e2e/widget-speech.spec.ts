import { expect, test, type Page } from '@playwright/test';
import { SPEAKER_KEY } from '../../src/core/widget/guest';
import { signUpAndConfirm } from './helpers';
import { PRODUCT, REGISTERED_SITE } from './host-page/env';
import { createShopBot, publishFlow } from './host-page/widget-flow';

// The bot's speech switches in the chat (issue 13 item 13): with "External API" text to speech
// off the chat speaks with the browser's voices only and never calls /api/tts; on, it asks
// /api/tts, which speaks through the OpenAI-compatible /v1/audio/speech at LLM_BASE_URL (the host
// page server's fake) in the voice of the bot's gender.

const GREETING = 'Welcome to the tea shop.';
const bots = { off: 0, on: 0 };

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signUpAndConfirm(page);
  const token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
  const flow = [
    {
      id: 'hello',
      name: 'hello',
      type: 'basic',
      x: 0,
      y: 0,
      next: [{ id: 0, node: null }],
      entries: [{ type: 'content', content: { type: 'text', title: 'Text', content: { en: GREETING } } }],
    },
  ];
  const origins = `${REGISTERED_SITE},${PRODUCT}`;
  bots.off = await createShopBot(page.request, token, {
    name: 'Browser voice',
    origins,
    use_ext_tts: 'false',
  });
  bots.on = await createShopBot(page.request, token, {
    name: 'Server voice',
    origins,
    use_ext_tts: 'true',
    tts_gender: '1',
  });
  for (const id of [bots.off, bots.on]) await publishFlow(page.request, token, id, flow);
  await page.close();
});

/** Opens the bot's chat with the speaker on; answers the speech calls the page makes. */
async function chatAloud(page: Page, botId: number): Promise<string[]> {
  const speechCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(tts|stt)\b/.test(r.url())) speechCalls.push(new URL(r.url()).pathname);
  });
  await page.addInitScript((key) => localStorage.setItem(key, 'true'), SPEAKER_KEY);
  await page.goto(`${PRODUCT}/chat?bot_id=${botId}`);
  await expect(page.getByText(GREETING)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mute the bot' })).toBeVisible();
  return speechCalls;
}

test('with External API text to speech off the chat never calls /api/tts', async ({ page }) => {
  // What the browser's own voice is asked to say.
  await page.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    const synth = window.speechSynthesis;
    const speak = synth.speak.bind(synth);
    synth.speak = (utterance) => (said.push(utterance.text), speak(utterance));
  });
  const calls = await chatAloud(page, bots.off);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { said: string[] }).said))
    .toContain(GREETING);
  expect(calls).toEqual([]);
});

test('with External API text to speech on the chat asks /api/tts, in the male voice', async ({ page }) => {
  const tts = page.waitForResponse((r) => r.url().includes('/api/tts'));
  await chatAloud(page, bots.on);
  expect((await tts).status()).toBe(200);
  const log = (await (await page.request.get(`${REGISTERED_SITE}/llm-log`)).json()) as {
    path: string;
    json?: { input?: string; voice?: string };
  }[];
  expect(log.filter((call) => call.path === '/v1/audio/speech').at(-1)?.json).toMatchObject({
    input: GREETING,
    voice: 'onyx',
  });
});
