// Shared steps of the node-editor spec: a customer with a bot on /flow, nodes added from the Node
// menu, the edit modal opened by double-click, and publish + reload.
import { expect, type Locator, type Page } from '@playwright/test';
import { screenshot, signUpAndConfirm } from './helpers';
import { board, createBot, enableBoardHook, nodeNamed, publishFromBoard, waitForBoard } from './flow-helpers';

/** A signed-in customer whose active bot speaks English (primary) and French, on /flow. */
export async function customerWithBot(page: Page): Promise<{ id: number; name: string }> {
  await enableBoardHook(page);
  await signUpAndConfirm(page);
  const bot = await createBot(page, 'Help Desk');
  await page.evaluate((id) => localStorage.setItem('activeBot', String(id)), bot.id);
  await page.reload();
  await waitForBoard(page);
  return bot;
}

export async function addNode(page: Page, typeLabel: string): Promise<void> {
  await page.getByRole('button', { name: 'Node', exact: true }).click();
  await page.getByRole('menuitem', { name: typeLabel, exact: true }).click();
}

/** Double-clicks the node named `name` and answers its edit modal. */
export async function openEditor(page: Page, name: string, title: string): Promise<Locator> {
  const node = await nodeNamed(page, name);
  await page.mouse.dblclick(node.header.x, node.header.y);
  const modal = page.getByRole('dialog', { name: title });
  await expect(modal).toBeVisible();
  return modal;
}

export const confirmButton = (modal: Locator) => modal.getByRole('button', { name: 'Confirm' });

/** Confirms the modal (which must be enabled) and waits for it to close. */
export async function confirm(modal: Locator): Promise<void> {
  await expect(confirmButton(modal)).toBeEnabled();
  await confirmButton(modal).click();
  await expect(modal).toBeHidden();
}

/** Screenshot of the open modal's page, named node-{name}.png. */
export async function shoot(page: Page, name: string): Promise<void> {
  await screenshot(page, `node-${name}`);
}

/** Publishes, reloads the page and waits for the board. */
export async function publishAndReload(page: Page): Promise<void> {
  await publishFromBoard(page);
  await page.reload();
  await waitForBoard(page);
}

/** The node as the board has it (after a reload: as the server saved it). */
export async function savedNode(page: Page, name: string): Promise<Record<string, unknown>> {
  const facts = await nodeNamed(page, name);
  const node = await page.evaluate(async (id) => {
    const token = localStorage.getItem('accessToken');
    const botId = localStorage.getItem('activeBot');
    const answer = await (
      await fetch(`/api/flow/${botId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    return (answer.flow.nodes as { id: string }[]).find((n) => n.id === id);
  }, facts.id);
  expect(node, `node ${name} saved`).toBeTruthy();
  return node as Record<string, unknown>;
}

export { board };
