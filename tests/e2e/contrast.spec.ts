import { expect, test, type Frame, type Page } from '@playwright/test';
import { createBot, enableBoardHook, publishViaApi, waitForBoard } from './flow-helpers';
import { screenshot, signUpAndConfirm } from './helpers';
import { belowAA, probe } from './contrast-probe';

// Issue 13 item 9: every text and every control icon of the default light and dark themes meets
// WCAG 2.1 AA, in the chat (the /chat page and the flow editor's emulator) and in the app's pages.
// Each visible element's computed colours are read in the browser and its ratio computed with
// src/core/theme/contrast.ts over the backgrounds and opacities it actually sits on.

type Mode = 'light' | 'dark';

const text = (en: string) => ({ type: 'content', content: { type: 'text', title: 'Text', content: { en } } });
const FLOW = [
  {
    id: 'welcome',
    name: 'welcome',
    type: 'basic',
    x: 80,
    y: 0,
    next: [{ id: 0, node: 'pick' }],
    entries: [text('Welcome! This is a <a href="https://example.com">link</a> in a reply.')],
  },
  {
    id: 'pick',
    name: 'pick',
    type: 'choice',
    x: 80,
    y: 200,
    message: { en: 'Which plan suits you?' },
    next: [
      { id: 1, node: 'thanks', option: { en: { name: 'Basic', alt: [] } } },
      { id: 2, node: 'thanks', option: { en: { name: 'Premium', alt: [] } } },
      { id: 0, node: null },
    ],
  },
  {
    id: 'thanks',
    name: 'thanks',
    type: 'basic',
    x: 80,
    y: 400,
    next: [{ id: 0, node: 'again' }],
    entries: [text('Thanks for choosing.')],
  },
  {
    id: 'again',
    name: 'again',
    type: 'choice',
    x: 80,
    y: 600,
    message: { en: 'Anything else?' },
    next: [
      { id: 1, node: null, option: { en: { name: 'Yes', alt: [] } } },
      { id: 2, node: null, option: { en: { name: 'No', alt: [] } } },
      { id: 0, node: null },
    ],
  },
];

async function expectAA(target: Page | Frame, where: string) {
  const probes = await probe(target);
  const { failures, unmeasured } = belowAA(probes);
  // The check must have looked at something: a blank page passes every ratio.
  expect(probes.length, `${where}: texts measured`).toBeGreaterThan(5);
  expect.soft(unmeasured, `${where}: texts over a background image`).toEqual([]);
  expect.soft(failures, `${where}: below WCAG AA`).toEqual([]);
}

async function setAppMode(page: Page, mode: Mode) {
  await page.emulateMedia({ colorScheme: mode });
  await page.evaluate((m) => localStorage.setItem('theme', m), mode);
}

/** A chat in the state a guest sees mid-conversation: replies, a chosen choice, open choices. */
async function converse(page: Page) {
  const log = page.getByRole('log', { name: 'Conversation' });
  const premium = log.getByRole('button', { name: 'Premium' });
  await expect(premium).toBeVisible();
  // A reload restores the conversation with the choice already made.
  if (await premium.isEnabled()) await premium.click();
  await expect(log.getByRole('button', { name: 'Yes' })).toBeVisible();
  await expect(log).toContainText('Thanks for choosing.');
}

let botId = 0;

test.beforeEach(async ({ page }) => {
  await enableBoardHook(page);
  await signUpAndConfirm(page);
  const bot = await createBot(page, 'Contrast Desk');
  botId = bot.id;
  await publishViaApi(page, bot.id, FLOW);
  await page.evaluate((id) => localStorage.setItem('activeBot', String(id)), bot.id);
});

for (const mode of ['light', 'dark'] as const) {
  test(`the chat page meets AA in ${mode} mode`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: mode });
    await page.goto(`/chat?bot_id=${botId}&themeMode=${mode}`);
    await converse(page);
    await expect(page.locator('.chat')).toHaveClass(mode === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await screenshot(page, `contrast-chat-${mode}`);
    await expectAA(page, `/chat ${mode}`);

    await test.step('the custom-UI layout and its open menu', async () => {
      await page.goto(`/chat?bot_id=${botId}&themeMode=${mode}&customUI=full`);
      await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('Which plan suits you?');
      await page.getByRole('button', { name: 'Options' }).click();
      await expect(page.getByRole('menu', { name: 'Options' })).toBeVisible();
      await expectAA(page, `/chat custom UI ${mode}`);
    });

    await test.step('on a 390-px phone', async () => {
      await page.setViewportSize({ width: 390, height: 760 });
      await page.goto(`/chat?bot_id=${botId}&themeMode=${mode}`);
      await converse(page);
      await screenshot(page, `contrast-chat-${mode}-390`);
      await expectAA(page, `/chat 390 ${mode}`);
    });
  });

  test(`the bots page and the flow page with its emulator meet AA in ${mode} mode`, async ({ page }) => {
    await setAppMode(page, mode);
    await page.goto('/bots');
    await expect(page.getByRole('article', { name: 'Contrast Desk', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(mode === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await screenshot(page, `contrast-bots-${mode}`);
    await expectAA(page, `/bots ${mode}`);

    await test.step('the bot dialog', async () => {
      await page.getByRole('button', { name: 'Add bot' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAA(page, `bot dialog ${mode}`);
      await page.keyboard.press('Escape');
    });

    await test.step('the flow page, emulator open', async () => {
      await page.goto('/flow');
      await waitForBoard(page);
      await page.getByRole('button', { name: 'Open emulator' }).click();
      const emulator = page.getByRole('region', { name: 'Emulator' });
      await converse(page);
      await expect(emulator).toBeVisible();
      await screenshot(page, `contrast-flow-${mode}`);
      await expectAA(page, `/flow ${mode}`);
    });

    await test.step('the bots page on a 390-px phone', async () => {
      await page.setViewportSize({ width: 390, height: 760 });
      await page.goto('/bots');
      await expect(page.getByRole('article', { name: 'Contrast Desk', exact: true })).toBeVisible();
      await screenshot(page, `contrast-bots-${mode}-390`);
      await expectAA(page, `/bots 390 ${mode}`);
    });
  });
}
