// The bot dialog's Advanced tab shows each channel's status and sends a test message (issue 16
// item 6), against the fake Telegram Bot API the e2e server talks to (playwright.config.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createBot } from './flow-helpers';
import { signUpAndConfirm } from './helpers';

const SCREENS = 'docs/screens/issue-16';

async function save(page: Page, name: string) {
  await fs.mkdir(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

async function openAdvanced(page: Page, name: string) {
  await page.goto('/bots');
  await page
    .getByRole('article', { name, exact: true })
    .getByRole('button', { name: `Settings of ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Update bot' });
  await dialog.getByRole('tab', { name: 'Advanced' }).click();
  return dialog;
}

test.use({ viewport: { width: 1280, height: 1100 } });

test('the Advanced tab shows the channel status and sends a test message', async ({ page }) => {
  await signUpAndConfirm(page);
  const bot = await createBot(page, 'Channel Desk', { telegram_token: '424242:AAE-fake-e2e-token' });
  const dialog = await openAdvanced(page, 'Channel Desk');
  const telegram = dialog.getByRole('region', { name: 'Telegram channel' });
  await expect(telegram.getByText('Connected', { exact: true })).toBeVisible();
  await expect(telegram.getByText(`/api/channels/telegram/${bot.id}`)).toBeVisible();
  const whatsapp = dialog.getByRole('region', { name: 'WhatsApp channel' });
  await expect(whatsapp.getByText('Not configured')).toBeVisible();
  // The token is shown masked.
  await expect(dialog.getByLabel('Telegram token')).toHaveValue('••••oken');

  await telegram.getByLabel('Telegram chat id').fill('777');
  await telegram.getByRole('button', { name: 'Send test message' }).click();
  await expect(telegram.getByText('Test message sent')).toBeVisible();
  await expect(telegram.getByText('Last message')).toBeVisible();
  await save(page, '1-advanced-tab-channels');

  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await save(page, '2-advanced-tab-channels-dark');
  await page.evaluate(() => document.documentElement.classList.remove('dark'));

  await page.setViewportSize({ width: 390, height: 844 });
  await save(page, '3-advanced-tab-channels-phone');
});
