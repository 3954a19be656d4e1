import { test } from '@playwright/test';
import { signUpAndConfirm } from './helpers';
import { REGISTERED_SITE } from './host-page/env';
import { createShopBot, hostPage, publishFlow, shopFlow } from './host-page/widget-flow';

test('debug', async ({ page }) => {
  await signUpAndConfirm(page);
  const token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
  const botId = await createShopBot(page.request, token);
  await publishFlow(page.request, token, botId, shopFlow());
  page.on('pageerror', (e) => console.log('PAGEERROR', e.stack));
  page.on('console', (m) => console.log('CONSOLE', m.type(), m.text()));
  page.on('requestfailed', (r) => console.log('FAILED', r.url(), r.failure()?.errorText));
  page.on('response', (r) => console.log('RESP', r.status(), r.url()));
  await page.goto(hostPage(REGISTERED_SITE, botId));
  await page.getByRole('button', { name: 'Chat with Shop assistant' }).click();
  await page.waitForTimeout(4000);
  console.log(await page.frameLocator('iframe').locator('body').innerHTML());
});
