// Issue 13, items 1 and 2: a reopened flow is readable at its fitted zoom, and the board has zoom
// controls, zoom keys and a minimap that move the view.
import { expect, test, type Page } from '@playwright/test';
import { screenshot, signUpAndConfirm } from './helpers';
import { generateFlow } from './flow-generate';
import { board, createBot, emptySpot, enableBoardHook, publishViaApi, waitForBoard } from './flow-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

interface Caption {
  text: string;
  lines: string[];
}

/** The node captions Konva has visible (the titles drawn below full detail). */
function visibleCaptions(page: Page): Promise<Caption[]> {
  return page.evaluate(() => {
    type KonvaNode = { isVisible(): boolean; getAttr(name: string): unknown };
    const konva = (window as unknown as { Konva: { stages: { find(s: string): KonvaNode[] }[] } }).Konva;
    return konva.stages[0]
      .find('.node-caption')
      .filter((shape) => shape.isVisible())
      .map((shape) => ({
        text: shape.getAttr('captionText') as string,
        lines: shape.getAttr('captionLines') as string[],
      }));
  });
}

/** How many pixels of the nodes layer inside `box` (page coordinates) are dark, as text is. */
function darkPixels(page: Page, box: { left: number; top: number; width: number; height: number }) {
  return page.evaluate((area) => {
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>('.flow-board canvas')];
    // Layers in order: links, nodes, drag, overlay.
    const canvas = canvases[1];
    const rect = canvas.getBoundingClientRect();
    const ratio = canvas.width / rect.width;
    const x = Math.round((area.left - rect.left) * ratio);
    const y = Math.round((area.top - rect.top) * ratio);
    const data = canvas
      .getContext('2d')!
      .getImageData(x, y, Math.round(area.width * ratio), Math.round(area.height * ratio)).data;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] > 200 && data[i] + data[i + 1] + data[i + 2] < 240) dark += 1;
    }
    return dark;
  }, box);
}

async function openFlow(page: Page, count: number): Promise<void> {
  await enableBoardHook(page);
  await signUpAndConfirm(page);
  const bot = await createBot(page, 'Shop');
  await publishViaApi(page, bot.id, generateFlow(count));
  await page.evaluate((id) => localStorage.setItem('activeBot', String(id)), bot.id);
  await page.reload();
  await waitForBoard(page);
}

/** The world point in the middle of the board. */
async function worldCentre(page: Page): Promise<{ x: number; y: number }> {
  const view = await board(page, 'view');
  const box = (await page.getByRole('region', { name: 'Flow board' }).boundingBox())!;
  return { x: (box.width / 2 - view.x) / view.scale, y: (box.height / 2 - view.y) / view.scale };
}

test('a reopened 200-node flow shows its node titles at the fitted zoom', async ({ page }) => {
  await openFlow(page, 200);
  const view = await board(page, 'view');
  // Below full detail, where the board used to draw blank boxes.
  expect(view.scale).toBeLessThan(0.75);

  const captions = await visibleCaptions(page);
  expect(captions.length).toBeGreaterThan(40);
  const greeting = captions.find((c) => c.text === 'Greeting 0');
  expect(greeting?.lines.join(' ')).toBe('Greeting 0');
  for (const caption of captions) {
    expect(caption.lines.length, caption.text).toBeGreaterThan(0);
    expect(caption.text.startsWith(caption.lines[0].replace('…', '')), caption.text).toBe(true);
  }

  // The title is really painted: dark pixels inside the node, away from its border.
  const node = (await board(page, 'node', 'Greeting 0'))!;
  const inner = {
    left: node.box.left + node.box.width * 0.1,
    top: node.box.top + node.box.height * 0.2,
    width: node.box.width * 0.8,
    height: node.box.height * 0.6,
  };
  expect(await darkPixels(page, inner)).toBeGreaterThan(20);
  await screenshot(page, 'flow-board-zoom-200-reopened');

  await test.step('each zoom band draws the titles', async () => {
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    let last = view.scale;
    while (last < 0.75) {
      await zoomIn.click();
      await expect.poll(async () => (await board(page, 'view')).scale).toBeGreaterThan(last);
      last = (await board(page, 'view')).scale;
      if (last < 0.75) expect((await visibleCaptions(page)).length, `scale ${last}`).toBeGreaterThan(10);
    }
    // Full detail: the name, type and slot labels take over from the caption.
    expect(await visibleCaptions(page)).toEqual([]);
  });
});

