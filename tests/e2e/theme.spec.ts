import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { contrastRatio } from '../../src/core/theme/contrast';
import { belowAA, probe } from './contrast-probe';
import { signUpAndConfirm } from './helpers';
import { REGISTERED_SITE } from './host-page/env';
import { createShopBot, hostPage, publishFlow, shopFlow } from './host-page/widget-flow';

// The Theme page (issue 15): restyle the widget by clicking its parts in a live preview that is
// the widget itself, save, and see the same look in the embedded widget on another origin.

const SCREENS = 'docs/screens/issue-15';
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mP8z8Dwn4GBgYGJAQoAAEnIBP9hV2YmAAAAAElFTkSuQmCC',
  'base64',
);

let botId = 0;
let token = '';

test.use({ viewport: { width: 1280, height: 900 } });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signUpAndConfirm(page);
  token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
  botId = await createShopBot(page.request, token);
  await publishFlow(page.request, token, botId, shopFlow());
  await page.close();
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(
    ([t, id]) => {
      localStorage.setItem('accessToken', t);
      localStorage.setItem('activeBot', id);
    },
    [token, String(botId)],
  );
});

async function save(page: Page, name: string) {
  await fs.mkdir(SCREENS, { recursive: true });
  // From the top: a full-page picture taken scrolled down draws the sticky top bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

async function expectAA(page: Page, where: string) {
  const probes = await probe(page);
  expect(probes.length, `${where}: texts measured`).toBeGreaterThan(5);
  expect.soft(belowAA(probes).failures, `${where}: below WCAG AA`).toEqual([]);
}

const preview = (page: Page) => page.getByRole('region', { name: 'Chat preview' });
const panel = (page: Page) => page.getByRole('complementary', { name: 'Part settings' });
const css = (locator: Locator, property: string) =>
  locator.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

function rgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** Each part: where to click it, the colour field to change, and where the colour shows. */
const PARTS = [
  {
    part: 'Header',
    click: '.header h1',
    field: 'Header background',
    shows: '.chat .header',
    prop: 'background-color',
    colour: '#0e7490',
  },
  {
    part: 'Chat background',
    click: '.messages',
    at: { x: 4, y: 4 },
    field: 'Chat background',
    shows: '.chat',
    prop: 'background-color',
    colour: '#f0fdfa',
  },
  {
    part: 'Date',
    click: '.day',
    field: 'Date colour',
    shows: '.chat .day',
    prop: 'color',
    colour: '#115e59',
  },
  {
    part: 'User message',
    click: '.row.user .bubble p',
    field: 'User message background',
    shows: '.chat .row.user .bubble',
    prop: 'background-color',
    colour: '#155e75',
  },
  {
    part: 'Bot message',
    click: '.row.bot .bubble.text',
    field: 'Bot message background',
    shows: '.chat .row.bot .bubble.text',
    prop: 'background-color',
    colour: '#ccfbf1',
  },
  {
    part: 'Choices',
    click: '.choice:not(.selected)',
    field: 'Choice background',
    shows: '.chat .choice:not(.selected)',
    prop: 'background-color',
    colour: '#ecfeff',
  },
  {
    part: 'Selected choice',
    click: '.choice.selected',
    field: 'Selected choice background',
    shows: '.chat .choice.selected',
    prop: 'background-color',
    colour: '#164e63',
  },
  {
    part: 'Input bar',
    click: '.composer',
    at: { x: 4, y: 4 },
    field: 'Icon bar background',
    shows: '.chat .composer',
    prop: 'background-color',
    colour: '#e0f2fe',
  },
] as const;

test('an author restyles every part by clicking it, saves, and the embedded widget shows it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/theme');
  await expect(panel(page)).toContainText('Click on a specific part of the chat to edit');
  await expect(preview(page).locator('.chat .header')).toBeVisible();
  const saveButton = page.getByRole('button', { name: 'Save', exact: true });
  await expect(saveButton).toBeDisabled();
  await save(page, '1-theme-page-light');
  await expectAA(page, 'theme page, light');

  for (const item of PARTS) {
    const target = preview(page).locator(`.chat ${item.click}`).first();
    await target.click('at' in item ? { position: item.at } : undefined);
    // A hovered choice takes the selected colours (the widget's hover): the mouse moves away.
    await page.mouse.move(0, 0);
    await expect(panel(page).getByRole('heading', { name: item.part })).toBeVisible();
    await panel(page).getByLabel(item.field, { exact: true }).fill(item.colour);
    await expect
      .poll(() => css(preview(page).locator(item.shows).first(), item.prop), { message: item.part })
      .toBe(rgb(item.colour));
  }
  await expect(saveButton).toBeEnabled();

  // The title, and an avatar chosen from a file.
  await preview(page).locator('.chat .header h1').click();
  await panel(page).getByLabel('Bot title').fill('Acme help');
  await expect(preview(page).getByRole('heading', { name: 'Acme help' })).toBeVisible();
  await panel(page)
    .getByLabel('Avatar image')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: AVATAR_PNG });
  await expect(preview(page).locator('.chat .header img.avatar')).toHaveAttribute('src', /^blob:/);

  await saveButton.click();
  await expect(page.getByText('Theme saved')).toBeVisible();
  await expect(saveButton).toBeDisabled();

  await page.reload();
  for (const item of PARTS) {
    await expect.poll(() => css(preview(page).locator(item.shows).first(), item.prop)).toBe(rgb(item.colour));
  }
  await expect(preview(page).getByRole('heading', { name: 'Acme help' })).toBeVisible();
  await expect(preview(page).locator('.chat .header img.avatar')).toHaveAttribute(
    'src',
    /\/uploads\/avatars\//,
  );

  // The embedded widget on the bot owner's site (another origin) shows the same look.
  await page.goto(hostPage(REGISTERED_SITE, botId, { name: 'Shop assistant' }));
  await page.getByRole('button', { name: 'Chat with Shop assistant' }).click();
  const frame = page.frameLocator('iframe[title="Chat"]');
  await expect(frame.getByRole('heading', { name: 'Acme help' })).toBeVisible();
  await expect(frame.locator('.chat .header')).toHaveCSS('background-color', rgb('#0e7490'));
  await expect(frame.locator('.chat')).toHaveCSS('background-color', rgb('#f0fdfa'));
  await expect(frame.locator('.chat .composer')).toHaveCSS('background-color', rgb('#e0f2fe'));
  await expect(frame.locator('.chat .header img.avatar')).toHaveAttribute(
    'src',
    /\/uploads\/avatars\/[0-9a-f]{32}\.png$/,
  );
  await expect(
    frame.getByRole('log', { name: 'Conversation' }).getByText('Welcome to Acme Shop!'),
  ).toBeVisible();
  await expect(frame.locator('.chat .row.bot .bubble').first()).toHaveCSS('background-color', rgb('#ccfbf1'));
});

