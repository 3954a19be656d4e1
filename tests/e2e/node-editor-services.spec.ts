import { expect, test, type Page } from '@playwright/test';
import { publishViaApi, waitForBoard } from './flow-helpers';
import {
  addNode,
  confirm,
  confirmButton,
  customerWithBot,
  openEditor,
  publishAndReload,
  savedNode,
  shoot,
} from './node-editor-helpers';

// The node-edit modal (spec 2 §2) for the ai, realtime-ai, call, device-permission, notification,
// language-changer and flow-template nodes.

test.use({ viewport: { width: 1440, height: 1300 } });

test('ai, realtime ai and call nodes: texts per language and their required fields', async ({ page }) => {
  test.setTimeout(120_000);
  await customerWithBot(page);

  await test.step('ai: prompt per language, query handling, knowledge sources, response variable', async () => {
    await addNode(page, 'AI');
    const modal = await openEditor(page, 'AI 1', 'Edit AI node');
    await expect(confirmButton(modal)).toBeDisabled();
    await modal.getByLabel('AI prompt').fill('Answer questions about our shop.');
    await expect(confirmButton(modal)).toBeEnabled();
    await modal.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect(modal.getByLabel('AI prompt')).toHaveValue('');
    await modal.getByLabel('AI prompt').fill('Réponds aux questions sur la boutique.');
    await modal.getByRole('combobox', { name: 'Language' }).selectOption('en');
    await expect(modal.getByLabel('AI prompt')).toHaveValue('Answer questions about our shop.');
    await expect(modal.getByRole('switch', { name: 'Show user message' })).toHaveCount(0);
    await modal.getByRole('switch', { name: 'Wait for user query' }).click();
    await modal.getByRole('switch', { name: 'Show user message' }).click();
    await expect(confirmButton(modal)).toBeDisabled();
    await modal.getByLabel('Ask user for query text').fill('What would you like to know?');
    await expect(modal.getByRole('tab')).toHaveText(['Files', 'Links', 'Videos']);
    await modal.getByRole('tab', { name: 'Links' }).click();
    await modal.getByLabel('Storing response variable name').fill('ai answer!');
    await expect(modal.getByLabel('Storing response variable name')).toHaveValue('ai_answer');
    await modal.getByRole('switch', { name: 'Expect JSON response' }).click();
    await shoot(page, 'ai');
    await confirm(modal);
  });

  await test.step('realtime ai: prompt and who speaks first', async () => {
    await addNode(page, 'Realtime AI');
    const modal = await openEditor(page, 'Realtime AI 1', 'Edit Realtime AI node');
    await expect(confirmButton(modal)).toBeDisabled();
    await modal.getByLabel('Prompt').fill('Talk with the caller about their order.');
    await modal.getByRole('switch', { name: 'Wait for the user to speak first' }).click();
    await modal.getByRole('switch', { name: 'Knowledge Sources', exact: true }).click();
    await expect(modal.getByRole('tab')).toHaveCount(0);
    await shoot(page, 'realtime-ai');
    await confirm(modal);
  });

  await test.step('call: provider from the searchable dropdown, subject and waiting message', async () => {
    await addNode(page, 'Call');
    const modal = await openEditor(page, 'Call 1', 'Edit Call node');
    await expect(modal.getByLabel('Caller name')).toHaveValue('Guest');
    const provider = modal.getByRole('combobox', { name: 'Provider' });
    await expect(provider).toHaveText(/Select an option/);
    await provider.click();
    await expect(modal.getByPlaceholder('Search options...')).toBeFocused();
    await modal.getByPlaceholder('Search options...').fill('zzz');
    await expect(modal.getByText('No options found')).toBeVisible();
    await modal.getByPlaceholder('Search options...').fill('');
    await modal.getByRole('listbox', { name: 'Provider' }).getByRole('option').first().click();
    await modal.getByLabel('Call subject').fill('Order help');
    await expect(confirmButton(modal)).toBeDisabled();
    await modal.getByLabel('Waiting message').fill('Connecting you to an agent…');
    await shoot(page, 'call');
    await confirm(modal);
  });

  await publishAndReload(page);
  const ai = (await savedNode(page, 'AI 1')) as Record<string, unknown>;
  expect(ai).toMatchObject({
    prompt: { en: 'Answer questions about our shop.', fr: 'Réponds aux questions sur la boutique.' },
    waitForUserQuery: true,
    showMessage: true,
    message: { en: 'What would you like to know?' },
    AIResponseVariable: 'ai_answer',
    expectJSONReply: true,
  });
  expect(await savedNode(page, 'Realtime AI 1')).toMatchObject({
    waitForUserInteraction: true,
    useNLPResources: false,
  });
  const call = await savedNode(page, 'Call 1');
  expect(call).toMatchObject({
    subject: { en: 'Order help' },
    message: { en: 'Connecting you to an agent…' },
  });
  expect(call.providerId).not.toBeNull();
  const reopened = await openEditor(page, 'AI 1', 'Edit AI node');
  await expect(reopened.getByLabel('Ask user for query text')).toHaveValue('What would you like to know?');
});

