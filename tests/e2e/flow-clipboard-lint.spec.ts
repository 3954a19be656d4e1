import { expect, test } from '@playwright/test';
import {
  board,
  createBot,
  drag,
  nodeNamed,
  publishFromBoard,
  publishViaApi,
  waitForBoard,
} from './flow-helpers';
import { issueScreenshot, openBotWithFlow } from './flow-power-helpers';

// Issue 20 §3 and §5: copy from one bot and paste into another through the system clipboard, then
// publish and chat through the pasted part; the lint panel lists problems and a click goes there.

test.use({ viewport: { width: 1280, height: 820 }, permissions: ['clipboard-read', 'clipboard-write'] });

const says = (id: string, text: Record<string, string>, next: string | null, x: number, y = 80) => ({
  id,
  name: id,
  type: 'basic',
  x,
  y,
  next: [{ id: 0, node: next }],
  entries: [{ type: 'content', content: { type: 'text', title: 'Text', content: text } }],
});

test('copy two nodes from bot A, paste into bot B, publish B and chat through them', async ({ page }) => {
  const a = await openBotWithFlow(page, 'Bot A', [
    says('start', { en: 'Hello from A' }, 'ask', 0),
    says('ask', { en: 'Pasted part says hi', fr: 'La partie collée dit bonjour' }, 'end', 320),
    says('end', { en: 'Goodbye from the pasted part' }, null, 640),
  ]);
  const b = await createBot(page, 'Bot B', { supported_languages: '2' });
  await publishViaApi(page, b.id, [says('b-start', { en: 'Hello from B' }, null, 0)]);
  await page.reload();
  await waitForBoard(page);
  expect(a.id).not.toBe(b.id);

  // Select ask and end (click, shift-click) and copy.
  await page.mouse.click((await nodeNamed(page, 'ask')).header.x, (await nodeNamed(page, 'ask')).header.y);
  const end = await nodeNamed(page, 'end');
  await page.keyboard.down('Shift');
  await page.mouse.click(end.header.x, end.header.y);
  await page.keyboard.up('Shift');
  await expect.poll(async () => (await board(page, 'group')).sort()).toEqual(['ask', 'end']);
  await page.keyboard.press('Control+c');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(copied)).toMatchObject({ kind: 'botflow/nodes', version: 1 });

  // Bot B: paste.
  await page.getByRole('combobox', { name: 'Bot' }).selectOption(String(b.id));
  await waitForBoard(page);
  await expect.poll(async () => (await board(page, 'nodes')).map((n) => n.name)).toEqual(['b-start']);
  await page.getByRole('region', { name: 'Flow board' }).click({ position: { x: 10, y: 10 } });
  await page.keyboard.press('Control+v');
  await expect.poll(async () => (await board(page, 'nodes')).length).toBe(3);
  const pasted = (await board(page, 'nodes')).filter((n) => n.name !== 'b-start');
  expect(pasted.map((n) => n.name).sort()).toEqual(['ask', 'end']);
  expect(pasted.every((n) => !['ask', 'end'].includes(n.id))).toBe(true);
  const askCopy = pasted.find((n) => n.name === 'ask')!;
  const endCopy = pasted.find((n) => n.name === 'end')!;
  expect(askCopy.outputs[0].linkedTo).toBe(endCopy.id);
  await expect(page.getByText('This bot has no French')).toBeVisible();
  await issueScreenshot(page, 'paste-other-bot');

  // A paste of plain text does nothing.
  await page.evaluate(() => navigator.clipboard.writeText('just some words'));
  await page.keyboard.press('Control+v');
  await page.waitForTimeout(300);
  expect((await board(page, 'nodes')).length).toBe(3);

  // Link B's start to the pasted part and publish.
  const start = await nodeNamed(page, 'b-start');
  const target = await nodeNamed(page, 'ask');
  await drag(page, start.outputs[0], target.input);
  await expect.poll(async () => (await nodeNamed(page, 'b-start')).outputs[0].linkedTo).toBe(askCopy.id);
  await publishFromBoard(page);

  await page.getByRole('button', { name: 'Open emulator' }).click();
  const log = page.getByRole('region', { name: 'Emulator' }).getByRole('log', { name: 'Conversation' });
  await expect(log).toContainText('Hello from B');
  await expect(log).toContainText('Pasted part says hi');
  await expect(log).toContainText('Goodbye from the pasted part');
});

test('the lint panel lists problems across the flow and a click selects the node', async ({ page }) => {
  await openBotWithFlow(page, 'Lint desk', [
    says('start', { en: 'Hi ${{nickname}}' }, 'fetch', 0),
    {
      id: 'fetch',
      name: 'Fetch',
      type: 'api',
      x: 320,
      y: 80,
      next: [
        { id: 0, node: 'end' },
        { id: 1, node: null, onFailure: true },
      ],
      api: {
        method: 'get',
        url: 'https://shop.example/orders',
        bodyType: 'json',
        data: [],
        retries: 3,
        retryDelay: 1,
      },
      headers: [],
      params: [],
      body: '',
      showResult: true,
      store: { name: '', statusCodeVariable: '', successTarget: null, failureTarget: null },
      onFailure: null,
    },
    says('end', { en: 'Bye' }, null, 640),
    says('lost', { en: 'Nobody comes here' }, null, 0, 400),
  ]);
  await page.getByRole('button', { name: 'Lint' }).click();
  const panel = page.getByRole('complementary', { name: 'Lint' });
  await expect(panel.getByRole('region', { name: 'Unreachable from the start' })).toContainText('"lost"');
  await expect(panel.getByRole('region', { name: 'Variables read but never set' })).toContainText('nickname');
  await expect(panel.getByRole('region', { name: 'API nodes without a failure path' })).toContainText(
    'Fetch',
  );
  await issueScreenshot(page, 'lint-panel');

  await panel.getByRole('button', { name: /"lost" cannot be reached/ }).click();
  await expect.poll(async () => (await board(page, 'selection')).nodeId).toBe('lost');

  // The safe fix: failures go the success way, as one undoable change.
  await panel.getByRole('button', { name: 'Continue the same way on failure' }).click();
  await expect.poll(async () => (await nodeNamed(page, 'Fetch')).outputs[1].linkedTo).toBe('end');
  await expect(panel.getByRole('region', { name: 'API nodes without a failure path' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(panel.getByRole('region', { name: 'API nodes without a failure path' })).toHaveCount(1);
});
