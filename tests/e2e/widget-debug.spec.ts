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
  page.on('response', async (r) => {
    if (r.url().includes('/api/chat')) console.log('CHAT', r.request().postData()?.replace(/\r\n/g, ' ').slice(0, 400), '=>', (await r.text()).slice(0, 300));
  });
  await page.goto(hostPage(REGISTERED_SITE, botId));
  await page.getByRole('button', { name: 'Chat with Shop assistant' }).click();
  await page.waitForTimeout(3000);
  await page.frameLocator('iframe').getByRole('button', { name: 'Cobalt' }).click();
  await page.waitForTimeout(2000);
  console.log('STORAGE', await page.frames()[1].evaluate(() => JSON.stringify(localStorage)));
  await page.reload();
  await page.getByRole('button', { name: 'Chat with Shop assistant' }).click();
  await page.waitForTimeout(3000);
  console.log('STORAGE2', await page.frames()[1].evaluate(() => JSON.stringify(localStorage)));
});
