import { expect, test, type Page } from '@playwright/test';
import { screenshot, signUpAndConfirm } from './helpers';
import {
  board,
  clickableLinkPoint,
  createBot,
  drag,
  enableBoardHook,
  flowViaApi,
  nodeNamed,
  publishAnyway,
  waitForBoard,
  type NodeFacts,
} from './flow-helpers';

const LEAVE_PROMPT =
  'There are unsaved changes. Are you sure you want to leave this page without saving the changes?';
const CHANGE_BOT_PROMPT =
  'There are unsaved changes. Are you sure you want to change this bot without saving the changes?';

const botSelect = (page: Page) => page.getByRole('combobox', { name: 'Bot' });

async function addNode(page: Page, typeLabel: string): Promise<void> {
  await page.getByRole('button', { name: 'Node', exact: true }).click();
  await page.getByRole('menuitem', { name: typeLabel, exact: true }).click();
}

/** A signed-in customer with two bots, on /flow with the first bot active. */
async function customerWithBots(page: Page) {
  await enableBoardHook(page);
  await signUpAndConfirm(page);
  const support = await createBot(page, 'Support Desk');
  const sales = await createBot(page, 'Sales Desk');
  await page.evaluate((id) => localStorage.setItem('activeBot', String(id)), support.id);
  await page.reload();
  await waitForBoard(page);
  return { support, sales };
}

const center = (node: NodeFacts) => node.header;

