import { expect, test, type Page } from '@playwright/test';
import { screenshot, signUpAndConfirm } from './helpers';
import {
  board,
  createBot,
  enableBoardHook,
  flowViaApi,
  nodeNamed,
  publishButton,
  publishProblems,
  publishViaApi,
  token,
  waitForBoard,
} from './flow-helpers';

// Issue 13 §3: publishing a flow with invalid nodes shows what is wrong (node title, problem text,
// a click shows the node), and asks to publish anyway or cancel; the top bar counts the problems.

test.use({ viewport: { width: 1280, height: 820 } });

const text = (en: string) => ({ type: 'content', content: { type: 'text', title: 'Text', content: { en } } });
const welcome = {
  id: 'welcome',
  name: 'Welcome',
  type: 'basic',
  x: 80,
  y: 0,
  next: [{ id: 0, node: 'lookup' }],
  entries: [text('Hello!')],
};
/** An API node with an empty endpoint (the defect a new user published silently), far from the start. */
const lookup = {
  id: 'lookup',
  name: 'Look up the order',
  type: 'api',
  x: 2600,
  y: 1400,
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
};

/** A signed-in customer whose bot's flow (published anyway through the API) is on /flow. */
async function authorWithFlow(page: Page, nodes: unknown[]) {
  await enableBoardHook(page);
  await signUpAndConfirm(page);
  const bot = await createBot(page, 'Orders Desk');
  await publishViaApi(page, bot.id, nodes);
  await page.evaluate((id) => localStorage.setItem('activeBot', String(id)), bot.id);
  await page.reload();
  await waitForBoard(page);
  return bot;
}

const problemCount = (page: Page) => page.locator('.flow-topbar').getByRole('button', { name: /problems?$/ });

/** Moves a node a little (an unsaved change, so Publish shows). */
async function nudge(page: Page, name: string) {
  const node = await nodeNamed(page, name);
  await page.mouse.move(node.header.x, node.header.y);
  await page.mouse.down();
  await page.mouse.move(node.header.x + 20, node.header.y + 10, { steps: 4 });
  await page.mouse.up();
  await expect(publishButton(page)).toBeVisible();
}

