import fs from 'node:fs/promises';
import JSZip from 'jszip';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot, signUpAndConfirm } from './helpers';

// A 2×2 PNG, so the custom avatar is a real image the server accepts and the archive carries.
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mP8z8Dwn4GBgYGJAQoAAEnIBP9hV2YmAAAAAElFTkSuQmCC',
  'base64',
);

const EXPORT_NAME =
  /^dfd_bot_support_desk_(Sun|Mon|Tue|Wed|Thu|Fri|Sat)_\d{2}_[A-Z][a-z]{2}_\d{2}-\d{2}\.zip$/;

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const tab = (scope: Locator, name: string) => scope.getByRole('tab', { name });
const group = (scope: Locator, name: string) => scope.getByRole('group', { name });
const activeBot = (page: Page) => page.evaluate(() => localStorage.getItem('activeBot'));

async function addLanguage(form: Locator, typed: string, shown: string) {
  await form.getByPlaceholder('Search language').fill(typed);
  await form.getByRole('option', { name: shown }).click();
}

/** The image bytes a card's avatar shows. */
async function avatarBytes(page: Page, name: string): Promise<Buffer> {
  const src = await card(page, name)
    .getByRole('img', { name: `${name} avatar` })
    .getAttribute('src');
  expect(src).toBeTruthy();
  const response = await page.request.get(src!);
  expect(response.ok()).toBe(true);
  return response.body();
}

// Tall enough for the dialog's tabs to show whole in the screenshots.
test.use({ viewport: { width: 1280, height: 960 } });

