import { expect, test } from '@playwright/test';
import { screenshot, signUpAndConfirm } from './helpers';
import { REGISTERED_SITE } from './host-page/env';
import { createShopBot, hostPage, publishFlow, shopFlow } from './host-page/widget-flow';

// Issue 18 item 5: the standalone /chat page offers "Get notified" (Web Push from the app's own
// origin); the embedded widget offers it by opening /chat. Headless Chromium does not grant push
// permission, so the subscription itself is covered by tests/api/notifications-web-push.test.ts.

test('/chat offers Get notified, and the widget opens /chat for it', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpAndConfirm(page);
  const token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
  const botId = await createShopBot(page.request, token);
  await publishFlow(page.request, token, botId, shopFlow());

  await page.goto(`/chat?bot_id=${botId}`);
  await expect(page.getByText('Welcome to Acme Shop!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get notified' })).toBeVisible();
  // The page serves the worker that would show the pushes, from its own origin.
  const worker = await page.request.get('/chat-sw.js');
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  await screenshot(page, 'issue-18-chat-get-notified');
  await page.setViewportSize({ width: 390, height: 760 });
  await screenshot(page, 'issue-18-chat-get-notified-phone');
  await page.goto(`/chat?bot_id=${botId}&themeMode=dark`);
  await expect(page.getByRole('button', { name: 'Get notified' })).toBeVisible();
  await screenshot(page, 'issue-18-chat-get-notified-dark');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(hostPage(REGISTERED_SITE, botId, { name: 'Shop assistant' }));
  await page.getByRole('button', { name: /^Chat with Shop assistant/ }).click();
  const frame = page.frameLocator('iframe[title="Chat"]');
  await expect(frame.getByText('Welcome to Acme Shop!')).toBeVisible();
  const popup = page.waitForEvent('popup');
  await frame.getByRole('button', { name: 'Get notified' }).click();
  const chatPage = await popup;
  await chatPage.waitForLoadState();
  expect(new URL(chatPage.url()).pathname).toBe('/chat');
  expect(new URL(chatPage.url()).searchParams.get('bot_id')).toBe(String(botId));
  await expect(chatPage.getByRole('button', { name: 'Get notified' })).toBeVisible();
});

// The permission step, as far as a headless browser goes. Chromium grants `notifications` when the
// test says so, and the page then registers its service worker; subscribing needs a browser push
// service (Google's FCM for Chromium), which a headless test machine does not have — so the last
// step answers "not available" here. That the server stores a subscription and pushes to it is
// covered by tests/api/notifications-web-push.test.ts (a real encrypted push to a local service);
// a real browser subscribing at a real push service is not automated.
test('/chat Get notified: permission granted registers the worker, refused says blocked', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signUpAndConfirm(page);
  const token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
  const botId = await createShopBot(page.request, token);
  await publishFlow(page.request, token, botId, shopFlow());

  await test.step('refused: the chat says notifications are blocked', async () => {
    await context.clearPermissions();
    await page.goto(`/chat?bot_id=${botId}`);
    await expect(page.getByText('Welcome to Acme Shop!')).toBeVisible();
    await page.getByRole('button', { name: 'Get notified' }).click();
    await expect(
      page.getByRole('button', { name: 'Notifications are blocked in this browser' }),
    ).toBeVisible();
    expect(await page.evaluate(() => Notification.permission)).not.toBe('granted');
  });

  await test.step('granted: the worker is registered for /chat, then the push service decides', async () => {
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await page.goto(`/chat?bot_id=${botId}`);
    await expect(page.getByText('Welcome to Acme Shop!')).toBeVisible();
    await page.getByRole('button', { name: 'Get notified' }).click();
    // Either the browser had a push service and the offer is gone (subscribed), or it says why not.
    await expect(page.getByRole('button', { name: /^(Get notified|Asking…)$/ })).toHaveCount(0, {
      timeout: 20_000,
    });
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/chat');
      return registration ? { scope: registration.scope, script: registration.active?.scriptURL } : null;
    });
    expect(worker).toEqual({ scope: `${baseURL}/chat`, script: `${baseURL}/chat-sw.js` });
    const subscribed = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/chat');
      return Boolean(await registration?.pushManager.getSubscription());
    });
    if (!subscribed)
      await expect(
        page.getByRole('button', { name: 'Notifications are not available in this browser' }),
      ).toBeVisible();
    await screenshot(page, 'issue-18-chat-permission-granted');
  });
});
