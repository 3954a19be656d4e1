import { expect, test } from '@playwright/test';
import { screenshot, signUpAndConfirm } from './helpers';
import { generateFlow } from './flow-generate';
import { board, createBot, emptySpot, enableBoardHook, publishViaApi, waitForBoard } from './flow-helpers';

test('a 5,000-node flow opens, zooms and is drawn only where it is seen', async ({ page }) => {
  test.setTimeout(120_000);
  await enableBoardHook(page);
  await signUpAndConfirm(page);
  const bot = await createBot(page, 'Big Shop');
  const nodes = generateFlow(5000);
  await publishViaApi(page, bot.id, nodes);
  await page.evaluate((id) => localStorage.setItem('activeBot', String(id)), bot.id);
  await page.reload();
  await waitForBoard(page);

  expect(
    await page.evaluate(
      () => (window as unknown as { __botflow: { nodes(): unknown[] } }).__botflow.nodes().length,
    ),
  ).toBe(5000);
  // A flow this large opens at the smallest scale, on its top-left corner.
  expect((await board(page, 'view')).scale).toBeCloseTo(0.3, 5);
  const stage = page.getByRole('region', { name: 'Flow board' });
  const box = (await stage.boundingBox())!;
  const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

  await test.step('zoom in to normal size around the pointer', async () => {
    await page.mouse.move(middle.x, middle.y);
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -100);
    await expect.poll(async () => (await board(page, 'view')).scale).toBeGreaterThan(0.99);
    const shown = await board(page, 'shownNodeCount');
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(200);
    await screenshot(page, 'flow-5000-normal');
  });

  await test.step('zoom out to the 0.3 limit', async () => {
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 100);
    await expect.poll(async () => (await board(page, 'view')).scale).toBeCloseTo(0.3, 5);
    const shown = await board(page, 'shownNodeCount');
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(1000);
    await screenshot(page, 'flow-5000-zoom-0.3');
  });

  await test.step('pan by dragging the background', async () => {
    const before = await board(page, 'view');
    const start = await emptySpot(page, box);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x - 300, start.y - 200, { steps: 10 });
    await page.mouse.up();
    const after = await board(page, 'view');
    expect(after.x - before.x).toBeCloseTo(-300, 0);
    expect(after.y - before.y).toBeCloseTo(-200, 0);
    await screenshot(page, 'flow-5000-panned');
  });

  await test.step('the board follows the dark theme', async () => {
    await page.getByRole('button', { name: 'Dark' }).click();
    await page.mouse.move(middle.x, middle.y);
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -100);
    await expect.poll(async () => (await board(page, 'view')).scale).toBeGreaterThan(0.99);
    await screenshot(page, 'flow-5000-dark');
  });
});
