// The setup the draft and history specs of issue 20 §4 share (flow-drafts.spec.ts,
// flow-history.spec.ts): a signed-in author on the board of a bot whose flow is given, versions
// published behind the board's back, the offer of a draft kept in the browser, and a second author
// in a browser context of their own. A Playwright fixture, so each spec asks for `desk` and gets a
// page already set up the same way.
import { test as base, type Browser, type Locator, type Page } from '@playwright/test';
import { publishViaApi, token, waitForBoard } from './flow-helpers';
import { openBotWithFlow } from './flow-power-helpers';

export { expect } from '@playwright/test';

/** A basic node that says `words` (in English) and leads nowhere. */
export const says = (id: string, words: string, x = 80) => ({
  id,
  name: id,
  type: 'basic',
  x,
  y: 80,
  next: [{ id: 0, node: null }],
  entries: [{ type: 'content', content: { type: 'text', title: 'Text', content: { en: words } } }],
});

/** The offer to restore a draft kept in the browser (shown when the board opens). */
export const draftOffer = (page: Page): Locator => page.getByRole('status', { name: 'Unpublished draft' });

/** Adds a node of `kind` (its name in the Node menu) from the board's toolbar. */
export async function addNode(page: Page, kind: string): Promise<void> {
  await page.getByRole('button', { name: 'Node' }).click();
  await page.getByRole('menuitem', { name: kind }).click();
}

const VIEWPORT = { width: 1280, height: 820 };

export interface DraftDesk {
  /** Signs up, creates a bot whose published flow is `nodes` and opens the board on it. */
  open(name: string, nodes: unknown[]): Promise<{ id: number; name: string }>;
  /** Publishes `nodes` as the bot's next version (not from the board) and reloads the board onto it. */
  publishAndReload(nodes: unknown[]): Promise<void>;
  /** Restores the draft the board offers on `page` (default: the author's). */
  restoreDraft(page?: Page): Promise<void>;
  /** A second author: the same account on the same bot's board, in a browser context of its own. */
  secondAuthor(): Promise<Page>;
}

export const test = base.extend<{ desk: DraftDesk }>({
  viewport: VIEWPORT,
  desk: async ({ page, browser }, use) => {
    let bot: { id: number; name: string } | null = null;
    const others: Awaited<ReturnType<Browser['newContext']>>[] = [];
    const opened = () => {
      if (!bot) throw new Error('draft desk: open a bot first');
      return bot;
    };
    await use({
      async open(name, nodes) {
        bot = await openBotWithFlow(page, name, nodes);
        return bot;
      },
      async publishAndReload(nodes) {
        await publishViaApi(page, opened().id, nodes);
        await page.reload();
        await waitForBoard(page);
      },
      async restoreDraft(on = page) {
        await draftOffer(on).getByRole('button', { name: 'Restore the draft' }).click();
      },
      async secondAuthor() {
        const context = await browser.newContext({ viewport: VIEWPORT });
        others.push(context);
        const second = await context.newPage();
        await second.addInitScript(
          ([value, botId]) => {
            localStorage.setItem('accessToken', value);
            localStorage.setItem('activeBot', botId);
            localStorage.setItem('botflowTestHooks', '1');
          },
          [await token(page), String(opened().id)] as const,
        );
        await second.goto('/flow');
        await waitForBoard(second);
        return second;
      },
    });
    for (const context of others) await context.close();
  },
});
