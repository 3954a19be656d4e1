import { expect, test, type Page } from '@playwright/test';
import { screenshot, signUpAndConfirm } from './helpers';
import {
  board,
  createBot,
  enableBoardHook,
  flowViaApi,
  nodeNamed,
  publishFromBoard,
  publishViaApi,
  token,
  waitForBoard,
} from './flow-helpers';

// The flow editor's finishing pieces: the emulator beside the board (spec 3 §2), invalid nodes
// marked on the board (issue 5), and Duplicate cloning a basic node's stored content (spec 2 §4).

const WELCOME = 'Hello from the emulator!';
const AVATAR_WELCOME = 'Hi, I am the bot with a face.';

// A 2×2 PNG: the image a basic node shows.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mP8z8Dwn4GBgYGJAQoAAEnIBP9hV2YmAAAAAElFTkSuQmCC',
  'base64',
);

test.use({ viewport: { width: 1280, height: 820 } });

const text = (en: string) => ({ type: 'content', content: { type: 'text', title: 'Text', content: { en } } });
const basic = (id: string, entries: unknown[], next: string | null, y: number) => ({
  id,
  name: id,
  type: 'basic',
  x: 80,
  y,
  next: [{ id: 0, node: next }],
  entries,
});
const askName = { type: 'variable', name: 'guest', default: '', variableType: 'text', wait: true };

/** A signed-in customer with one bot (active), its flow published through the API, on /flow. */
async function authorWithFlow(page: Page, nodes: unknown[] | ((botId: number) => Promise<unknown[]>)) {
  await enableBoardHook(page);
  await signUpAndConfirm(page);
  const bot = await createBot(page, 'Emulator Desk');
  await publishViaApi(page, bot.id, typeof nodes === 'function' ? await nodes(bot.id) : nodes);
  await page.evaluate((id) => localStorage.setItem('activeBot', String(id)), bot.id);
  await page.reload();
  await waitForBoard(page);
  return bot;
}

/** A second bot that shows an avatar (a preset one), with its own one-message flow. */
async function botWithAvatar(page: Page): Promise<{ id: number; avatar: string }> {
  const authorization = `Bearer ${await token(page)}`;
  const info = await (await page.request.get('/api/user-info', { headers: { authorization } })).json();
  const avatar: string = info.default_avatars[0];
  const bot = await createBot(page, 'Avatar Desk', {
    description: 'A bot with a face',
    supported_languages: '2',
    avatar,
    is_avatar: 'true',
  });
  await publishViaApi(page, bot.id, [basic('hi', [text(AVATAR_WELCOME)], null, 0)]);
  return { id: bot.id, avatar };
}

const emulator = (page: Page) => page.getByRole('region', { name: 'Emulator' });
const conversation = (page: Page) => emulator(page).getByRole('log', { name: 'Conversation' });
const invalidIds = (page: Page) =>
  page.evaluate(() =>
    (window as never as { __botflow: { invalidNodeIds(): string[] } }).__botflow.invalidNodeIds(),
  );

