import { expect, test, type Page } from '@playwright/test';
import { screenshot, signUpAndConfirm } from './helpers';
import { createBot, token } from './flow-helpers';

// Issue 18: the Notifications page (spec 3 §2, §4, §5, §8) with the next-5 preview.
test.use({ viewport: { width: 1280, height: 960 }, timezoneId: 'America/New_York' });

const dialog = (page: Page) => page.getByRole('dialog');
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

async function addTemplate(page: Page, botId: number, name: string) {
  const response = await page.request.post(`/api/flow_template?bot_id=${botId}`, {
    headers: { authorization: `Bearer ${await token(page)}` },
    data: { flow_name: name },
  });
  expect((await response.json()).success).toBe(true);
}

test('a customer adds, edits and deletes a notification', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndConfirm(page);
  const bot = await createBot(page, 'Weather bot');
  await addTemplate(page, bot.id, 'morning_weather');
  await page.goto('/notifications');

  await test.step('the empty page', async () => {
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(
      page.getByText('No notification available yet. Start by creating a new notification to see it here!'),
    ).toBeVisible();
    await screenshot(page, 'issue-18-empty');
  });

  await test.step('the add modal: defaults, the next 5 occurrences in both zones', async () => {
    await page.getByRole('button', { name: 'Add notification' }).click();
    const modal = dialog(page);
    await expect(modal.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    await expect(modal.getByRole('switch', { name: 'Active' })).toBeChecked();
    await expect(modal.getByRole('switch', { name: 'Forever' })).toBeChecked();
    await expect(modal.getByRole('switch', { name: 'Unlimited' })).toBeChecked();
    await expect(modal.getByLabel('Repeat (minutes)')).toHaveValue('120');
    await expect(modal.getByLabel('Timezone')).toHaveValue('America/New_York');
    await expect(modal.getByRole('button', { name: 'Save' })).toBeDisabled();
    await modal.getByLabel('Name').fill('Morning weather');
    await modal.getByLabel('Timezone').selectOption('Europe/Paris');
    await modal.getByLabel('Start').fill('2030-03-29T09:00');
    await modal.getByLabel('Repeat (minutes)').fill('1440');
    const rows = modal.getByRole('region', { name: 'Next occurrences' }).locator('tbody tr');
    await expect(rows).toHaveCount(5);
    // 09:00 in Paris every day, across the change to summer time on 30 March 2030.
    await expect(rows.nth(0)).toContainText('Fri 29 Mar 2030, 9:00 AM');
    await expect(rows.nth(0)).toContainText('Fri 29 Mar 2030, 4:00 AM');
    await expect(rows.nth(1)).toContainText('Sat 30 Mar 2030, 9:00 AM');
    await expect(rows.nth(1)).toContainText('Sat 30 Mar 2030, 4:00 AM');
    await expect(rows.nth(2)).toContainText('Sun 31 Mar 2030, 9:00 AM');
    await expect(rows.nth(2)).toContainText('Sun 31 Mar 2030, 3:00 AM');
    // Template only without a template: not valid yet.
    await expect(modal.getByRole('button', { name: 'Save' })).toBeDisabled();
    await screenshot(page, 'issue-18-modal-general');
    await modal.getByRole('tab', { name: 'Templates' }).click();
    await modal.getByLabel('Flow template').selectOption({ label: 'morning_weather (Weather bot)' });
    await modal.getByRole('checkbox', { name: 'Weather bot' }).check();
    await screenshot(page, 'issue-18-modal-templates');
  });

  await test.step('a failed save shows the spec text', async () => {
    await page.route('**/api/notification', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
    );
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page).getByText('Unable to create a new notification')).toBeVisible();
    await page.unroute('**/api/notification');
  });

  await test.step('saved: the card', async () => {
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page)).toBeHidden();
    const c = card(page, 'Morning weather');
    await expect(c).toContainText('No description');
    await expect(c).toContainText('Europe/Paris');
    await expect(c).toContainText('Forever');
    await expect(c).toContainText('1440 minutes');
    await expect(c).toContainText('Unlimited');
    await expect(c).toContainText('morning_weather');
    await expect(c).toContainText('Active');
    await screenshot(page, 'issue-18-list');
    await page.getByRole('button', { name: 'Dark' }).click();
    await screenshot(page, 'issue-18-list-dark');
    await card(page, 'Morning weather').getByRole('button', { name: 'Edit' }).click();
    await expect(dialog(page).getByRole('region', { name: 'Next occurrences' })).toBeVisible();
    await screenshot(page, 'issue-18-modal-dark');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toBeHidden();
    await page.getByRole('button', { name: 'Light' }).click();
  });

  await test.step('edit', async () => {
    await card(page, 'Morning weather').getByRole('button', { name: 'Edit' }).click();
    const modal = dialog(page);
    await expect(modal.getByRole('button', { name: 'Save' })).toBeDisabled();
    await modal.getByLabel('Name').fill('Daily weather');
    await modal.getByRole('switch', { name: 'Active' }).uncheck();
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal).toBeHidden();
    await expect(card(page, 'Daily weather')).toContainText('Inactive');
    await page.getByPlaceholder('Search by name').fill('nothing like it');
    await expect(page.getByRole('article')).toHaveCount(0);
    await page.getByPlaceholder('Search by name').fill('DAILY');
    await expect(page.getByRole('article')).toHaveCount(1);
  });

  await test.step("delete: 'Sure ?' for 7 seconds, then a second click deletes", async () => {
    const c = card(page, 'Daily weather');
    // The page's clock is the test's (installed as the page loads): 7 seconds pass exactly, however
    // slow the machine is.
    await page.clock.install();
    await page.reload();
    await expect(c.getByRole('button', { name: 'Delete' })).toBeVisible();
    // Paused: from here the page's time moves only when the test moves it.
    await page.clock.pauseAt(Date.now() + 60_000);
    await c.getByRole('button', { name: 'Delete' }).click();
    await expect(c.getByRole('button', { name: 'Sure ?' })).toBeVisible();
    await page.clock.runFor(6_900);
    await expect(c.getByRole('button', { name: 'Sure ?' })).toBeVisible();
    await page.clock.runFor(200);
    await expect(c.getByRole('button', { name: 'Delete' })).toBeVisible();
    await c.getByRole('button', { name: 'Delete' }).click();
    await c.getByRole('button', { name: 'Sure ?' }).click();
    await expect(page.getByRole('article')).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('No notification available yet.', { exact: false })).toBeVisible();
  });
});

test('the page on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpAndConfirm(page);
  const bot = await createBot(page, 'Phone bot');
  await addTemplate(page, bot.id, 'tips');
  const authorization = `Bearer ${await token(page)}`;
  const templates = (
    await (await page.request.get('/api/notification', { headers: { authorization } })).json()
  ).templates;
  await page.request.post('/api/notification', {
    headers: { authorization },
    data: {
      name: 'Weekly tips for everyone who chatted',
      start_at: '2030-01-06T09:00:00+01:00',
      repeat_minutes: 10080,
      timezone: 'Europe/Paris',
      flow_template_id: templates[0].id,
      interacted_bots: [bot.id],
      no_end_date: true,
      no_repeat_limit: true,
      template_only: true,
    },
  });
  await page.goto('/notifications');
  await expect(page.getByRole('article')).toHaveCount(1);
  await screenshot(page, 'issue-18-phone');
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(
    dialog(page).getByRole('region', { name: 'Next occurrences' }).locator('tbody tr'),
  ).toHaveCount(5);
  await screenshot(page, 'issue-18-phone-modal');
});
