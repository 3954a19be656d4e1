import { expect, test, type Page } from '@playwright/test';
import { screenshot, signUpAndConfirm } from './helpers';
import { REGISTERED_SITE } from './host-page/env';
import { createShopBot, hostPage, publishFlow, shopFlow } from './host-page/widget-flow';

// Issue 18: a web delivery lands in the guest's conversation and shows as an unread count on the
// widget's launcher on the guest's next visit; opening the chat clears it.

const launcher = (page: Page) => page.getByRole('button', { name: /^Chat with Shop assistant/ });
const MINUTE = 60_000;

test('the launcher shows notifications delivered while the guest was away', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndConfirm(page);
  const token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
  const authorization = `Bearer ${token}`;
  const botId = await createShopBot(page.request, token);
  await publishFlow(page.request, token, botId, shopFlow());

  // The guest's first visit: the chat says hello, the guest leaves.
  const shop = hostPage(REGISTERED_SITE, botId, { name: 'Shop assistant' });
  await page.goto(shop);
  await launcher(page).click();
  const frame = page.frameLocator('iframe[title="Chat"]');
  await expect(frame.getByText('Welcome to Acme Shop!')).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Turn notifications off' })).toBeVisible();

  // A notification for the bot's guests, due at the next minute (the server's tick runs each minute).
  const start = Math.ceil((Date.now() + 5000) / MINUTE) * MINUTE;
  const created = await page.request.post('/api/notification', {
    headers: { authorization },
    data: {
      name: 'Spring sale',
      start_at: new Date(start).toISOString(),
      repeat_minutes: 1440,
      timezone: 'UTC',
      bot_id: botId,
      interacted_bots: [botId],
      no_end_date: true,
      no_repeat_limit: true,
      template_only: false,
    },
  });
  expect((await created.json()).success).toBe(true);
  await expect
    .poll(
      async () => {
        const list = await (
          await page.request.get('/api/notification', { headers: { authorization } })
        ).json();
        return list.notifications[0].log.delivered;
      },
      { timeout: 150_000, intervals: [2000] },
    )
    .toBe(1);

  // The next visit: the launcher carries the count before the chat is opened.
  await page.goto(shop);
  await expect(launcher(page)).toHaveAccessibleName(/\(\d+ new\)$/);
  await expect(page.locator('#botflow-widget span[aria-label$="new"]')).toBeVisible();
  await screenshot(page, 'issue-18-widget-unread');
  await launcher(page).click();
  await expect(page.locator('#botflow-widget span[aria-label$="new"]')).toHaveCount(0);
  await expect(frame.getByText('Welcome to Acme Shop!').first()).toBeVisible();
  // Seen: a later visit shows no count.
  await expect
    .poll(async () => {
      await page.goto(shop);
      await expect(launcher(page)).toBeVisible();
      await page.waitForTimeout(500);
      return page.locator('#botflow-widget span[aria-label$="new"]').count();
    })
    .toBe(0);
});
