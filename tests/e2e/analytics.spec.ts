import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { MINIMAP_MEASURE } from '../../src/features/flow/board/minimap';
import { signUpAndConfirm } from './helpers';
import { enableBoardHook, nodeNamed, waitForBoard } from './flow-helpers';
import { REGISTERED_SITE } from './host-page/env';
import { createShopBot, hostPage, publishFlow, shopFlow } from './host-page/widget-flow';

// Analytics end to end (issue 19): a guest chats through the widget on the host page while the
// author watches the board's Analytics overlay and the results page change without a reload
// (over Server-Sent Events; the delay from the guest's answer to the changed number is printed),
// then exports the conversations as CSV and reads it back. Screenshots for docs/screens/issue-19.

const SCREENS = 'docs/screens/issue-19';
let botId = 0;
let token = '';

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signUpAndConfirm(page);
  token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
  botId = await createShopBot(page.request, token);
  await publishFlow(page.request, token, botId, shopFlow());
  await page.close();
});

async function shot(page: Page, name: string) {
  await fs.mkdir(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), animations: 'disabled' });
}

/**
 * The minimap draws the flow's nodes once the page is quiet after the flow loaded (minimap.ts): a
 * picture taken before it shows an empty frame. Its measure says the nodes were drawn; the next
 * animation frame puts them on screen.
 */
async function minimapDrawn(page: Page) {
  await page.waitForFunction(
    (name) =>
      performance.getEntriesByName(name).some((entry) => Number((entry as PerformanceMeasure).detail) > 0),
    MINIMAP_MEASURE,
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

const chatFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Chat"]');
const log = (frame: FrameLocator) => frame.getByRole('log', { name: 'Conversation' });

/** A guest on the host page who opens the chat (the flow starts: welcome, then the choice). */
async function openGuest(page: Page): Promise<FrameLocator> {
  await page.goto(hostPage(REGISTERED_SITE, botId, { name: 'Shop assistant' }));
  await page.getByRole('button', { name: 'Chat with Shop assistant' }).click();
  const frame = chatFrame(page);
  await expect(log(frame).getByText('Which glaze do you like?')).toBeVisible();
  return frame;
}

const nodeFigures = (page: Page, node: string) =>
  page.getByRole('list', { name: 'Figures by node' }).locator(`li[data-node="${node}"]`);

test('the overlay and the results page follow a guest live; the CSV export reads back', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await enableBoardHook(page);
  await page.addInitScript((t) => localStorage.setItem('accessToken', t), token);
  await page.goto('/flow');
  await waitForBoard(page);
  await page.getByRole('switch', { name: 'Analytics' }).click();
  await expect(page.getByRole('switch', { name: 'Analytics' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('complementary', { name: 'Analytics' })).toBeVisible();
  await expect(nodeFigures(page, 'colour')).toHaveCount(0);

  // A guest opens the chat: the welcome and the choice are visited.
  const guestPage = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  const frame = await openGuest(guestPage);
  await expect(nodeFigures(page, 'colour')).toHaveText(/colour: 1 visits, 1 guests, 1 left \(100 %\)/);

  // The guest answers; the author's board moves the guest on without a reload.
  await log(frame).getByRole('button', { name: 'Cobalt' }).click();
  const answered = Date.now();
  await expect(nodeFigures(page, 'secret')).toHaveText(/secret: 1 visits, 1 guests, 1 left/, {
    timeout: 5000,
  });
  const boardDelay = Date.now() - answered;
  await expect(nodeFigures(page, 'colour')).toHaveText(/colour: 1 visits, 1 guests, 0 left/);
  // Select the node the guest is at: its numbers and the conversation that stopped there.
  const secret = await nodeNamed(page, 'secret');
  await page.mouse.click(secret.header.x, secret.header.y);
  const details = page.getByRole('region', { name: 'Selected node' });
  await expect(details.getByRole('heading', { name: 'secret' })).toBeVisible();
  await expect(details.getByText('Conversations that ended here')).toBeVisible();
  await minimapDrawn(page);
  await shot(page, 'overlay-desktop');

  // The results page: the conversations tile and the chart follow the next guest live.
  await page.goto(`/results/${botId}`);
  const tile = page.getByTestId('tile-conversations').locator('dd');
  await expect(tile).toHaveText('1');
  await expect(page.getByRole('img', { name: 'Conversations over time' })).toBeVisible();
  // The page notes when the number changes; the guest's page notes when the turn's answer came.
  await tile.evaluate((element) => {
    new MutationObserver(() => ((window as unknown as { changedAt: number }).changedAt = Date.now())).observe(
      element,
      { childList: true, characterData: true, subtree: true },
    );
  });
  const second = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  const answeredTurn = second
    .waitForResponse((r) => r.url().includes('/api/chat') && r.request().method() === 'POST')
    .then(() => Date.now());
  await openGuest(second);
  await expect(tile).toHaveText('2', { timeout: 5000 });
  const resultsDelay =
    (await page.evaluate(() => (window as unknown as { changedAt: number }).changedAt)) -
    (await answeredTurn);
  console.log(
    `live: turn → number changed on an open page: board ${boardDelay} ms, results page ${resultsDelay} ms`,
  );
  await expect(page.getByRole('region', { name: 'Conversations' }).getByRole('row')).toHaveCount(3);
  await shot(page, 'results-desktop');

  // The transcript of a conversation: the password never shows.
  await page.getByRole('region', { name: 'Conversations' }).getByRole('row').nth(2).click();
  const transcript = page.getByRole('dialog', { name: 'Conversation' });
  await expect(transcript.getByText('Which glaze do you like?')).toBeVisible();
  await shot(page, 'results-transcript');
  await transcript.getByRole('button', { name: /close/i }).first().click();

  // The CSV export, read back.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export with transcripts' }).click();
  const file = await (await download).path();
  const csv = await fs.readFile(file, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toMatch(
    /^guest_id,started_at_utc,last_at_utc,channel,language,flow_version,last_node,outcome/,
  );
  expect(lines).toHaveLength(3);
  expect(csv).toContain('Which glaze do you like?');

  // Phone width and dark mode, loaded as a phone loads it (a desktop window narrowed keeps its
  // sidebar open, as a drawer over the page).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(tile).toHaveText('2');
  await shot(page, 'results-390');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(tile).toHaveText('2');
  await shot(page, 'results-390-dark');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'results-dark');
  await page.goto('/flow');
  await waitForBoard(page);
  await page.getByRole('switch', { name: 'Analytics' }).click();
  await expect(nodeFigures(page, 'colour')).toHaveText(/colour: 2 visits/);
  await minimapDrawn(page);
  await shot(page, 'overlay-dark');
  await guestPage.close();
  await second.close();
});
