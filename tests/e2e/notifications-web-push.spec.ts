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
