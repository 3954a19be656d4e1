// The emulator's channel switch (issue 16 item 6): in WhatsApp or Telegram mode the conversation
// is drawn as that channel would show it, from the renderers the server sends with — so the author
// sees a 5-choice node become a WhatsApp list before publishing.
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { newNode } from '../../src/core/flow';
import { createBot, enableBoardHook, publishViaApi, waitForBoard } from './flow-helpers';
import { signUpAndConfirm } from './helpers';

const SCREENS = 'docs/screens/issue-16';
const DRINKS = ['Tea', 'Coffee', 'Juice', 'Water', 'Milk'];

async function save(page: Page, name: string) {
  await fs.mkdir(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), animations: 'disabled' });
}

const say = (id: string, en: string, y: number) => {
  const node = newNode('basic', id, 380, y, id);
  node.entries = [{ type: 'content', content: { type: 'text', title: 'Text', content: { en } } }];
  return node;
};

/** Hello, then a 5-choice node: Coffee and Water have their own answer, no match says so. */
function flow() {
  const hello = say('hello', '<p>Hello <b>there</b>!</p>', 0);
  hello.x = 80;
  hello.next = [{ id: 0, node: 'drink' }];
  const drink = newNode('choice', 'drink', 80, 160, 'drink');
  drink.message = { en: 'What would you like?' };
  const target = (name: string) => (name === 'Coffee' || name === 'Water' ? name.toLowerCase() : 'done');
  drink.next = [
    ...DRINKS.map((name, i) => ({ id: i + 1, node: target(name), option: { en: { name } } })),
    { id: 0, node: 'missed' },
  ];
  return [
    hello,
    drink,
    say('coffee', 'One Coffee coming up.', 0),
    say('water', 'One Water coming up.', 160),
    say('done', 'Coming up.', 320),
    say('missed', 'Sorry, I did not get that.', 480),
  ];
}

const emulator = (page: Page) => page.getByRole('region', { name: 'Emulator' });
const conversation = (page: Page) => emulator(page).getByRole('log', { name: 'Conversation' });
const channel = (page: Page, name: string) =>
  emulator(page).getByRole('group', { name: 'Channel' }).getByRole('button', { name, exact: true });

test.use({ viewport: { width: 1280, height: 820 } });

test("the emulator's WhatsApp mode renders a 5-choice node as a list", async ({ page }) => {
  await enableBoardHook(page);
  await signUpAndConfirm(page);
  const bot = await createBot(page, 'Channel Preview');
  await publishViaApi(page, bot.id, flow());
  await page.evaluate((id) => localStorage.setItem('activeBot', String(id)), bot.id);
  await page.reload();
  await waitForBoard(page);
  await page.getByRole('button', { name: 'Open emulator' }).click();

  await test.step('on the web, the five choices are buttons', async () => {
    await expect(conversation(page).getByRole('button', { name: 'Juice' })).toBeVisible();
    await expect(channel(page, 'Web')).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('on WhatsApp, the question is a list message behind its Choose button', async () => {
    await channel(page, 'WhatsApp').click();
    const list = conversation(page).locator('[data-channel-item="list"]');
    await expect(list).toContainText('What would you like?');
    await expect(list.getByRole('button', { name: 'Juice' })).toHaveCount(0);
    // The formatting WhatsApp shows: bold from the editor's <b>.
    await expect(conversation(page).locator('strong', { hasText: 'there' })).toBeVisible();
    await list.getByRole('button', { name: /Choose/ }).click();
    await expect(list.getByRole('list', { name: 'Choose' }).getByRole('button')).toHaveText(DRINKS);
    await save(page, '4-emulator-whatsapp-list');
  });

  await test.step('on Telegram, the same node is an inline keyboard', async () => {
    await channel(page, 'Telegram').click();
    const keyboard = conversation(page).locator('[data-channel-item="buttons"]');
    await expect(keyboard.getByRole('button')).toHaveText(DRINKS);
    await save(page, '5-emulator-telegram-buttons');
  });

  await test.step('back on WhatsApp, a list row answers, and so does a typed number', async () => {
    await channel(page, 'WhatsApp').click();
    const list = conversation(page).locator('[data-channel-item="list"]');
    await list.getByRole('button', { name: /Choose/ }).click();
    await list.getByRole('button', { name: 'Water' }).click();
    await expect(conversation(page)).toContainText('One Water coming up.');

    await page.getByRole('button', { name: 'Run flow' }).click();
    await expect(conversation(page).locator('[data-channel-item="list"]')).toBeVisible();
    await emulator(page).getByRole('textbox', { name: 'Message' }).fill('2');
    await emulator(page).getByRole('button', { name: 'Send' }).click();
    await expect(conversation(page)).toContainText('One Coffee coming up.');
    await save(page, '6-emulator-whatsapp-typed-number');
  });

  await test.step('dark, and on a phone', async () => {
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    await save(page, '7-emulator-whatsapp-dark');
    await page.getByRole('button', { name: 'Light', exact: true }).click();
    // On a phone the page opens with the menu closed; the conversation is kept (same guest).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await waitForBoard(page);
    await page.getByRole('button', { name: 'Open emulator' }).click();
    await channel(page, 'WhatsApp').click();
    await expect(conversation(page)).toContainText('One Coffee coming up.');
    await save(page, '8-emulator-whatsapp-phone');
  });
});
