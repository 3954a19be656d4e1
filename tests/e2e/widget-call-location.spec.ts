import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_PROVIDER_ID } from '../../src/core/constants';
import type { FakeCall, FakeCallRequest } from '../fixtures/fake-call-provider';
import { signUpAndConfirm } from './helpers';
import { CALL_PROVIDER_ENDPOINT, CALL_PROVIDER_TOKEN, PRODUCT, REGISTERED_SITE } from './host-page/env';
import { createShopBot, hostPage, publishFlow } from './host-page/widget-flow';

// Spec 3 §4 "Call" and "Geolocation" in the embedded widget: a call with the built-in call
// provider, configured as an operator does (CALL_PROVIDER_ENDPOINT and CALL_PROVIDER_TOKEN, see
// playwright.config.ts) and pointing at tests/fixtures/fake-call-provider.ts behind the host
// page server; the same flow outside the widget; and the location asked through the host page.

const PROVIDER_ID = DEFAULT_PROVIDER_ID;
let botId = 0;

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
  // What the browser sends and receives, to show the provider's token never reaches it.
  const browserSaw: Promise<string>[] = [];
  page.on('request', (r) =>
    browserSaw.push(r.allHeaders().then((h) => r.url() + JSON.stringify(h) + (r.postData() ?? ''))),
  );
  page.on('response', (r) => browserSaw.push(r.text().catch(() => '')));
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

  const log = (await (await page.request.get(`${REGISTERED_SITE}/provider-log`)).json()) as {
    requests: FakeCallRequest[];
    calls: FakeCall[];
  };
  // Every request reached the provider with its bearer token (added by the server's relay: the
  // browser never holds it), and the schedule named it as access_token (spec 3 §7).
  expect(log.requests.length).toBeGreaterThanOrEqual(4);
  for (const request of log.requests) expect(request.authorization).toBe(`Bearer ${CALL_PROVIDER_TOKEN}`);
  const calls = log.calls;
  expect(calls).toHaveLength(1);
  expect(calls[0]).toMatchObject({
    id: 'call-1',
    stopped: true,
    promoted: [{ role_id: 2, account_profile_id: 'agent-7' }],
    scheduled: {
      provider: PROVIDER_ID,
      access_token: CALL_PROVIDER_TOKEN,
      subject: 'Help with an order',
      description: 'From the widget test',
      endpoint: CALL_PROVIDER_ENDPOINT,
    },
  });
  expect(calls[0].polls).toBeGreaterThanOrEqual(2);
  const seen = await Promise.all(browserSaw);
  expect(seen.some((text) => text.includes('call-provider'))).toBe(true);
  expect(seen.filter((text) => text.includes(CALL_PROVIDER_TOKEN))).toEqual([]);
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