async function createTemplate(page: Page, botId: number, name: string): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.post(`/api/flow_template?bot_id=${botId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { flow_name: name },
  });
  expect((await response.json()).success).toBe(true);
}

test('device permission, notification, language changer and flow template nodes', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const bot = await customerWithBot(page);
  await createTemplate(page, bot.id, 'checkout');
  await page.reload();
  await waitForBoard(page);

  await test.step('device permission: names normalised, a test request of the browser permission', async () => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 48.8566, longitude: 2.3522 });
    await addNode(page, 'Device-permission');
    const modal = await openEditor(page, 'Device-permission 1', 'Edit Device Permission');
    await modal.getByLabel('Latitude variable name').fill('user lat!');
    await expect(modal.getByLabel('Latitude variable name')).toHaveValue('user_lat');
    await modal.getByLabel('Longitude variable name').fill('');
    await expect(confirmButton(modal)).toBeDisabled();
    await modal.getByLabel('Longitude variable name').fill('user_long');
    await modal.getByRole('button', { name: 'Test permission' }).click();
    await expect(
      modal.getByText('Permission granted: user_lat = 48.85660, user_long = 2.35220'),
    ).toBeVisible();
    await shoot(page, 'device-permission');
    await confirm(modal);
  });

  await test.step('notification: push type, template, start time and the next-start preview', async () => {
    await addNode(page, 'Notification');
    const modal = await openEditor(page, 'Notification 1', 'Edit Notification Node');
    await expect(modal.getByRole('combobox', { name: 'Push message type' })).toHaveText(
      /Daily weather update/,
    );
    // The e2e server names a source for WEATHER (playwright.config.ts), shown without its query.
    await expect(modal.getByRole('combobox', { name: 'Push message type' })).toHaveAccessibleDescription(
      "Data source: https://weather.example/today.json (its fields fill the template's placeholders)",
    );
    await modal.getByRole('combobox', { name: 'Push message type' }).click();
    await modal.getByPlaceholder('Search options...').fill('news');
    await modal.getByRole('option', { name: 'News digest' }).click();
    await expect(modal.getByRole('combobox', { name: 'Push message type' })).toHaveAccessibleDescription(
      "No data source: placeholders are filled from the guest's variables.",
    );
    await modal.getByLabel('Template').fill('Today in the news, ${{name}}');
    await modal.getByLabel('Start time').fill('');
    await expect(modal.getByText('Start time not set')).toBeVisible();
    await expect(confirmButton(modal)).toBeDisabled();
    await modal.getByLabel('Start time').fill('09:30');
    await modal.getByLabel('Repeat interval (hours)').fill('12');
    const starts = modal.getByRole('list', { name: 'Next starts' }).getByRole('listitem');
    await expect(starts).toHaveCount(3);
    await expect(starts.first()).toHaveText(/^(Today|Tomorrow) at 9:30 AM$/);
    await expect(starts.nth(1)).toHaveText(/^(Today|Tomorrow|In 2 days) at 9:30 PM$/);
    await shoot(page, 'notification');
    await confirm(modal);
  });

  await test.step('language changer: one of the bot languages', async () => {
    await addNode(page, 'Language-changer');
    const modal = await openEditor(page, 'Language-changer 1', 'Edit Language Changer Node');
    await modal.getByLabel('Target language').selectOption({ label: 'FR · French' });
    await modal.getByRole('switch', { name: 'Remember preference' }).click();
    await shoot(page, 'language-changer');
    await confirm(modal);
  });

  await test.step('flow template: the template picker', async () => {
    await addNode(page, 'Flow-template');
    const modal = await openEditor(page, 'Flow-template 1', 'Edit Node');
    await expect(confirmButton(modal)).toBeDisabled();
    await modal.getByRole('combobox', { name: 'Flow template' }).click();
    await modal.getByRole('option', { name: 'checkout' }).click();
    await shoot(page, 'flow-template');
    await confirm(modal);
  });

  await publishAndReload(page);
  expect(await savedNode(page, 'Device-permission 1')).toMatchObject({
    latName: 'user_lat',
    longName: 'user_long',
  });
  expect(await savedNode(page, 'Notification 1')).toMatchObject({
    pushMessageType: 'NEWS',
    template: { en: 'Today in the news, ${{name}}' },
    startAt: '09:30',
    frequency: 12,
  });
  expect(await savedNode(page, 'Language-changer 1')).toMatchObject({
    language: 3,
    rememberPreference: true,
  });
  expect(await savedNode(page, 'Flow-template 1')).toMatchObject({ templateName: 'checkout' });
  const reopened = await openEditor(page, 'Notification 1', 'Edit Notification Node');
  await expect(reopened.getByRole('combobox', { name: 'Push message type' })).toHaveText(/News digest/);
});

test('a dynamic node is edited as JSON', async ({ page }) => {
  const bot = await customerWithBot(page);
  const dynamic = {
    id: 'dyn-1',
    name: 'Loader',
    type: 'dynamic',
    x: 300,
    y: 200,
    next: [{ id: 0, node: null }],
    loader: 'api',
    max: 5,
  };
  await publishViaApi(page, bot.id, [dynamic]);
  await page.reload();
  await waitForBoard(page);
  const modal = await openEditor(page, 'Loader', 'Edit Node');
  const fields = modal.getByLabel('Fields (JSON)');
  await expect(fields).toHaveValue(/"loader": "api"/);
  await fields.fill('{"loader": "api", "max": ');
  await expect(modal.getByText(/^Invalid JSON/)).toBeVisible();
  await expect(confirmButton(modal)).toBeDisabled();
  await fields.fill('{"loader": "search", "max": 8, "listener": "onScroll"}');
  await shoot(page, 'dynamic');
  await confirm(modal);
  await publishAndReload(page);
  expect(await savedNode(page, 'Loader')).toMatchObject({ loader: 'search', max: 8, listener: 'onScroll' });
});