test('a customer creates, finds, edits, exports, deletes and imports a bot', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signUpAndConfirm(page);
  // Hold the first list answer back to see the three loading placeholders.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/bot', async (route) => {
    await held;
    await route.continue();
  });
  // A fresh page load: the flow screen has already loaded the (empty) list into the store.
  await page.goto('/bots');
  await expect(page.getByLabel('Loading bots').locator('.bot-card-placeholder')).toHaveCount(3);
  release();
  await expect(page.getByText('No bots available yet.', { exact: false })).toBeVisible();
  await page.unroute('**/api/bot');
  // The drawer link leads back here from another section.
  await page.getByRole('link', { name: 'Flow', exact: true }).click();
  await page.getByRole('link', { name: 'Bots', exact: true }).click();
  await expect(page).toHaveURL(/\/bots$/);

  await test.step('an empty bots screen', async () => {
    await expect(page.getByRole('heading', { name: 'Bots', level: 1 })).toBeVisible();
    await expect(page.getByText('Manage your bots')).toBeVisible();
    await expect(
      page.getByText('No bots available yet. Start by creating a new bot to see it here!'),
    ).toBeVisible();
    await expect(page.getByPlaceholder('Search by name')).toBeVisible();
    await screenshot(page, 'bots-empty');
  });

  await test.step('add a bot with an uploaded avatar, two languages and two origins', async () => {
    await page.getByRole('button', { name: 'Add bot' }).click();
    const form = dialog(page, 'Add bot');
    const save = form.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Cancel' })).toBeEnabled();

    await form
      .getByLabel('Upload avatar')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: AVATAR_PNG });
    await form.getByLabel('Bot name').fill('Support Desk');
    await form.getByLabel('Bot description').fill('Answers order questions');
    // A name alone is not enough: origins are required.
    await expect(save).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await addLanguage(form, 'FRE', 'French');
    await form.getByLabel('Default language').selectOption({ label: 'French' });
    await form.getByLabel('Bot origins').fill('https://shop.example.com\n\n  https://help.example.com  \n');
    const parsed = form.getByLabel('Parsed origins');
    await expect(parsed.getByText('https://shop.example.com')).toBeVisible();
    await expect(parsed.getByText('https://help.example.com')).toBeVisible();
    await screenshot(page, 'bots-dialog-general');

    await tab(form, 'Features').click();
    const tts = group(form, 'Text to speech');
    await expect(tts.getByLabel('Voice gender')).toHaveCount(0);
    await tts.getByRole('switch', { name: 'Allow' }).check();
    await tts.getByRole('switch', { name: 'External API' }).check();
    await expect(tts.getByLabel('Voice gender')).toHaveValue('2');
    await tts.getByLabel('Voice gender').selectOption({ label: 'Male' });
    await group(form, 'Speech to text').getByRole('switch', { name: 'Allow' }).check();
    await screenshot(page, 'bots-dialog-features');
    // Turning text to speech off turns its external API off too.
    await tts.getByRole('switch', { name: 'Allow' }).uncheck();
    await tts.getByRole('switch', { name: 'Allow' }).check();
    await expect(tts.getByRole('switch', { name: 'External API' })).not.toBeChecked();

    await tab(form, 'Advanced').click();
    await form.getByLabel('Telegram token').fill('123456:telegram-secret');
    await form.getByLabel('WhatsApp phone ID').fill('15550001111');
    await expect(form.getByRole('button', { name: 'Export bot' })).toHaveCount(0);
    await screenshot(page, 'bots-dialog-advanced');

    await save.click();
    await expect(form).toBeHidden();
    const created = card(page, 'Support Desk');
    await expect(created).toBeVisible();
    await expect(created.getByText('Answers order questions')).toBeVisible();
    await expect(created.getByLabel('Languages').getByText('English')).toBeVisible();
    await expect(created.getByLabel('Languages').getByText('French')).toHaveClass(/badge-active/);
    await expect(created.getByText('https://help.example.com')).toBeVisible();
    await expect(created.getByRole('img', { name: 'Text to speech' })).toBeVisible();
    await expect(created.getByRole('img', { name: 'Speech to text' })).toBeVisible();
    expect(await avatarBytes(page, 'Support Desk')).toEqual(AVATAR_PNG);
  });

  await test.step('a second bot, then search by name', async () => {
    await page.getByRole('button', { name: 'Add bot' }).click();
    const form = dialog(page, 'Add bot');
    await form.getByLabel('Bot name').fill('Sales helper');
    await form.getByLabel('Bot origins').fill('localhost:3000');
    // Without an avatar the card shows the generated one.
    await form.getByRole('button', { name: 'Remove avatar' }).click();
    // One bot request at a time: a double click creates one bot.
    await form.getByRole('button', { name: 'Save' }).dblclick();
    await expect(form).toBeHidden();
    await expect(page.getByRole('article')).toHaveCount(2);
    const generated = card(page, 'Sales helper').getByRole('img', { name: 'Sales helper avatar' });
    await expect(generated).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await screenshot(page, 'bots-list');
    await page.getByRole('button', { name: 'Dark' }).click();
    await screenshot(page, 'bots-list-dark');
    await page.getByRole('button', { name: 'Light' }).click();

    await page.getByPlaceholder('Search by name').fill('DESK');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card(page, 'Support Desk')).toBeVisible();
    await page.getByPlaceholder('Search by name').fill('helper');
    await expect(card(page, 'Sales helper')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await page.getByPlaceholder('Search by name').fill('');
    await expect(page.getByRole('article')).toHaveCount(2);
  });

  await test.step('edit, undo, then save a change', async () => {
    await card(page, 'Support Desk').click();
    const form = dialog(page, 'Update bot');
    const save = form.getByRole('button', { name: 'Save' });
    const undo = form.getByRole('button', { name: 'Undo changes' });
    await expect(form.getByLabel('Bot name')).toHaveValue('Support Desk');
    await expect(form.getByLabel('Bot origins')).toHaveValue(
      'https://shop.example.com\nhttps://help.example.com',
    );
    await expect(save).toBeDisabled();
    await expect(undo).toBeDisabled();

    await form.getByLabel('Bot name').fill('Renamed desk');
    await form.getByRole('button', { name: /^English/ }).click();
    await form.getByRole('menuitem', { name: 'Remove' }).click();
    await expect(save).toBeEnabled();
    await expect(form.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await undo.click();
    await expect(form.getByLabel('Bot name')).toHaveValue('Support Desk');
    await expect(form.getByRole('button', { name: /^English/ })).toBeVisible();
    await expect(save).toBeDisabled();

    // The last language cannot be removed.
    await form.getByRole('button', { name: /^English/ }).click();
    await form.getByRole('menuitem', { name: 'Remove' }).click();
    await form.getByRole('button', { name: /^French/ }).click();
    await expect(form.getByRole('menuitem', { name: 'Remove' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await undo.click();

    await form.getByLabel('Bot description').fill('Answers order and delivery questions');
    await save.click();
    await expect(form).toBeHidden();
    await expect(card(page, 'Support Desk').getByText('Answers order and delivery questions')).toBeVisible();
  });

  let exported = '';
  let originalAvatar: Buffer = Buffer.alloc(0);
  await test.step('export, then delete with the two-step button', async () => {
    originalAvatar = await avatarBytes(page, 'Support Desk');
    await card(page, 'Support Desk').getByRole('button', { name: 'Settings of Support Desk' }).click();
    const form = dialog(page, 'Update bot');
    await tab(form, 'Advanced').click();
    await screenshot(page, 'bots-dialog-update-advanced');
    const downloading = page.waitForEvent('download');
    await form.getByRole('button', { name: 'Export bot' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(EXPORT_NAME);
    await expect(card(page, 'Support Desk').getByText('Active', { exact: true })).toBeVisible();
    exported = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(exported);
    const info = JSON.parse(
      await (await JSZip.loadAsync(await fs.readFile(exported))).file('bot_info.json')!.async('string'),
    );
    expect(info.bot_data).toMatchObject({ name: 'Support Desk', telegram_token: '123456:telegram-secret' });

    const remove = form.getByRole('button', { name: 'Delete' });
    await remove.click();
    await expect(form.getByRole('button', { name: 'Sure ?' })).toBeVisible();
    await expect(card(page, 'Support Desk')).toHaveCount(1);
    await form.getByRole('button', { name: 'Sure ?' }).click();
    await expect(form).toBeHidden();
    await expect(card(page, 'Support Desk')).toHaveCount(0);
    // The deleted bot was the active one (the first bot made): the last bot left takes over.
    await expect(card(page, 'Sales helper').getByText('Active', { exact: true })).toBeVisible();
    expect(await activeBot(page)).not.toBeNull();
  });

  await test.step('import refuses files that are not bot archives', async () => {
    await page.getByRole('button', { name: 'Import Bot' }).click();
    const form = dialog(page, 'Import bot');
    const upload = form.getByLabel('Upload bot file');
    await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(form.getByRole('alert')).toHaveText('Please select a valid .zip bot file');
    const empty = new JSZip();
    empty.file('readme.txt', 'no bot here');
    const emptyZip = await empty.generateAsync({ type: 'nodebuffer' });
    await upload.setInputFiles({ name: 'empty.zip', mimeType: 'application/zip', buffer: emptyZip });
    await expect(form.getByRole('alert')).toHaveText('No Bot JSON file found in the zip.');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
  });

  await test.step('import the exported archive and find the same bot back', async () => {
    await page.getByRole('button', { name: 'Import Bot' }).click();
    let form = dialog(page, 'Import bot');
    await form.getByLabel('Upload bot file').setInputFiles(exported);
    await expect(form.getByLabel('Bot name')).toHaveValue('Support Desk');
    await expect(form.getByRole('button', { name: 'Import' })).toBeEnabled();
    await screenshot(page, 'bots-dialog-import');
    // Edits made before importing are written into the archive's bot_info.json.
    await tab(form, 'Advanced').click();
    await form.getByLabel('WhatsApp token').fill('wa-token-1');
    await form.getByRole('button', { name: 'Import' }).click();
    await expect(form).toBeHidden();

    const imported = card(page, 'Support Desk');
    await expect(imported).toBeVisible();
    await expect(imported.getByText('Answers order and delivery questions')).toBeVisible();
    await expect(imported.getByLabel('Languages').getByText('French')).toHaveClass(/badge-active/);
    expect(await avatarBytes(page, 'Support Desk')).toEqual(originalAvatar);

    await imported.click();
    form = dialog(page, 'Update bot');
    await expect(form.getByLabel('Bot origins')).toHaveValue(
      'https://shop.example.com\nhttps://help.example.com',
    );
    await expect(form.getByLabel('Default language')).toHaveValue('3');
    await tab(form, 'Features').click();
    await expect(group(form, 'Text to speech').getByRole('switch', { name: 'Allow' })).toBeChecked();
    await expect(group(form, 'Text to speech').getByLabel('Voice gender')).toHaveValue('1');
    await expect(group(form, 'Speech to text').getByRole('switch', { name: 'Allow' })).toBeChecked();
    await tab(form, 'Advanced').click();
    // Channel tokens are secrets: every read shows them masked (issue 16).
    await expect(form.getByLabel('Telegram token')).toHaveValue('••••cret');
    await expect(form.getByLabel('WhatsApp phone ID')).toHaveValue('15550001111');
    await expect(form.getByLabel('WhatsApp token')).toHaveValue('••••en-1');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('article')).toHaveCount(2);
    await screenshot(page, 'bots-after-import');
  });
});
