import type { Page } from '@playwright/test';
import { addNode, draftOffer as offer, expect, says, test } from './flow-draft-fixture';
import { generateFlow } from './flow-generate';
import { board, waitForBoard } from './flow-helpers';

// Issue 20 §4: drafts are kept in IndexedDB as the author edits, so closing the tab loses nothing
// even on a 10,000-node flow (too large for localStorage); a draft an earlier version kept in
// localStorage is moved over once and still offered.

/** The node count of the draft kept in IndexedDB for the bot's main flow (null: none kept). */
function keptNodeCount(page: Page, botId: number): Promise<number | null> {
  return page.evaluate(
    (key) =>
      new Promise<number | null>((resolve, reject) => {
        const open = indexedDB.open('botflow');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('drafts')) return resolve(null);
          const get = db.transaction('drafts').objectStore('drafts').get(key);
          get.onsuccess = () =>
            resolve((get.result as { nodes: unknown[] } | undefined)?.nodes.length ?? null);
          get.onerror = () => reject(get.error);
        };
      }),
    `botflow:draft:${botId}:main`,
  );
}

/** The board's node count, counted in the page (the full node list of 10,000 is slow to carry over). */
const nodeCount = (page: Page) =>
  page.evaluate(() => (window as unknown as { __botflow: { nodes(): unknown[] } }).__botflow.nodes().length);

test('a 10,000-node draft is kept in IndexedDB; closing the tab and coming back restores it', async ({
  page,
  context,
  desk,
}) => {
  test.setTimeout(240_000);
  const bot = await desk.open('Big draft', []);
  await desk.publishAndReload(generateFlow(10_000));
  expect(await nodeCount(page)).toBe(10_000);

  await addNode(page, 'Basic');
  await expect.poll(() => nodeCount(page), { timeout: 30_000 }).toBe(10_001);
  // Kept after the save delay, although the draft is far larger than localStorage's quota.
  await expect.poll(() => keptNodeCount(page, bot.id), { timeout: 30_000 }).toBe(10_001);
  await page.close();

  const again = await context.newPage();
  await again.goto('/flow');
  await waitForBoard(again);
  expect(await nodeCount(again)).toBe(10_000);
  await expect(offer(again)).toBeVisible({ timeout: 30_000 });
  await desk.restoreDraft(again);
  await expect.poll(() => nodeCount(again), { timeout: 30_000 }).toBe(10_001);
});

test('a draft kept in localStorage by an earlier version is moved to IndexedDB and offered', async ({
  page,
  desk,
}) => {
  const bot = await desk.open('Old draft', [says('welcome', 'Hi')]);
  const key = `botflow:draft:${bot.id}:main`;
  await page.evaluate(
    ([k, nodes]) => localStorage.setItem(k, JSON.stringify({ base: 1, savedAt: Date.now(), nodes })),
    [key, [says('welcome', 'Hi'), says('kept', 'Kept from before', 400)]] as const,
  );
  await page.reload();
  await waitForBoard(page);
  await expect(offer(page)).toBeVisible();
  // Moved once: gone from localStorage, now in IndexedDB.
  expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();
  expect(await keptNodeCount(page, bot.id)).toBe(2);
  await desk.restoreDraft();
  await expect.poll(async () => (await board(page, 'nodes')).map((n) => n.id)).toEqual(['welcome', 'kept']);

  // Every change undone: nothing is left to keep, so the kept draft is removed.
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await board(page, 'nodes')).length).toBe(1);
  await expect.poll(() => keptNodeCount(page, bot.id)).toBeNull();
});
