// Shared by the issue 20 specs (search, selection, clipboard, lint, history): a signed-in page
// with a bot whose flow is given, and screenshots kept in docs/screens/issue-20.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signUpAndConfirm } from './helpers';
import { createBot, enableBoardHook, publishViaApi, waitForBoard } from './flow-helpers';

const SCREENS = 'docs/screens/issue-20';

/** A full-page screenshot for the issue's record (looked at by a person, not compared). */
export async function issueScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), animations: 'disabled' });
}

/** Signs up, creates a bot with `nodes` as its published flow and opens the board on it. */
export async function openBotWithFlow(
  page: Page,
  name: string,
  nodes: unknown[],
  changes: Record<string, string> = {},
): Promise<{ id: number; name: string }> {
  await enableBoardHook(page);
  await signUpAndConfirm(page);
  const bot = await createBot(page, name, changes);
  if (nodes.length > 0) await publishViaApi(page, bot.id, nodes);
  await page.evaluate((id) => localStorage.setItem('activeBot', String(id)), bot.id);
  await page.goto('/flow');
  await waitForBoard(page);
  return bot;
}