test('an author builds, edits, publishes and reopens a flow on the board', async ({ page }) => {
  test.setTimeout(120_000);
  const { support } = await customerWithBots(page);
  await expect(botSelect(page)).toHaveValue(String(support.id));
  await expect(page.getByText('This flow has no nodes yet. Add one from the Node menu.')).toBeVisible();
  // Run flow needs nodes, Publish needs changes, Edit/Duplicate/Delete need a selection.
  await expect(page.getByRole('button', { name: 'Run flow' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Duplicate' })).toHaveCount(0);

  await test.step('add three nodes of different types', async () => {
    await addNode(page, 'Basic');
    await addNode(page, 'Choice');
    await addNode(page, 'API');
    const nodes = await board(page, 'nodes');
    expect(nodes.map((n) => [n.name, n.type])).toEqual([
      ['Basic 1', 'basic'],
      ['Choice 1', 'choice'],
      ['API 1', 'api'],
    ]);
    const api = await nodeNamed(page, 'API 1');
    expect(api.outputs.map((o) => o.label)).toEqual(['On Success', 'On Failure']);
    await expect(page.getByRole('button', { name: 'Publish' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run flow' })).toBeVisible();
    expect(await board(page, 'historyDepth')).toBe(3);
  });

  await test.step('drag from output slots to inputs to link them', async () => {
    const basic = await nodeNamed(page, 'Basic 1');
    const choice = await nodeNamed(page, 'Choice 1');
    const api = await nodeNamed(page, 'API 1');
    await drag(page, basic.outputs[0], choice.input);
    await drag(page, (await nodeNamed(page, 'Choice 1')).outputs[0], api.input);
    const links = await board(page, 'links');
    expect(links.map((l) => [l.from, l.to])).toEqual([
      [basic.id, choice.id],
      [choice.id, api.id],
    ]);
    expect((await nodeNamed(page, 'Basic 1')).outputs[0].linkedTo).toBe(choice.id);
  });

  let moved: { x: number; y: number };
  await test.step('move a node, undo and redo the move', async () => {
    const before = await nodeNamed(page, 'API 1');
    const { scale } = await board(page, 'view');
    const depthBefore = await board(page, 'historyDepth');
    await drag(page, center(before), { x: center(before).x + 120, y: center(before).y + 90 });
    const after = await nodeNamed(page, 'API 1');
    expect(after.x - before.x).toBeCloseTo(120 / scale, -1);
    expect(after.y - before.y).toBeCloseTo(90 / scale, -1);
    moved = { x: after.x, y: after.y };
    // The whole drag is one history entry; the worker reports it asynchronously.
    await expect.poll(() => board(page, 'historyDepth')).toBe(depthBefore + 1);

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await nodeNamed(page, 'API 1')).x).toBe(before.x);
    expect((await nodeNamed(page, 'API 1')).y).toBe(before.y);
    await expect.poll(() => board(page, 'historyDepth')).toBe(depthBefore);

    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(async () => (await nodeNamed(page, 'API 1')).x).toBe(moved.x);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await nodeNamed(page, 'API 1')).x).toBe(before.x);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(async () => (await nodeNamed(page, 'API 1')).x).toBe(moved.x);
    // The links followed the node all along.
    expect(await board(page, 'links')).toHaveLength(2);
  });

  await test.step('duplicate a node', async () => {
    const basic = await nodeNamed(page, 'Basic 1');
    await page.mouse.click(basic.header.x, basic.header.y);
    await expect.poll(() => board(page, 'selection')).toEqual({ nodeId: basic.id, linkId: null });
    await page.getByRole('button', { name: 'Duplicate' }).click();
    const copy = await nodeNamed(page, 'Basic 1-copy');
    expect([copy.x, copy.y]).toEqual([basic.x + 20, basic.y + 20]);
    expect(copy.outputs.every((o) => o.linkedTo === null)).toBe(true);
    expect((await board(page, 'selection')).nodeId).toBe(copy.id);
  });

  await test.step('delete a link with its button, and a node with the Delete key', async () => {
    const first = (await board(page, 'links'))[1];
    const point = await clickableLinkPoint(page, first);
    await page.mouse.click(point.x, point.y);
    await expect.poll(() => board(page, 'selection')).toEqual({ nodeId: null, linkId: first.id });
    await page.getByRole('button', { name: 'Delete link' }).click();
    expect((await board(page, 'links')).map((l) => l.id)).not.toContain(first.id);
    await expect(page.getByRole('button', { name: 'Delete link' })).toBeHidden();

    const copy = await nodeNamed(page, 'Basic 1-copy');
    await page.mouse.click(copy.header.x, copy.header.y);
    await page.keyboard.press('Delete');
    await expect.poll(() => board(page, 'node', 'Basic 1-copy')).toBeNull();
  });

  await test.step('double-click opens the node editor for that node', async () => {
    const choice = await nodeNamed(page, 'Choice 1');
    await page.mouse.dblclick(choice.header.x, choice.header.y);
    const modal = page.getByRole('dialog', { name: 'Edit node' });
    await expect(modal).toContainText('Choice 1');
    await modal.getByRole('button', { name: 'Close' }).first().click();
  });

  await test.step('Run flow emits the run-flow event', async () => {
    await page.evaluate(() => {
      const w = window as unknown as { runs: unknown[] };
      w.runs = [];
      window.addEventListener('botflow:run-flow', (event) => w.runs.push((event as CustomEvent).detail));
    });
    await page.getByRole('button', { name: 'Run flow' }).click();
    expect(await page.evaluate(() => (window as unknown as { runs: unknown[] }).runs)).toEqual([
      { botId: support.id, flowName: 'main' },
    ]);
  });

  await screenshot(page, 'flow-board');

  await test.step('publish, reload and find the same flow', async () => {
    const expected = await board(page, 'nodes');
    const links = (await board(page, 'links')).map((l) => [l.from, l.slotId, l.to]);
    // The new Choice and API nodes are still empty: the problems list asks first.
    await publishAnyway(page);
    expect(await board(page, 'historyDepth')).toBe(0);
    const saved = await flowViaApi(page, support.id);
    expect(saved.nodes.map((n) => n.name)).toEqual(['Basic 1', 'Choice 1', 'API 1']);

    await page.reload();
    await waitForBoard(page);
    const reopened = await board(page, 'nodes');
    expect(reopened.map((n) => [n.id, n.name, n.type, n.x, n.y])).toEqual(
      expected.map((n) => [n.id, n.name, n.type, n.x, n.y]),
    );
    expect((await board(page, 'links')).map((l) => [l.from, l.slotId, l.to])).toEqual(links);
    expect((await nodeNamed(page, 'API 1')).x).toBe(moved.x);
  });
});

test('the help modal, the drawer toggle and a stale publish', async ({ page, browser }) => {
  const { support } = await customerWithBots(page);

  await test.step('Bot Info & Help shows the bot and how to embed it', async () => {
    await page.getByRole('button', { name: 'Bot Info & Help' }).click();
    const help = page.getByRole('dialog', { name: 'Bot Info & Help' });
    await expect(help).toContainText(String(support.id));
    await expect(help).toContainText('Support Desk');
    await expect(help).toContainText('https://shop.example.com');
    await expect(help).toContainText('English (default), French');
    const origin = new URL(page.url()).origin;
    await expect(help.locator('code')).toHaveText(
      `<script src="${origin}/widget/loader.js" data-bot-id="${support.id}" data-bot-name="Support Desk" async></script>`,
    );
    await expect(help.getByRole('row', { name: /Undo/ })).toContainText('Ctrl/Cmd + Z');
    await screenshot(page, 'flow-help');
    await help.getByRole('button', { name: 'Close' }).click();
    await expect(help).toHaveCount(0);
  });

  await test.step('the drawer toggle hides and shows the dashboard drawer', async () => {
    const drawer = page.getByRole('complementary', { name: 'Main menu' });
    await expect(drawer).toBeInViewport();
    await page.getByRole('button', { name: 'Toggle dashboard drawer' }).click();
    await expect(drawer).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle dashboard drawer' }).click();
    await expect(drawer).toBeInViewport();
  });

  await test.step('publishing over a newer version is refused and shown, nothing is overwritten', async () => {
    await addNode(page, 'Basic');
    // Meanwhile the same flow is published from another tab.
    const other = await browser.newContext();
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    await other.addInitScript(
      ([t, id]) => {
        localStorage.setItem('accessToken', t);
        localStorage.setItem('activeBot', id);
        localStorage.setItem('botflowTestHooks', '1');
      },
      [token!, String(support.id)] as const,
    );
    const tab = await other.newPage();
    await tab.goto('/flow');
    await waitForBoard(tab);
    await addNode(tab, 'Choice');
    await publishAnyway(tab);
    await other.close();

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('alert')).toContainText('published by someone else');
    // The changes stay on the board, unsaved, and the server keeps the other tab's flow.
    await expect(page.getByRole('button', { name: 'Publish' })).toBeVisible();
    expect((await board(page, 'nodes')).map((n) => n.name)).toEqual(['Basic 1']);
    expect((await flowViaApi(page, support.id)).nodes.map((n) => n.name)).toEqual(['Choice 1']);
    await screenshot(page, 'flow-conflict');
  });
});

test('flow templates are added, switched to, saved and deleted', async ({ page }) => {
  await customerWithBots(page);
  await addNode(page, 'Basic');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);

  const list = page.getByRole('dialog', { name: 'Flow templates' });
  await page.getByRole('button', { name: 'main' }).click();
  const add = list.getByRole('button', { name: 'Add' });
  const name = list.getByLabel('Template name');
  await expect(add).toBeDisabled();
  await name.fill('   ');
  await expect(add).toBeDisabled();
  await name.fill('main');
  await expect(add).toBeDisabled();
  // The main flow cannot be deleted.
  await expect(list.getByRole('button', { name: 'Delete template main' })).toHaveCount(0);

  await name.fill('Order status!');
  await add.click();
  await expect(list.getByRole('button', { name: 'Order_status', exact: true })).toBeVisible();
  await expect(name).toHaveValue('');
  await screenshot(page, 'flow-template-list');
  await name.fill('order status');
  await expect(add).toBeEnabled();
  await name.fill('Order status');
  await expect(add).toBeDisabled();

  await list.getByRole('button', { name: 'Order_status', exact: true }).click();
  await waitForBoard(page, 'Order_status');
  expect(await board(page, 'nodes')).toEqual([]);
  await addNode(page, 'Choice');
  await publishAnyway(page);

  await page.getByRole('button', { name: 'Order_status' }).click();
  await list.getByRole('button', { name: 'main', exact: true }).click();
  await waitForBoard(page, 'main');
  expect((await board(page, 'nodes')).map((n) => n.name)).toEqual(['Basic 1']);

  await page.getByRole('button', { name: 'main' }).click();
  await list.getByRole('button', { name: 'Order_status', exact: true }).click();
  await waitForBoard(page, 'Order_status');
  expect((await board(page, 'nodes')).map((n) => n.name)).toEqual(['Choice 1']);
  await screenshot(page, 'flow-templates');

  await page.getByRole('button', { name: 'Order_status' }).click();
  await list.getByRole('button', { name: 'Delete template Order_status' }).click();
  await expect(list.getByRole('button', { name: 'Order_status', exact: true })).toHaveCount(0);
  await waitForBoard(page, 'main');
  await page.reload();
  await waitForBoard(page, 'main');
  await page.getByRole('button', { name: 'main' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
});

test('unsaved changes are guarded on bot switch and on leaving the page', async ({ page }) => {
  const { support, sales } = await customerWithBots(page);
  await addNode(page, 'Wizard');
  await expect(page.getByRole('button', { name: 'Publish' })).toBeVisible();

  await test.step('switching bots asks, and a refusal keeps the bot and its changes', async () => {
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await botSelect(page).selectOption(String(sales.id));
    expect(asked).toEqual([CHANGE_BOT_PROMPT]);
    await expect(botSelect(page)).toHaveValue(String(support.id));
    expect((await board(page, 'nodes')).map((n) => n.name)).toEqual(['Wizard 1']);
  });

  await test.step('leaving for another page asks with the leave prompt', async () => {
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Bots' }).click();
    await expect.poll(() => asked).toEqual([LEAVE_PROMPT]);
    await expect(page).toHaveURL(/\/flow$/);
  });

  await test.step('closing the tab with unsaved changes asks first', async () => {
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
  });

  await test.step('accepting the bot switch opens the other bot without the changes', async () => {
    page.once('dialog', (dialog) => void dialog.accept());
    await botSelect(page).selectOption(String(sales.id));
    await expect(botSelect(page)).toHaveValue(String(sales.id));
    await waitForBoard(page);
    expect(await board(page, 'nodes')).toEqual([]);
    await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('activeBot'))).toBe(String(sales.id));
  });

  await test.step('with nothing unsaved, the bot switch does not ask', async () => {
    let asked = false;
    page.on('dialog', (dialog) => {
      asked = true;
      void dialog.dismiss();
    });
    await botSelect(page).selectOption(String(support.id));
    await waitForBoard(page);
    expect(asked).toBe(false);
  });
});