test('zoom buttons, keys and the minimap move the view', async ({ page }) => {
  await openFlow(page, 200);
  const fitted = await board(page, 'view');
  const scale = () => board(page, 'view').then((v) => v.scale);

  await test.step('zoom in, zoom out, 100 % and fit buttons', async () => {
    const centre = await worldCentre(page);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(scale).toBeCloseTo(fitted.scale * 1.25, 6);
    // Zooming keeps the middle of the board where it was.
    const after = await worldCentre(page);
    expect(after.x).toBeCloseTo(centre.x, 3);
    expect(after.y).toBeCloseTo(centre.y, 3);
    await expect(page.getByRole('button', { name: 'Zoom to 100 %' })).toHaveText(
      `${Math.round(fitted.scale * 125)} %`,
    );
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(scale).toBeCloseTo(fitted.scale, 6);
    await page.getByRole('button', { name: 'Zoom to 100 %' }).click();
    await expect.poll(scale).toBe(1);
    await expect(page.getByRole('button', { name: 'Zoom to 100 %' })).toHaveText('100 %');
    await screenshot(page, 'flow-board-zoom-100');
    await page.getByRole('button', { name: 'Fit to view' }).click();
    await expect.poll(() => board(page, 'view')).toEqual(fitted);
  });

  await test.step('keys +, -, 0 and 1 while the board has focus', async () => {
    const area = (await page.getByRole('region', { name: 'Flow board' }).boundingBox())!;
    const spot = await emptySpot(page, area);
    await page.mouse.click(spot.x, spot.y);
    await expect(page.getByRole('region', { name: 'Flow board' })).toBeFocused();
    await page.keyboard.press('+');
    await expect.poll(scale).toBeCloseTo(fitted.scale * 1.25, 6);
    await page.keyboard.press('=');
    await expect.poll(scale).toBeCloseTo(fitted.scale * 1.25 * 1.25, 6);
    await page.keyboard.press('-');
    await expect.poll(scale).toBeCloseTo(fitted.scale * 1.25, 6);
    await page.keyboard.press('0');
    await expect.poll(scale).toBe(1);
    await page.keyboard.press('1');
    await expect.poll(() => board(page, 'view')).toEqual(fitted);
    // Typing in a field is never a zoom.
    await page.getByRole('combobox').first().focus();
    await page.keyboard.press('0');
    expect(await scale()).toBeCloseTo(fitted.scale, 6);
  });

  await test.step('the minimap shows the flow and pans by click and drag', async () => {
    const minimap = page.getByRole('img', { name: /Minimap/ });
    await expect(minimap).toBeVisible();
    // The problem nodes of the generated flow are drawn in the problem colour.
    await expect.poll(() => reddishPixels(page)).toBeGreaterThan(20);
    await screenshot(page, 'flow-board-zoom-minimap');

    const box = (await minimap.boundingBox())!;
    const before = await worldCentre(page);
    await page.mouse.click(box.x + box.width * 0.85, box.y + box.height / 2);
    const clicked = await worldCentre(page);
    // The flow is 12,800 wide: 85 % across the minimap is far right of the fitted view's middle.
    expect(clicked.x - before.x).toBeGreaterThan(5000);
    expect((await board(page, 'view')).scale).toBeCloseTo(fitted.scale, 6);

    // Dragging the viewport rectangle leftwards carries the view with it, without a jump.
    const from = { x: box.x + box.width * 0.85, y: box.y + box.height / 2 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x - 20, from.y, { steps: 4 });
    const midway = await worldCentre(page);
    expect(midway.x).toBeLessThan(clicked.x);
    await page.mouse.move(from.x - 60, from.y, { steps: 4 });
    await page.mouse.up();
    const dragged = await worldCentre(page);
    expect(dragged.x).toBeLessThan(midway.x);
    await screenshot(page, 'flow-board-zoom-minimap-dragged');
  });

  await test.step('the minimap can be hidden and shown again', async () => {
    const toggle = page.getByRole('button', { name: 'Minimap' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(page.getByRole('img', { name: /Minimap/ })).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(page.getByRole('img', { name: /Minimap/ })).toBeVisible();
  });

  await test.step('captions and minimap in the dark theme', async () => {
    await page.getByRole('button', { name: 'Fit to view' }).click();
    await page.getByRole('button', { name: 'Dark' }).click();
    await expect.poll(() => reddishPixels(page)).toBeGreaterThan(20);
    expect((await visibleCaptions(page)).length).toBeGreaterThan(40);
    await screenshot(page, 'flow-board-zoom-dark');
  });
});

/** Pixels of the minimap in the problem colour (red well above green and blue). */
function reddishPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('.board-minimap')!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let red = 0;
    for (let i = 0; i < data.length; i += 4) {
      // Relative, not absolute: the dark theme's problem colour (#f28b82) is a light red.
      const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a > 200 && r > 150 && r - g > 60 && r - b > 60) red += 1;
    }
    return red;
  });
}

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the zoom controls fit and the minimap starts hidden', async ({ page }) => {
    await openFlow(page, 40);
    const toolbar = page.getByRole('toolbar', { name: 'Zoom' });
    await expect(toolbar).toBeVisible();
    const box = (await toolbar.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    // Clear of the emulator's button in the other bottom corner.
    const emulator = (await page.getByRole('button', { name: 'Open emulator' }).boundingBox())!;
    expect(box.x + box.width).toBeLessThan(emulator.x);
    await expect(page.getByRole('img', { name: /Minimap/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Minimap' }).click();
    await expect(page.getByRole('img', { name: /Minimap/ })).toBeVisible();
    await screenshot(page, 'flow-board-zoom-390');
  });
});
