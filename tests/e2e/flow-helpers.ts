// Shared by the flow editor specs: bots and flows through the real API, and the board's read-only
// test hook (window.__botflow, src/features/flow/board/test-hook.ts) to aim at canvas shapes.
import { expect, type Page } from '@playwright/test';
import { botForm } from './bot-form';

export interface Point {
  x: number;
  y: number;
}

export interface NodeFacts {
  id: string;
  name: string;
  type: string;
  x: number;
  y: number;
  header: Point;
  input: Point;
  outputs: { slotId: number; label: string; linkedTo: string | null; x: number; y: number }[];
  box: { left: number; top: number; width: number; height: number };
}

export interface LinkFacts {
  id: string;
  from: string;
  slotId: number;
  to: string;
  middle: Point;
  along: Point[];
}

interface BoardHook {
  nodes(): NodeFacts[];
  node(idOrName: string): NodeFacts | null;
  links(): LinkFacts[];
  selection(): { nodeId: string | null; linkId: string | null };
  group(): string[];
  history(): { canUndo: boolean; canRedo: boolean; depth: number; hasChanges: boolean };
  historyDepth(): number;
  view(): { scale: number; x: number; y: number };
  shownNodeCount(): number;
  status(): string;
  flowName(): string;
}

type Hooked = Window & { __botflow: BoardHook };

/** Turns the board's test hook on for every page load of this page (production builds need it). */
export async function enableBoardHook(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('botflowTestHooks', '1'));
}

/** Calls one of the board hook's read-only methods in the page. */
export function board<K extends keyof BoardHook>(
  page: Page,
  method: K,
  ...args: Parameters<BoardHook[K]>
): Promise<ReturnType<BoardHook[K]>> {
  return page.evaluate(
    ([name, list]) => {
      const hook = (window as unknown as Hooked).__botflow;
      return (hook[name] as (...a: unknown[]) => unknown)(...list) as ReturnType<BoardHook[K]>;
    },
    [method, args] as const,
  );
}

/** Waits until the board shows a loaded flow (optionally a given one). */
export async function waitForBoard(page: Page, flowName = 'main'): Promise<void> {
  await page.waitForFunction((name) => {
    const hook = (window as unknown as Partial<Hooked>).__botflow;
    return !!hook && hook.status() === 'ready' && hook.flowName() === name;
  }, flowName);
}

export async function nodeNamed(page: Page, name: string): Promise<NodeFacts> {
  const node = await board(page, 'node', name);
  expect(node, `node ${name} on the board`).not.toBeNull();
  return node!;
}

/** Presses at `from`, moves in steps (so pointermove fires along the way) and releases at `to`. */
export async function drag(page: Page, from: Point, to: Point): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + (to.x - from.x) / 3, from.y + (to.y - from.y) / 3, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/** The signed-in customer's bearer token. */
export async function token(page: Page): Promise<string> {
  const value = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(value).toBeTruthy();
  return value!;
}

/** Creates a bot through the API for the signed-in customer (the page must be signed in). */
export async function createBot(
  page: Page,
  name: string,
  changes: Record<string, string> = {},
): Promise<{ id: number; name: string }> {
  const response = await page.request.post('/api/bot', {
    headers: { authorization: `Bearer ${await token(page)}` },
    multipart: botForm(name, changes),
  });
  const body = await response.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.bot;
}

/**
 * Publishes `nodes` as the bot's main flow through the API (reading its version first). The
 * boards it seeds are sketches (nodes without content), so it publishes them with problems.
 */
export async function publishViaApi(page: Page, botId: number, nodes: unknown[]): Promise<void> {
  const authorization = `Bearer ${await token(page)}`;
  const current = await (await page.request.get(`/api/flow/${botId}`, { headers: { authorization } })).json();
  const response = await page.request.post(`/api/flow/${botId}`, {
    headers: { authorization, 'if-match': String(current.version) },
    data: { nodes, allow_invalid: true },
  });
  const body = await response.json();
  expect(body.success, JSON.stringify(body).slice(0, 300)).toBe(true);
}

/** The action bar's Publish button (exact: the problems list has a "Publish anyway"). */
export const publishButton = (page: Page) => page.getByRole('button', { name: 'Publish', exact: true });

/** The problems list as Publish opens it (issue 13 §3). */
export const publishProblems = (page: Page) => page.getByRole('dialog', { name: 'Publish with problems?' });

/** Publishes a flow the test knows has problems: Publish, then "Publish anyway" in the list. */
export async function publishAnyway(page: Page): Promise<void> {
  await publishButton(page).click();
  await publishProblems(page).getByRole('button', { name: 'Publish anyway' }).click();
  await expect(publishProblems(page)).toHaveCount(0);
  await expect(publishButton(page)).toHaveCount(0);
}

/**
 * Publishes from the action bar whatever the flow's state, for specs about something else: a
 * flow with problems is published anyway when the list asks.
 */
export async function publishFromBoard(page: Page): Promise<void> {
  await publishButton(page).click();
  await expect
    .poll(async () => (await publishProblems(page).count()) > 0 || (await publishButton(page).count()) === 0)
    .toBe(true);
  if ((await publishProblems(page).count()) > 0) {
    await publishProblems(page).getByRole('button', { name: 'Publish anyway' }).click();
  }
  await expect(publishButton(page)).toHaveCount(0);
}

/** The main flow as the server has it. */
export async function flowViaApi(
  page: Page,
  botId: number,
): Promise<{
  nodes: { id: string; name: string; x: number; y: number; next: { id: number; node: string | null }[] }[];
  version: number;
}> {
  const response = await page.request.get(`/api/flow/${botId}`, {
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  const body = await response.json();
  return { nodes: body.flow.nodes, version: body.version };
}

/** A point of the board (page coordinates) inside `area` that no node covers, for a background drag. */
export async function emptySpot(
  page: Page,
  area: { x: number; y: number; width: number; height: number },
): Promise<Point> {
  const boxes = (await board(page, 'nodes')).map((n) => n.box);
  const margin = 12;
  for (let y = area.y + area.height / 2; y < area.y + area.height - 20; y += 7) {
    for (let x = area.x + area.width / 2; x < area.x + area.width - 20; x += 7) {
      const covered = boxes.some(
        (b) =>
          x >= b.left - margin &&
          x <= b.left + b.width + margin &&
          y >= b.top - margin &&
          y <= b.top + b.height + margin,
      );
      if (!covered) return { x, y };
    }
  }
  throw new Error('no empty spot on the board');
}

/** A point on the link's curve that no node covers (nodes are hit before the links beneath them). */
export async function clickableLinkPoint(page: Page, link: LinkFacts): Promise<Point> {
  const boxes = (await board(page, 'nodes')).map((n) => n.box);
  const free = link.along.find(
    ({ x, y }) =>
      !boxes.some(
        (b) =>
          x >= b.left - 12 && x <= b.left + b.width + 12 && y >= b.top - 12 && y <= b.top + b.height + 12,
      ),
  );
  expect(free, `a visible point on link ${link.id}`).toBeTruthy();
  return free!;
}