test('the chat page arrives in the saved theme: no flash of the default theme', async ({ page }) => {
  const look = { header: { headerTitle: 'Acme help', headerBackground: '#0e7490' } };
  const put = await page.request.put(`/api/theme/${botId}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { theme: JSON.stringify(look) },
  });
  expect(put.status()).toBe(200);
  // Hold the widget's data call: what shows meanwhile came with the page itself.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/widget/**', async (route) => {
    await held;
    await route.continue();
  });
  const headers: string[] = [];
  await page.exposeFunction('reportHeader', (colour: string) => headers.push(colour));
  // Every header colour painted, from the very first frame.
  await page.addInitScript(() => {
    const watch = () => {
      const header = document.querySelector('.chat .header');
      if (header)
        (window as unknown as { reportHeader(c: string): void }).reportHeader(
          getComputedStyle(header).backgroundColor,
        );
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  await page.goto(`/chat?bot_id=${botId}`);
  await expect(page.getByRole('heading', { name: 'Acme help' })).toBeVisible();
  await expect(page.locator('.chat .header')).toHaveCSS('background-color', rgb('#0e7490'));
  release();
  await expect(
    page.getByRole('log', { name: 'Conversation' }).getByText('Welcome to Acme Shop!'),
  ).toBeVisible();
  expect(headers.length).toBeGreaterThan(0);
  expect(new Set(headers)).toEqual(new Set([rgb('#0e7490')]));
});

test("a file that is not an image shows 'invalid image'", async ({ page }) => {
  await page.goto('/theme');
  await preview(page).locator('.chat .header h1').click();
  const drop = panel(page).getByTestId('avatar-drop');
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['just some text'], 'notes.txt', { type: 'text/plain' }));
    return transfer;
  });
  await drop.dispatchEvent('drop', { dataTransfer });
  await expect(panel(page).getByRole('alert')).toHaveText('invalid image');
  // A file that claims to be a PNG but does not load as one.
  const fake = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['MZ not a picture'], 'me.png', { type: 'image/png' }));
    return transfer;
  });
  await drop.dispatchEvent('drop', { dataTransfer: fake });
  await expect(panel(page).getByRole('alert')).toHaveText('invalid image');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
});

test('a low-contrast choice colour is flagged and one click fixes it', async ({ page }) => {
  await page.goto('/theme');
  await preview(page).locator('.chat .choice:not(.selected)').first().click();
  await panel(page).getByLabel('Choice background', { exact: true }).fill('#ffffff');
  await panel(page).getByLabel('Choice text and border', { exact: true }).fill('#d8b4fe');
  const check = panel(page).locator('[data-check="choice-text"]');
  await expect(check).toContainText('⚠');
  await expect(check).toContainText('1.');
  await expect(preview(page).getByRole('img', { name: /Low contrast in Choices/ })).toBeVisible();
  await save(page, '2-contrast-warning');

  await check.getByRole('button', { name: 'Fix contrast' }).click();
  await expect(check).toContainText('✓');
  await expect(preview(page).getByRole('img', { name: /Low contrast in Choices/ })).toHaveCount(0);
  const choice = preview(page).locator('.chat .choice:not(.selected)').first();
  const ratio = contrastRatio(await css(choice, 'color'), await css(choice, 'background-color'));
  expect(ratio).toBeGreaterThanOrEqual(4.5);
});

test('RTL flips the preview; Save is off when unchanged or invalid; dark mode and phone views', async ({
  page,
}) => {
  await page.goto('/theme');
  const saveButton = page.getByRole('button', { name: 'Save', exact: true });
  await expect(preview(page).locator('.chat')).toHaveAttribute('dir', 'ltr');
  await expect(saveButton).toBeDisabled();
  await page.getByRole('switch', { name: 'Right to left' }).check();
  await expect(preview(page).locator('.chat')).toHaveAttribute('dir', 'rtl');
  await expect(saveButton).toBeEnabled();
  await page.getByRole('switch', { name: 'Right to left' }).uncheck();
  await expect(saveButton).toBeDisabled();

  await preview(page).locator('.chat .header h1').click();
  await panel(page).getByLabel('Title font size (px)').fill('200');
  await expect(panel(page).getByText('A whole number from 8 to 72')).toBeVisible();
  await expect(saveButton).toBeDisabled();
  await panel(page).getByLabel('Title font size (px)').fill('18');
  await expect(saveButton).toBeDisabled();

  // Another language's title: the preview switches language and shows it; the default keeps its own.
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption({ label: 'french' });
  await panel(page).getByLabel('Bot title').fill('Boutique');
  await expect(preview(page).getByRole('heading', { name: 'Boutique' })).toBeVisible();
  await expect(preview(page).locator('.chat')).toHaveAttribute('lang', 'fr');
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption({ label: 'english' });
  await expect(preview(page).getByRole('heading', { name: 'Boutique' })).toHaveCount(0);
  await expect(saveButton).toBeEnabled();

  // Dark mode previews (and edits) the derived dark variant.
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Dark' }).click();
  await expect(preview(page).locator('.chat')).toHaveClass(/dark/);
  await preview(page).locator('.chat .row.bot .bubble.text').first().click();
  await expect(panel(page).getByRole('heading', { name: /Bot message/ })).toContainText('dark mode');
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await save(page, '3-theme-page-dark');
  await expectAA(page, 'theme page, dark');
});

test('leaving with unsaved changes asks first; Reset to defaults brings the defaults back', async ({
  page,
}) => {
  await page.goto('/theme');
  await preview(page).locator('.chat .header h1').click();
  await panel(page).getByLabel('Bot title').fill('Not saved yet');
  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Bots' }).click();
  await expect
    .poll(() => prompts)
    .toEqual([
      'There are unsaved changes. Are you sure you want to leave this page without saving the changes?',
    ]);
  await expect(page).toHaveURL(/\/theme$/);

  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(preview(page).getByRole('heading', { name: 'BotFlow' })).toBeVisible();
  await expect(preview(page).locator('.chat .header')).toHaveCSS('background-color', rgb('#6d28d9'));

  // One brand colour in, a readable palette out.
  await page.getByLabel('Brand colour').fill('#facc15');
  await page.getByRole('button', { name: 'Derive palette' }).click();
  await expect
    .poll(() => css(preview(page).locator('.chat .header'), 'background-color'))
    .toBe(rgb('#facc15'));
  await expect(page.getByRole('status').filter({ hasText: 'All text passes WCAG AA' })).toBeVisible();
  const title = preview(page).locator('.chat .header h1');
  expect(contrastRatio(await css(title, 'color'), rgb('#facc15'))).toBeGreaterThanOrEqual(4.5);
});

test.describe('on a 390-px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the page stacks the preview above the panel', async ({ page }) => {
    await page.goto('/theme');
    await preview(page).locator('.chat .choice.selected').click();
    await expect(panel(page).getByRole('heading', { name: 'Selected choice' })).toBeVisible();
    await save(page, '4-theme-page-phone');
  });
});
