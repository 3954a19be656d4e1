import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { screenshot, signUpAndConfirm } from './helpers';
import { PRODUCT, REGISTERED_SITE, UNREGISTERED_SITE } from './host-page/env';
import { createShopBot, hostPage, publishFlow, shopFlow } from './host-page/widget-flow';

// The chat widget end to end (issue 7): a bot owner's site on another origin embeds the loader
// with one script tag; a guest chats through the whole flow, reloads, switches language; the same
// page on an unregistered origin gets no chat.

// A PNG a guest sends as the photo of a cup.
const CUP_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mP8z8Dwn4GBgYGJAQoAAEnIBP9hV2YmAAAAAElFTkSuQmCC',
  'base64',
);

let botId = 0;
let token = '';

test.use({ viewport: { width: 1200, height: 800 } });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signUpAndConfirm(page);
  token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
  botId = await createShopBot(page.request, token);
  await publishFlow(page.request, token, botId, shopFlow());
  await page.close();
});

const launcher = (page: Page) => page.getByRole('button', { name: 'Chat with Shop assistant' });
/** The shop's page, its script tag naming the bot (data-bot-name) for the launcher's label. */
const shopPage = (extra: Record<string, string> = {}) =>
  hostPage(REGISTERED_SITE, botId, { name: 'Shop assistant', ...extra });
const chat = (page: Page): FrameLocator => page.frameLocator('iframe[title="Chat"]');
const log = (frame: FrameLocator) => frame.getByRole('log', { name: 'Conversation' });

async function say(frame: FrameLocator, text: string) {
  await frame.getByRole('textbox', { name: 'Message' }).fill(text);
  await frame.getByRole('textbox', { name: 'Message' }).press('Enter');
}

test('a guest chats through the whole flow on the host page, then reloads and switches language', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const widgetCalls: string[] = [];
  page.on('request', (request) => request.url().includes('/api/widget/') && widgetCalls.push(request.url()));
  await page.goto(shopPage());
  await expect(launcher(page)).toBeVisible();
  // Nothing but the launcher until the guest opens the chat: no chat, not even a call to the server.
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(widgetCalls).toEqual([]);
  await screenshot(page, 'widget-closed');

  await launcher(page).click();
  const frame = chat(page);
  await expect(frame.getByRole('heading', { name: 'BotFlow' })).toBeVisible();
  // Typing first, then the replies one by one.
  await expect(frame.getByRole('status', { name: 'The bot is typing' })).toBeVisible();
  await expect(log(frame).getByText('Welcome to Acme Shop!')).toBeVisible();
  await expect(log(frame).getByText('Which glaze do you like?')).toBeVisible();

  // Blank text is never sent; Shift+Enter adds a line instead of sending.
  const box = frame.getByRole('textbox', { name: 'Message' });
  await box.fill('   ');
  await expect(frame.getByRole('button', { name: 'Send' })).toBeDisabled();
  await box.press('Enter');
  await box.fill('first line');
  await box.press('Shift+Enter');
  await expect(box).toHaveValue('first line\n');
  await box.fill('');

  // A choice disables the buttons and the message before them.
  await log(frame).getByRole('button', { name: 'Cobalt' }).click();
  await expect(log(frame).getByRole('button', { name: 'Cobalt' })).toBeDisabled();
  await expect(log(frame).getByRole('button', { name: 'Celadon' })).toBeDisabled();
  await expect(log(frame).locator('.row.disabled', { hasText: 'Which glaze do you like?' })).toHaveCount(1);

  // The password input is masked in the conversation.
  await expect(log(frame).getByText('Choose a password for your account.')).toBeVisible();
  const password = frame.getByLabel('Password');
  await password.fill('hunter22');
  await password.press('Enter');
  await expect(log(frame).getByText('********', { exact: true })).toBeVisible();
  await expect(log(frame).getByText('hunter22')).toHaveCount(0);

  // File mode: only the chooser; the upload is shown as the guest's message.
  await expect(log(frame).getByText('Now send us a photo of your favourite cup.')).toBeVisible();
  const picker = frame.getByLabel('File to send');
  // Other types are refused in the browser with a console warning only.
  const refused = page.waitForEvent('console', (m) => m.text().startsWith('Unsupported file: notes.txt'));
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await refused;
  await expect(log(frame).getByText('notes.txt')).toHaveCount(0);
  // A failed upload says so, and the guest can try again.
  await page.route('**/api/chat**', (route) => route.abort(), { times: 1 });
  await picker.setInputFiles({ name: 'cup.png', mimeType: 'image/png', buffer: CUP_PNG });
  await expect(log(frame).getByText('Failed to upload file.')).toBeVisible();
  await picker.setInputFiles({ name: 'cup.png', mimeType: 'image/png', buffer: CUP_PNG });

  // The wizard asks its steps; an options step has buttons.
  await expect(log(frame).getByText('What is your name?')).toBeVisible();
  await say(frame, 'Ada');
  await expect(log(frame).getByText('Which size?')).toBeVisible();
  await log(frame).getByRole('button', { name: 'Mug' }).click();

  // The api node called the host site; the closing message uses its answer.
  await expect(log(frame).getByText('Nice to meet you, Ada! A large cup is on its way.')).toBeVisible();
  await expect(log(frame).getByText('Anything else?')).toBeVisible();
  await screenshot(page, 'widget-open');

  // A reload restores the conversation (the guest id is kept for this bot).
  await page.reload();
  await launcher(page).click();
  await expect(log(chat(page)).getByText('Nice to meet you, Ada! A large cup is on its way.')).toBeVisible();
  await expect(log(chat(page)).getByText('Welcome to Acme Shop!')).toBeVisible();
  await expect(log(chat(page)).getByRole('button', { name: 'Cobalt' })).toBeDisabled();
  await expect(log(chat(page)).getByText('hunter22')).toHaveCount(0);

  // Switching language re-renders the conversation in French.
  await chat(page).getByRole('combobox', { name: 'Language' }).selectOption({ label: 'FR' });
  await expect(log(chat(page)).getByText('Bienvenue chez Acme Shop !')).toBeVisible();
  await expect(log(chat(page)).getByText('Quel émail aimez-vous ?')).toBeVisible();
  await expect(log(chat(page)).getByText('Welcome to Acme Shop!')).toHaveCount(0);
});

