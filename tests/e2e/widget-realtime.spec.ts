import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './env';
import { screenshot, signUpAndConfirm } from './helpers';
import { PRODUCT, REGISTERED_SITE } from './host-page/env';
import { createShopBot, hostPage, publishFlow } from './host-page/widget-flow';

// Realtime AI inside the embedded widget (spec 3 §1, §4, §8): the guest talks with the AI by voice
// — Chromium's fake microphone, the e2e server's speech and chat completions answered by the host
// site's fake OpenAI-compatible endpoint — until End, and the flow goes on with REALTIME_AI_ENDED.
// Outside the widget the guest is told realtime AI works only inside it.

// The standard flags (playwright.config.ts) and a microphone that needs no prompt and no hardware.
test.use({
  viewport: { width: 1200, height: 800 },
  launchOptions: {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

const PROMPT = "You are Acme's tea expert. Recommend one tea at a time.";
const text = (en: string) => ({ type: 'content', content: { type: 'text', title: 'Text', content: { en } } });
let botId = 0;

interface LlmCall {
  path: string;
  json?: { messages?: { role: string; content: string }[]; input?: string };
  form?: { fileSize: number };
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signUpAndConfirm(page);
  const token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
  // Registered on the host site and on BotFlow itself, so /chat works for any guest too.
  botId = await createShopBot(page.request, token, {
    name: 'Tea desk',
    origins: `${REGISTERED_SITE},${PRODUCT}`,
    use_tts: 'false',
  });
  await publishFlow(page.request, token, botId, [
    {
      id: 'hi',
      name: 'hi',
      type: 'basic',
      x: 0,
      y: 0,
      next: [{ id: 0, node: 'talk' }],
      entries: [text("Let's talk about tea.")],
    },
    {
      id: 'talk',
      name: 'talk',
      type: 'realtime-ai',
      x: 0,
      y: 150,
      next: [{ id: 0, node: 'after' }],
      prompt: { en: PROMPT },
      hideAIResponse: false,
      useNLPResources: false,
      NLPResources: { files: [], links: [], videos: [] },
      resources: { files: [], links: [], videos: [] },
      waitForUserInteraction: false,
    },
    {
      id: 'after',
      name: 'after',
      type: 'basic',
      x: 0,
      y: 300,
      next: [{ id: 0, node: null }],
      entries: [text('Thanks for talking with us!')],
    },
  ]);
  await page.close();
});

const llmCalls = async (page: Page): Promise<LlmCall[]> =>
  (await page.request.get(`${REGISTERED_SITE}/llm-log`)).json();

test('inside the widget the guest talks with the AI by voice until End, then the flow goes on', async ({
  page,
}) => {
  const before = (await llmCalls(page)).length;
  await page.goto(hostPage(REGISTERED_SITE, botId, { name: 'Tea desk' }));
  await page.getByRole('button', { name: 'Chat with Tea desk' }).click();
  const frame = page.frameLocator('iframe[title="Chat"]');
  await expect(frame.getByText("Let's talk about tea.")).toBeVisible();

  // The voice panel takes the input bar's place.
  const panel = frame.getByRole('region', { name: 'Realtime AI' });
  await expect(panel.getByRole('heading', { name: 'Talking with Tea desk' })).toBeVisible();
  await expect(frame.getByRole('textbox', { name: 'Message' })).toHaveCount(0);

  // The AI speaks first (the node does not wait for the guest), then listens. Whether the browser
  // first wants a tap in the chat (for sound and the microphone) is the browser's call: the click
  // on the launcher happened on the host page.
  const greeting = panel.getByText('AI: Hello! I am the Acme tea expert.', { exact: false });
  const start = panel.getByRole('button', { name: 'Start talking' });
  await expect(greeting.or(start)).toBeVisible();
  if (await start.isVisible()) await start.click();
  await expect(greeting).toBeVisible();
  await expect(panel.getByRole('status')).toHaveText('Listening…');
  await panel.getByRole('button', { name: 'Done speaking' }).click();

  // The recording went to speech to text, the words to the AI, the answer to text to speech.
  const guestLine = panel.locator('li.guest');
  await expect(guestLine).toHaveText(/^You: heard \d+ bytes$/);
  const heard = (await guestLine.textContent())!.replace('You: ', '');
  await expect(panel.getByText(`AI: You said: ${heard}. Try our green sencha.`)).toBeVisible();
  await screenshot(page, 'widget-realtime');

  const calls = (await llmCalls(page)).slice(before);
  const transcription = calls.find((c) => c.path === '/v1/audio/transcriptions');
  expect(transcription?.form?.fileSize).toBeGreaterThan(0);
  const answers = calls.filter((c) => c.path === '/v1/chat/completions').map((c) => c.json?.messages ?? []);
  expect(answers.length).toBeGreaterThanOrEqual(2);
  // The node's prompt is the AI's instructions, and each turn carries the ones before it.
  expect(answers[0][0]).toMatchObject({ role: 'system', content: expect.stringContaining(PROMPT) });
  expect(answers[1].slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  expect(answers[1].at(-1)?.content).toBe(heard);
  const spoken = calls.filter((c) => c.path === '/v1/audio/speech').map((c) => c.json?.input);
  expect(spoken).toContain('Hello! I am the Acme tea expert. What would you like to know?');

  await panel.getByRole('button', { name: 'End' }).click();
  await expect(panel).toHaveCount(0);
  await expect(frame.getByText('Thanks for talking with us!')).toBeVisible();
  await expect(frame.getByRole('textbox', { name: 'Message' })).toBeVisible();
});

test('outside the widget the guest is told realtime AI works only inside it, and the flow goes on', async ({
  page,
}) => {
  await page.goto(`${PRODUCT}/chat?bot_id=${botId}`);
  await expect(page.getByText("Let's talk about tea.")).toBeVisible();
  await expect(page.getByText('realtime AI can work only inside the widget')).toBeVisible();
  await expect(page.getByText('Thanks for talking with us!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Realtime AI' })).toHaveCount(0);
});
