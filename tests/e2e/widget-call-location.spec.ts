import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndConfirm } from './helpers';
import { E2E_DATA_DIR } from './env';
import { PRODUCT, REGISTERED_SITE } from './host-page/env';
import { createShopBot, hostPage, publishFlow } from './host-page/widget-flow';

// Spec 3 §4 "Call" and "Geolocation" in the embedded widget: a call against the host site's fake
// call provider (it speaks the spec's call API: schedule, poll, promote, stop), the same flow
// outside the widget, and the location asked through the host page.

const PROVIDER_ID = 'e2e-widget-calls';
let botId = 0;

/**
 * The operator's call provider, with its endpoint on the host site's fake. Providers come from
 * PROVIDERS_FILE at start-up; this one is added to the running server's database the same way.
 */
function addProvider() {
  const db = new SQLite(path.join(E2E_DATA_DIR, 'botflow.sqlite'));
  db.prepare(
    `INSERT INTO providers (mre_call_provider_id, name, description, config, icon_url, account_id, endpoint, profile_id)
     VALUES (?, 'Widget test calls', '', '{}', NULL, NULL, ?, 'profile-1')
     ON CONFLICT (mre_call_provider_id) DO UPDATE SET endpoint = excluded.endpoint`,
  ).run(PROVIDER_ID, `${REGISTERED_SITE}/provider`);
  db.close();
}

const text = (en: string) => ({ type: 'content', content: { type: 'text', title: 'Text', content: { en } } });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signUpAndConfirm(page);
  const token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
  // Registered on the host site and on BotFlow itself, so /chat works for any guest too.
  botId = await createShopBot(page.request, token, {
    name: 'Call desk',
    origins: `${REGISTERED_SITE},${PRODUCT}`,
    use_tts: 'false',
  });
  addProvider();
  await publishFlow(page.request, token, botId, [
    {
      id: 'intro',
      name: 'intro',
      type: 'basic',
      x: 0,
      y: 0,
      next: [{ id: 0, node: 'agent' }],
      entries: [text('Let me find an agent.')],
    },
    {
      id: 'agent',
      name: 'agent',
      type: 'call',
      x: 0,
      y: 150,
      next: [{ id: 0, node: 'after' }],
      message: { en: 'Please hold on, connecting you to an agent.' },
      providerId: PROVIDER_ID,
      callerName: 'Guest',
      subject: { en: 'Help with an order' },
      description: { en: 'From the widget test' },
    },
    {
      id: 'after',
      name: 'after',
      type: 'basic',
      x: 0,
      y: 300,
      next: [{ id: 0, node: null }],
      entries: [text('Thanks for calling!')],
    },
  ]);
  await page.close();
});

/** A bot whose flow asks for the guest's location (spec 3 §4 Geolocation). */
async function locationBot(browser: import('@playwright/test').Browser): Promise<number> {
  const page = await browser.newPage();
  await signUpAndConfirm(page);
  const token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
  const id = await createShopBot(page.request, token, { name: 'Map desk', use_tts: 'false' });
  await publishFlow(page.request, token, id, [
    {
      id: 'where',
      name: 'where',
      type: 'device-permission',
      x: 0,
      y: 0,
      request: 'geolocation',
      latName: 'lat',
      longName: 'lon',
      onFailure: null,
      next: [
        { id: 0, node: 'found' },
        { id: 1, node: 'lost', onFailure: true },
      ],
    },
    {
      id: 'found',
      name: 'found',
      type: 'basic',
      x: 0,
      y: 150,
      next: [{ id: 0, node: null }],
      entries: [text('You are at ${{lat}}, ${{lon}}.')],
    },
    {
      id: 'lost',
      name: 'lost',
      type: 'basic',
      x: 200,
      y: 150,
      next: [{ id: 0, node: null }],
      entries: [text('No location, no problem.')],
    },
  ]);
  await page.close();
  return id;
}

const launcher = (page: Page) => page.getByRole('button', { name: 'Chat with Call desk' });

test('inside the widget a call is scheduled, handed to the host page and stopped', async ({ page }) => {
  await page.goto(hostPage(REGISTERED_SITE, botId, { name: 'Call desk' }));
  await expect(launcher(page)).toBeVisible();
  const handedOver = page.evaluate(
    () =>
      new Promise<unknown>((resolve) =>
        (window as unknown as { BotFlow: { on(e: string, f: (d: unknown) => void): void } }).BotFlow.on(
          'runAgentInstantCall',
          resolve,
        ),
      ),
  );
  await launcher(page).click();
  const frame = page.frameLocator('iframe[title="Chat"]');
  await expect(frame.getByText('Please hold on, connecting you to an agent.')).toBeVisible();
  await expect(frame.getByText('Call in progress')).toBeVisible();

  // The agent joins at the second poll; the chat promotes them and tells the host page.
  expect(await handedOver).toMatchObject({
    joinCode: 'JOIN-call-1',
    callId: 'call-1',
    provider: PROVIDER_ID,
  });
  await frame.getByRole('button', { name: 'End call' }).click();
  await expect(frame.getByText('Thanks for calling!')).toBeVisible();
  await expect(frame.getByRole('textbox', { name: 'Message' })).toBeVisible();

  const calls = await (await page.request.get(`${REGISTERED_SITE}/provider-log`)).json();
  expect(calls).toHaveLength(1);
  expect(calls[0]).toMatchObject({
    id: 'call-1',
    stopped: true,
    promoted: [{ role_id: 2, account_profile_id: 'agent-7' }],
    scheduled: {
      subject: 'Help with an order',
      description: 'From the widget test',
      endpoint: `${REGISTERED_SITE}/provider`,
    },
  });
  expect(calls[0].polls).toBeGreaterThanOrEqual(2);
});

test('outside the widget the guest is told calls work only inside it, and the flow goes on', async ({
  page,
}) => {
  await page.goto(`${PRODUCT}/chat?bot_id=${botId}`);
  await expect(page.getByText('Please hold on, connecting you to an agent.')).toBeVisible();
  await expect(page.getByText('Calls can work only inside the widget')).toBeVisible();
  await expect(page.getByText('Thanks for calling!')).toBeVisible();
});

test('the location is asked through the host page: granted, then refused', async ({ browser }) => {
  const id = await locationBot(browser);
  const granted = await browser.newContext({ geolocation: { latitude: 48.85, longitude: 2.35 } });
  await granted.grantPermissions(['geolocation'], { origin: REGISTERED_SITE });
  const page = await granted.newPage();
  await page.goto(hostPage(REGISTERED_SITE, id));
  // Without data-bot-name the launcher is labelled with the bot's name once the server answered.
  await page.getByRole('button', { name: 'Chat with us' }).hover();
  await page.getByRole('button', { name: 'Chat with Map desk' }).click();
  await expect(page.frameLocator('iframe[title="Chat"]').getByText('You are at 48.85, 2.35.')).toBeVisible();
  await granted.close();

  const refused = await browser.newContext();
  const other = await refused.newPage();
  await other.goto(hostPage(REGISTERED_SITE, id, { name: 'Map desk' }));
  await other.getByRole('button', { name: 'Chat with Map desk' }).click();
  await expect(
    other.frameLocator('iframe[title="Chat"]').getByText('No location, no problem.'),
  ).toBeVisible();
  await refused.close();
});
