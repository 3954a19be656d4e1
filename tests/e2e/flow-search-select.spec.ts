import { expect, test } from '@playwright/test';
import { newNode, type BasicNode, type FlowNode } from '../../src/core/flow';
import { generateFlow } from './flow-generate';
import { board, emptySpot, nodeNamed } from './flow-helpers';
import { issueScreenshot, openBotWithFlow } from './flow-power-helpers';

/** A small flow with French text, a variable and an API address to find. */
function shopFlow(): FlowNode[] {
  const welcome = newNode('basic', 'w', 0, 0, 'Welcome') as BasicNode;
  welcome.entries = [
    {
      type: 'content',
      content: {
        type: 'text',
        title: 'Hi',
        content: { en: 'Hello and welcome', fr: 'Bonjour et bienvenue' },
      },
    },
    { type: 'variable', name: 'customer_email', default: '', variableType: 'text', wait: true },
  ];
  const orders = newNode('api', 'o', 320, 0, 'Fetch orders');
  orders.api.url = 'https://shop.example/api/orders';
  const bye = newNode('basic', 'b', 640, 0, 'Goodbye');
  welcome.next[0].node = 'o';
  orders.next[0].node = 'b';
  return [welcome, orders, bye];
}

test('search finds titles, every language, variables and API URLs, and jumps to each', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openBotWithFlow(page, 'Search shop', [
    ...shopFlow(),
    ...generateFlow(400).map((n) => ({ ...n, y: n.y + 600 })),
  ]);
  await page.getByRole('region', { name: 'Flow board' }).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+f');
  const box = page.getByRole('searchbox', { name: 'Search the flow' });
  await expect(box).toBeFocused();

  await box.fill('bienvenue');
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(results.getByRole('option').first()).toContainText('Content (fr)');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await board(page, 'selection')).nodeId).toBe('w');
  // Centred at a readable zoom.
  expect((await board(page, 'view')).scale).toBeGreaterThanOrEqual(1);
  await issueScreenshot(page, 'search-desktop');

  await box.fill('shop.example');
  await expect(results.getByRole('option').first()).toContainText('API URL');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await board(page, 'selection')).nodeId).toBe('o');

  await box.fill('customer_em');
  await expect(results.getByRole('option').first()).toContainText('Variable');

  await box.fill('Goodbye');
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await board(page, 'selection')).nodeId).toBe('b');
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);
});

test('rubber band selects, a drag moves the group and one undo puts it back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openBotWithFlow(page, 'Select shop', shopFlow());
  const before = await board(page, 'nodes');
  const stage = page.getByRole('region', { name: 'Flow board' });
  const area = (await stage.boundingBox())!;
  // Shift-drag around the first two nodes.
  const w = await nodeNamed(page, 'Welcome');
  const o = await nodeNamed(page, 'Fetch orders');
  const from = { x: w.box.left - 20, y: w.box.top - 20 };
  const to = { x: o.box.left + o.box.width + 10, y: o.box.top + o.box.height + 20 };
  await page.keyboard.down('Shift');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await issueScreenshot(page, 'rubber-band');
  await page.mouse.up();
  await page.keyboard.up('Shift');
  await expect.poll(async () => (await board(page, 'group')).sort()).toEqual(['o', 'w']);
  await expect(page.getByRole('toolbar', { name: 'Selection' })).toBeVisible();
  await issueScreenshot(page, 'selection-toolbar');

  // Drag the group by one of its nodes.
  const depth = await board(page, 'historyDepth');
  await page.mouse.move(w.header.x, w.header.y);
  await page.mouse.down();
  await page.mouse.move(w.header.x + 60, w.header.y + 120, { steps: 10 });
  await page.mouse.up();
  await expect.poll(async () => (await nodeNamed(page, 'Welcome')).y).not.toBe(w.y);
  const moved = await board(page, 'nodes');
  const delta = (id: string) => {
    const a = before.find((n) => n.id === id)!;
    const b = moved.find((n) => n.id === id)!;
    return [b.x - a.x, b.y - a.y];
  };
  expect(delta('w')).toEqual(delta('o'));
  expect(delta('b')).toEqual([0, 0]);
  expect(await board(page, 'historyDepth')).toBe(depth + 1);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => (await nodeNamed(page, 'Welcome')).y).toBe(w.y);
  expect((await nodeNamed(page, 'Fetch orders')).x).toBe(o.x);

  // Ctrl+A selects everything; Escape lets go.
  await page.mouse.click(...(Object.values(await emptySpot(page, area)) as [number, number]));
  await page.keyboard.press('Control+a');
  await expect.poll(async () => (await board(page, 'group')).length).toBe(3);
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await board(page, 'group')).length).toBe(0);
});