test('publishing a flow with an invalid node lists it, shows it, and publishes only when asked', async ({
  page,
}) => {
  const bot = await authorWithFlow(page, [welcome, lookup]);
  await expect(problemCount(page)).toHaveText('1 problem');
  await nudge(page, 'Welcome');
  const before = (await flowViaApi(page, bot.id)).version;

  await test.step('Publish opens the problems list with the node title and the problem', async () => {
    await publishButton(page).click();
    const dialog = publishProblems(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('This flow has 1 problem. Fix it, or publish anyway.');
    const entry = dialog.getByRole('button', { name: /Look up the order/ });
    await expect(entry).toContainText('Endpoint is required');
    await expect(entry).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Publish anyway' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await screenshot(page, 'flow-publish-problems');
  });

  await test.step('a click on the entry selects the node and centres the board on it, readable', async () => {
    await publishProblems(page)
      .getByRole('button', { name: /Look up the order/ })
      .click();
    await expect(publishProblems(page)).toHaveCount(0);
    expect(await board(page, 'selection')).toEqual({ nodeId: 'lookup', linkId: null });
    expect((await board(page, 'view')).scale).toBeGreaterThanOrEqual(1);
    const area = (await page.getByRole('region', { name: 'Flow board' }).boundingBox())!;
    const { box } = await nodeNamed(page, 'Look up the order');
    expect(Math.abs(box.left + box.width / 2 - (area.x + area.width / 2))).toBeLessThan(2);
    expect(Math.abs(box.top + box.height / 2 - (area.y + area.height / 2))).toBeLessThan(2);
    // Going to the problem published nothing.
    expect((await flowViaApi(page, bot.id)).version).toBe(before);
    await expect(publishButton(page)).toBeVisible();
    await screenshot(page, 'flow-publish-problems-centred');
  });

  await test.step('Cancel and Escape close the list and publish nothing', async () => {
    await publishButton(page).click();
    await publishProblems(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(publishProblems(page)).toHaveCount(0);
    await publishButton(page).click();
    await expect(publishProblems(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(publishProblems(page)).toHaveCount(0);
    await expect(publishButton(page)).toBeVisible();
    expect((await flowViaApi(page, bot.id)).version).toBe(before);
  });

  await test.step('Publish anyway publishes the flow, problems and all', async () => {
    await publishButton(page).click();
    await publishProblems(page).getByRole('button', { name: 'Publish anyway' }).click();
    await expect(publishProblems(page)).toHaveCount(0);
    await expect(publishButton(page)).toHaveCount(0);
    const saved = await flowViaApi(page, bot.id);
    expect(saved.version).toBe(before + 1);
    const moved = await nodeNamed(page, 'Welcome');
    expect(moved.x).not.toBe(welcome.x);
    expect(saved.nodes.find((n) => n.id === 'welcome')!.x).toBe(moved.x);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  await test.step('the top bar count opens the list; without problems it says so', async () => {
    await problemCount(page).click();
    const review = page.getByRole('dialog', { name: 'Problems in this flow' });
    await expect(review).toContainText('Look up the order');
    await expect(review.getByRole('button', { name: 'Publish anyway' })).toHaveCount(0);
    // The same list in the dark theme, to look at.
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await screenshot(page, 'flow-publish-problems-dark');
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await review.getByRole('button', { name: 'Close' }).click();
    await expect(review).toHaveCount(0);
    const node = await nodeNamed(page, 'Look up the order');
    await page.mouse.click(node.header.x, node.header.y);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.locator('.flow-topbar')).toContainText('No problems');
    await expect(problemCount(page)).toHaveCount(0);
    // A flow without problems publishes at once.
    await publishButton(page).click();
    await expect(publishButton(page)).toHaveCount(0);
    expect((await flowViaApi(page, bot.id)).nodes.map((n) => n.id)).toEqual(['welcome']);
  });
});

test("the server's answer opens the same list when it finds what the editor could not", async ({ page }) => {
  await enableBoardHook(page);
  await signUpAndConfirm(page);
  const bot = await createBot(page, 'Templates Desk');
  const authorization = `Bearer ${await token(page)}`;
  const template = `/api/flow_template?bot_id=${bot.id}`;
  expect(
    (await page.request.post(template, { headers: { authorization }, data: { flow_name: 'Returns' } })).ok(),
  ).toBe(true);
  const runs = {
    id: 'run',
    name: '',
    type: 'flow-template',
    x: 80,
    y: 0,
    next: [{ id: 0, node: null }],
    templateName: 'Returns',
  };
  await publishViaApi(page, bot.id, [runs]);
  await page.evaluate((id) => localStorage.setItem('activeBot', String(id)), bot.id);
  await page.reload();
  await waitForBoard(page);
  await expect(page.locator('.flow-topbar')).toContainText('No problems');

  // Meanwhile the template is deleted elsewhere: the editor still knows it, the server does not.
  const removed = await page.request.delete(`/api/flow_template/Returns?bot_id=${bot.id}`, {
    headers: { authorization },
  });
  expect(removed.ok()).toBe(true);
  await nudge(page, 'run');
  await publishButton(page).click();
  const dialog = publishProblems(page);
  await expect(dialog).toContainText('This flow has 1 problem. Fix it, or publish anyway.');
  await expect(dialog.getByRole('button', { name: /Returns/ })).toContainText(
    'Unknown flow template "Returns"',
  );
  await dialog.getByRole('button', { name: 'Publish anyway' }).click();
  await expect(publishButton(page)).toHaveCount(0);
  expect((await flowViaApi(page, bot.id)).version).toBe(2);
});