test('the emulator runs the published flow and Run flow restarts it', async ({ page }) => {
  await authorWithFlow(page, [
    basic('welcome', [text(WELCOME)], 'name', 0),
    basic('name', [text('What is your name?'), askName], 'thanks', 160),
    basic('thanks', [text('Nice to meet you, ${{guest}}.')], null, 320),
  ]);

  await test.step('closed, the panel is a plain button (the bot uses no avatar)', async () => {
    await expect(emulator(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open emulator' })).toBeVisible();
    await screenshot(page, 'flow-emulator-closed');
  });

  await test.step('open, it runs the flow with the author token', async () => {
    await page.getByRole('button', { name: 'Open emulator' }).click();
    await expect(conversation(page)).toContainText(WELCOME);
    await expect(conversation(page)).toContainText('What is your name?');
    await emulator(page).getByRole('textbox', { name: 'Message' }).fill('Ada');
    await emulator(page).getByRole('button', { name: 'Send' }).click();
    await expect(conversation(page)).toContainText('Nice to meet you, Ada.');
    await screenshot(page, 'flow-emulator-open');
  });

  await test.step('Run flow starts a new run: the old conversation goes, the flow starts again', async () => {
    await page.getByRole('button', { name: 'Run flow' }).click();
    await expect(conversation(page)).not.toContainText('Ada');
    await expect(conversation(page).getByText(WELCOME)).toHaveCount(1);
    await expect(conversation(page)).toContainText('What is your name?');
    await screenshot(page, 'flow-emulator-restarted');
  });

  await test.step('closed again, Run flow opens it on a fresh run', async () => {
    await emulator(page).getByRole('button', { name: 'Close the chat' }).click();
    await expect(emulator(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Run flow' }).click();
    await expect(conversation(page).getByText(WELCOME)).toHaveCount(1);
    await expect(conversation(page)).not.toContainText('Ada');
  });

  await test.step('another bot: the open emulator starts over on it; closed, it shows its avatar', async () => {
    const other = await botWithAvatar(page);
    await page.reload();
    await waitForBoard(page);
    await page.getByRole('button', { name: 'Open emulator' }).click();
    await expect(conversation(page)).toContainText(WELCOME);
    await page.getByRole('combobox', { name: 'Bot' }).selectOption(String(other.id));
    await waitForBoard(page);
    await expect(conversation(page)).toContainText(AVATAR_WELCOME);
    await expect(conversation(page)).not.toContainText(WELCOME);
    await emulator(page).getByRole('button', { name: 'Close the chat' }).click();
    const launcher = page.getByRole('button', { name: 'Open emulator' });
    await expect(launcher.locator('img')).toHaveAttribute('src', other.avatar);
    await screenshot(page, 'flow-emulator-avatar');
  });

  await test.step("closed, it follows the theme's 'show avatar on close'", async () => {
    const botId = Number(await page.evaluate(() => localStorage.getItem('activeBot')));
    const saved = await page.request.put(`/api/theme/${botId}`, {
      headers: { authorization: `Bearer ${await token(page)}` },
      multipart: { theme: JSON.stringify({ header: { isAvatar: false } }) },
    });
    expect((await saved.json()).success).toBe(true);
    await page.reload();
    await waitForBoard(page);
    const launcher = page.getByRole('button', { name: 'Open emulator' });
    await expect(launcher).toBeVisible();
    await expect(launcher.locator('img')).toHaveCount(0);
  });
});

test('the board marks a node whose saved content is invalid', async ({ page }) => {
  const bot = await authorWithFlow(page, [
    basic('welcome', [text(WELCOME)], 'lookup', 0),
    {
      id: 'lookup',
      name: 'lookup',
      type: 'api',
      x: 420,
      y: 0,
      next: [
        { id: 0, node: null },
        { id: 1, node: null, onFailure: true },
      ],
      api: { method: 'get', url: '', bodyType: 'json', data: [], retries: 0, retryDelay: 1 },
      headers: [],
      params: [],
      body: '',
      showResult: true,
      store: { name: '', statusCodeVariable: '', successTarget: null, failureTarget: null },
    },
  ]);
  // Published anyway (publishViaApi says allow_invalid): the empty endpoint was saved as it was sent.
  const saved = await flowViaApi(page, bot.id);
  expect(saved.nodes.map((n) => n.id)).toContain('lookup');

  await expect.poll(() => invalidIds(page)).toEqual(['lookup']);
  await screenshot(page, 'flow-emulator-invalid-node');

  await test.step('deleting the node clears its mark; undo brings both back', async () => {
    const lookup = await nodeNamed(page, 'lookup');
    await page.mouse.click(lookup.header.x, lookup.header.y);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => invalidIds(page)).toEqual([]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => invalidIds(page)).toEqual(['lookup']);
  });
});

test('duplicating a basic node with an uploaded image copies the stored file', async ({ page }) => {
  let imageUrl = '';
  const bot = await authorWithFlow(page, async (botId) => {
    const upload = await page.request.post(`/api/content/image/${botId}`, {
      headers: { authorization: `Bearer ${await token(page)}` },
      multipart: {
        title: 'Logo',
        content_id: 'logo-e2e',
        type: 'image',
        reviewable: 'true',
        image: { name: 'logo.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    const body = await upload.json();
    expect(body.success, JSON.stringify(body)).toBe(true);
    imageUrl = body.url;
    const image = {
      type: 'content',
      content: { type: 'image', title: 'Logo', id: 'logo-e2e', content: { en: imageUrl } },
      reviewable: true,
      selectedImageOption: 'image-from-device',
    };
    return [basic('picture', [text(WELCOME), image], null, 0)];
  });

  const picture = await nodeNamed(page, 'picture');
  await page.mouse.click(picture.header.x, picture.header.y);
  await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
  await expect
    .poll(async () => (await board(page, 'nodes')).map((n) => n.name))
    .toEqual(['picture', 'picture-copy']);
  // One history entry for the whole duplicate, content swap included.
  expect(await board(page, 'historyDepth')).toBe(1);
  await publishFromBoard(page);
  await screenshot(page, 'flow-emulator-duplicated');

  type ImageEntry = { type: string; content: { id?: string; content: Record<string, string> } };
  const nodes = (await flowViaApi(page, bot.id)).nodes as unknown as {
    name: string;
    entries: ImageEntry[];
  }[];
  const imageOf = (name: string) => nodes.find((n) => n.name === name)!.entries[1].content;
  const original = imageOf('picture');
  const copy = imageOf('picture-copy');
  expect(original.id).toBe('logo-e2e');
  expect(copy.id).toBeTruthy();
  expect(copy.id).not.toBe('logo-e2e');
  expect(copy.content.en).not.toBe(original.content.en);
  // The copy is a real stored file of its own, with the same bytes.
  const served = await page.request.get(copy.content.en);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toContain('image/png');
  expect(Buffer.from(await served.body()).equals(PNG)).toBe(true);
});

test('the emulator runs the flow template on the board and starts over on a switch', async ({ page }) => {
  const RETURNS = 'Returns desk here: what would you like to send back?';
  const bot = await authorWithFlow(page, [basic('welcome', [text(WELCOME)], null, 0)]);
  const headers = { authorization: `Bearer ${await token(page)}` };
  for (const [method, data] of [
    ['post', { flow_name: 'Returns', bot_id: bot.id }],
    ['put', { flow_name: 'Returns', bot_id: bot.id, nodes: [basic('returns', [text(RETURNS)], null, 0)] }],
  ] as const) {
    const answer = await (await page.request[method]('/api/flow_template', { headers, data })).json();
    expect(answer.success, JSON.stringify(answer)).toBe(true);
  }
  await page.reload();
  await waitForBoard(page);
  const templates = page.getByRole('dialog', { name: 'Flow templates' });

  await page.getByRole('button', { name: 'main' }).click();
  await templates.getByRole('button', { name: 'Returns', exact: true }).click();
  await waitForBoard(page, 'Returns');
  await page.getByRole('button', { name: 'Run flow' }).click();
  await expect(conversation(page)).toContainText(RETURNS);
  await expect(conversation(page)).not.toContainText(WELCOME);
  await screenshot(page, 'flow-emulator-template');

  await page.getByRole('button', { name: 'Returns' }).click();
  await templates.getByRole('button', { name: 'main', exact: true }).click();
  await waitForBoard(page, 'main');
  await expect(conversation(page)).toContainText(WELCOME);
  await expect(conversation(page)).not.toContainText(RETURNS);
});
