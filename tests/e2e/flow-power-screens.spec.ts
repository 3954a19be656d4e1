import { expect, test, type Page } from '@playwright/test';
import { generateFlow } from './flow-generate';
import { board, publishViaApi, waitForBoard } from './flow-helpers';
import { issueScreenshot, openBotWithFlow } from './flow-power-helpers';

// Issue 20's panels on a phone (390 px) and in the dark theme, for a person to look at: search,
// the selection toolbar, lint, history and a version opened read-only.

async function darkTheme(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Dark' }).click();
  // The board re-reads its colours when the theme class changes.
  await page.waitForTimeout(300);
}

test('the power tools on a desktop in the dark theme', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const bot = await openBotWithFlow(page, 'Dark desk', generateFlow(60));
  await publishViaApi(page, bot.id, generateFlow(62));
  await page.reload();
  await waitForBoard(page);
  await darkTheme(page);
  await page.keyboard.press('Control+f');
  await page.getByRole('searchbox', { name: 'Search the flow' }).fill('refund');
  await page.keyboard.press('Enter');
  await issueScreenshot(page, 'dark-search');
  await page.keyboard.press('Escape');
  await page.getByRole('region', { name: 'Flow board' }).focus();
  await page.keyboard.press('Control+a');
  await expect.poll(async () => (await board(page, 'group')).length).toBe(62);
  await issueScreenshot(page, 'dark-selection');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Lint' }).click();
  await issueScreenshot(page, 'dark-lint');
  await page.getByRole('button', { name: 'Version history', exact: true }).click();
  await page
    .getByRole('complementary', { name: 'Version history' })
    .getByRole('listitem')
    .nth(1)
    .getByRole('button', { name: 'Open' })
    .click();
  await expect(page.getByRole('status', { name: 'Viewing a version' })).toBeVisible();
  await issueScreenshot(page, 'dark-version-open');
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await issueScreenshot(page, 'dark-shortcuts');
});

test('the power tools on a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const bot = await openBotWithFlow(page, 'Phone desk', generateFlow(30));
  await publishViaApi(page, bot.id, generateFlow(31));
  await page.reload();
  await waitForBoard(page);
  await page.getByRole('button', { name: 'Search the flow' }).click();
  await page.getByRole('searchbox', { name: 'Search the flow' }).fill('order');
  await issueScreenshot(page, 'phone-search');
  await page.keyboard.press('Escape');
  await page.getByRole('region', { name: 'Flow board' }).focus();
  await page.keyboard.press('Control+a');
  await expect(page.getByRole('toolbar', { name: 'Selection' })).toBeVisible();
  await issueScreenshot(page, 'phone-selection');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Lint' }).click();
  await issueScreenshot(page, 'phone-lint');
  await page.getByRole('button', { name: 'Close lint' }).click();
  await page.getByRole('button', { name: 'Version history', exact: true }).click();
  await issueScreenshot(page, 'phone-history');
});