test('the host page drives the widget through window.BotFlow', async ({ page }) => {
  await page.goto(shopPage());
  await expect(launcher(page)).toBeVisible();
  const events = page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        const api = (window as unknown as { BotFlow: { on(e: string, f: (d: unknown) => void): void } })
          .BotFlow;
        api.on('open', () => seen.push('open'));
        api.on('notify', (data) => {
          seen.push(`notify:${(data as { content: string }).content}`);
          if (seen.length >= 2) resolve(seen);
        });
      }),
  );
  await page.evaluate(() => (window as unknown as { BotFlow: { open(): void } }).BotFlow.open());
  expect(await events).toEqual([
    'open',
    'notify:Welcome to Acme Shop! <a href="#action:open-cart">See your cart</a>',
  ]);
  // A bot text link written #action:name asks the host page to act.
  const action = page.evaluate(
    () =>
      new Promise((resolve) =>
        (window as unknown as { BotFlow: { on(e: string, f: (d: unknown) => void): void } }).BotFlow.on(
          'customAction',
          resolve,
        ),
      ),
  );
  await chat(page).getByRole('link', { name: 'See your cart' }).click();
  expect(await action).toEqual({ name: 'open-cart' });
  const status = await page.evaluate(() =>
    (
      window as unknown as { BotFlow: { setCustomVariables(v: object): Promise<{ status: number }> } }
    ).BotFlow.setCustomVariables({ plan: 'gold' }),
  );
  expect(status).toEqual({ status: 200 });
  await page.evaluate(() => (window as unknown as { BotFlow: { close(): void } }).BotFlow.close());
  await expect(page.locator('iframe[title="Chat"]')).toBeHidden();
});

test('custom UI and dark mode', async ({ page }) => {
  await page.goto(shopPage({ customUI: 'full', themeMode: 'dark' }));
  await launcher(page).click();
  const frame = chat(page);
  await expect(log(frame).getByRole('button', { name: 'Cobalt' })).toBeVisible();
  await expect(frame.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'true');
  await expect(frame.locator('.chat')).toHaveCSS('background-color', 'rgb(15, 23, 42)');
  await screenshot(page, 'widget-dark');

  await frame.getByRole('switch', { name: 'Dark mode' }).click();
  await expect(frame.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'false');
  await expect(frame.locator('.chat')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await frame.getByRole('button', { name: 'Menu' }).click();
  await expect(
    frame.getByRole('navigation', { name: 'Chat menu' }).getByRole('button', { name: 'french' }),
  ).toBeVisible();
  await screenshot(page, 'widget-custom-ui');
  await frame.getByRole('button', { name: 'Options' }).click();
  await frame.getByRole('menuitem', { name: 'Restart the conversation' }).click();
  await expect(log(frame).getByText('Which glaze do you like?')).toBeVisible();
});

test('the same page on an unregistered origin gets no chat, and says why', async ({ page }) => {
  // The launcher is drawn from the script tag alone; pointing at it asks the server, which says no.
  await page.goto(hostPage(UNREGISTERED_SITE, botId));
  const warning = page.waitForEvent('console', (message) =>
    message.text().includes('BotFlow: no chat on this page'),
  );
  await page.getByRole('button', { name: 'Chat with us' }).hover();
  expect((await warning).text()).toContain("This page is not one of the bot's registered origins.");
  await expect(page.getByRole('button', { name: /Chat with/ })).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);

  // The server refuses the chat itself, and the chat page may only be framed by the bot's site.
  const refused = await page.request.post(`${PRODUCT}/api/chat?bot_id=${botId}`, {
    headers: { 'X-BotFlow-Origin': `${UNREGISTERED_SITE}/` },
    multipart: { message: 'Hello' },
  });
  expect(refused.status()).toBe(403);
  const chatPage = await page.request.get(`${PRODUCT}/chat?bot_id=${botId}`);
  expect(chatPage.headers()['content-security-policy']).toBe(`frame-ancestors 'self' ${REGISTERED_SITE}`);
});
