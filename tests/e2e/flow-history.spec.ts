import type { Page } from '@playwright/test';
import { addNode, draftOffer, expect, says, test } from './flow-draft-fixture';
import { board, nodeNamed, publishFromBoard, waitForBoard } from './flow-helpers';
import { issueScreenshot } from './flow-power-helpers';

// Issue 20 §4 and §7: the History panel, a version opened read-only, roll back (the chat then runs
// the rolled-back flow), the draft kept in the browser, and the banner when another author publishes.

const history = (page: Page) => page.getByRole('complementary', { name: 'Version history' });
const emulator = (page: Page) => page.getByRole('region', { name: 'Emulator' });

test('history lists publishes, opens one read-only and rolls back to it; the chat follows', async ({
  page,
  desk,
}) => {
  await desk.open('History desk', [says('welcome', 'Version one says hi')]);
  await desk.publishAndReload([says('welcome', 'Version two says hello'), says('extra', 'More', 400)]);

  await page.getByRole('button', { name: 'Version history' }).click();
  const items = history(page).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Version 2');
  await expect(items.first()).toContainText('1 added, 1 changed');
  await expect(items.nth(1)).toContainText('1 added');
  await issueScreenshot(page, 'history-panel');

  await items.nth(1).getByRole('button', { name: 'Open' }).click();
  const bar = page.getByRole('status', { name: 'Viewing a version' });
  await expect(bar).toContainText('Version 1');
  await expect(bar).toContainText('1 changed');
  await expect(bar).toContainText("1 of your draft's nodes not in it");
  expect((await board(page, 'nodes')).map((n) => n.id)).toEqual(['welcome']);
  // Highlighted: the node that differs from the draft.
  expect(await board(page, 'group')).toEqual(['welcome']);
  await issueScreenshot(page, 'history-version-open');
  // Read-only: dragging a node pans instead.
  const node = await nodeNamed(page, 'welcome');
  await page.mouse.move(node.header.x, node.header.y);
  await page.mouse.down();
  await page.mouse.move(node.header.x + 100, node.header.y + 50, { steps: 5 });
  await page.mouse.up();
  expect((await nodeNamed(page, 'welcome')).x).toBe(node.x);

  await bar.getByRole('button', { name: 'Back to my draft' }).click();
  await expect(bar).toHaveCount(0);
  expect((await board(page, 'nodes')).map((n) => n.id)).toEqual(['welcome', 'extra']);

  await items.nth(1).getByRole('button', { name: 'Roll back' }).click();
  await expect(page.getByText('Rolled back to version 1')).toBeVisible();
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText('Version 3');
  await expect.poll(async () => (await board(page, 'nodes')).map((n) => n.id)).toEqual(['welcome']);

  await history(page).getByRole('button', { name: 'Close version history' }).click();
  await page.getByRole('button', { name: 'Open emulator' }).click();
  await expect(emulator(page).getByRole('log', { name: 'Conversation' })).toContainText(
    'Version one says hi',
  );
});

test('the draft is kept in the browser; another author publishing shows the banner', async ({
  page,
  desk,
}) => {
  await desk.open('Two authors', [says('welcome', 'Hi')]);

  await test.step('an unpublished change survives a reload', async () => {
    await addNode(page, 'Basic');
    await expect.poll(async () => (await board(page, 'nodes')).length).toBe(2);
    await page.waitForTimeout(1500);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await waitForBoard(page);
    await expect(draftOffer(page)).toBeVisible();
    await issueScreenshot(page, 'draft-offer');
    await desk.restoreDraft();
    await expect.poll(async () => (await board(page, 'nodes')).length).toBe(2);
    await publishFromBoard(page);
  });

  await test.step('a second browser publishing shows the banner in the first', async () => {
    const second = await desk.secondAuthor();
    await addNode(second, 'Choice');
    await publishFromBoard(second);

    const banner = page.getByRole('status', { name: 'Another author published' });
    await expect(banner).toBeVisible({ timeout: 10_000 });
    await issueScreenshot(page, 'two-authors-banner');
    // The second browser's own publish never shows it the banner.
    await expect(second.getByRole('status', { name: 'Another author published' })).toHaveCount(0);
    await banner.getByRole('button', { name: 'Load their version' }).click();
    await expect.poll(async () => (await board(page, 'nodes')).length).toBe(3);
  });
});
