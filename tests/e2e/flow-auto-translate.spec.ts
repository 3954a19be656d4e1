import { expect, test } from '@playwright/test';
import { screenshot, signUpAndConfirm } from './helpers';
import { createBot, enableBoardHook, publishFromBoard, token, waitForBoard } from './flow-helpers';
import { openEditor, savedNode } from './node-editor-helpers';

// Issue 13 §13 "Translate flow content" in a real browser: a bot with the switch on publishes a
// flow with English texts only; the French texts the AI endpoint filled (the host page's fake
// answers "[fr] …") show in the node modal with a "Machine-translated" mark, and editing the
// text clears the mark. Without an AI endpoint the bot dialog's switch is disabled and says why.

test.use({ viewport: { width: 1280, height: 900 } });

const NEEDS_AI = 'Needs an AI endpoint (LLM_BASE_URL) on the server';

test('machine-translated texts are marked in the node modal, and an edit clears the mark', async ({
  page,
}) => {
  await enableBoardHook(page);
  await signUpAndConfirm(page);
  const bot = await createBot(page, 'Globe', { auto_translate: 'true' });
  const authorization = `Bearer ${await token(page)}`;
  const ask = {
    id: 'ask',
    type: 'choice',
    name: 'Ask',
    x: 200,
    y: 200,
    message: { en: '<p>Pick one</p>' },
    next: [{ id: 0, node: null, option: { en: { name: 'Prices', alt: [] } } }],
  };
  const published = await page.request.post(`/api/flow/${bot.id}`, {
    headers: { authorization, 'if-match': '0' },
    data: { nodes: [ask], allow_invalid: true },
  });
  const answer = await published.json();
  expect(answer.translation, JSON.stringify(answer)).toMatchObject({ done: true, languages: ['fr'] });

  await page.evaluate((id) => localStorage.setItem('activeBot', String(id)), bot.id);
  await page.reload();
  await waitForBoard(page);
  const modal = await openEditor(page, 'Ask', 'Edit node');
  const mark = modal.getByText('Machine-translated', { exact: true });
  await expect(mark).toHaveCount(0);

  await modal.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(mark).toBeVisible();
  await expect(mark).toHaveAttribute('title', /^2 texts in this language were machine-translated/);
  await expect(modal.getByRole('textbox', { name: 'Options message' })).toContainText('[fr]');
  await screenshot(page, 'auto-translate-node-modal');

  // The author rewrites the French question: it is theirs now; the choice label keeps its mark.
  const message = modal.getByRole('textbox', { name: 'Options message' });
  await message.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Choisissez');
  await expect(mark).toHaveAttribute('title', /^1 text in this language was machine-translated/);
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(modal).toBeHidden();
  await publishFromBoard(page);
  const saved = (await savedNode(page, 'Ask')) as {
    message: Record<string, string>;
    machine_translated: unknown;
  };
  expect(saved.message.fr).toContain('Choisissez');
  expect(saved.machine_translated).toEqual({ fr: ['next.0.option.name'] });
});

test('without an AI endpoint the switch is disabled and says why', async ({ page }) => {
  await signUpAndConfirm(page);
  await createBot(page, 'Plain');
  // The server under test has an endpoint; the app is told it has none.
  await page.route('**/api/user-info', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), llm_available: false } });
  });
  await page.goto('/bots');
  await page.getByRole('article', { name: 'Plain', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Update bot' });
  await form.getByRole('tab', { name: 'Features' }).click();
  const translate = form.getByRole('group', { name: 'Translate flow content' });
  await expect(translate.getByRole('switch', { name: 'Allow' })).toBeDisabled();
  await expect(translate.getByText(NEEDS_AI)).toBeVisible();
  await screenshot(page, 'auto-translate-switch-disabled');
});
