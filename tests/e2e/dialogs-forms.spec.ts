import { expect, test, type CDPSession, type Locator, type Page } from '@playwright/test';
import { generateFlow } from './flow-generate';
import { board, createBot, enableBoardHook, publishViaApi, waitForBoard, type Point } from './flow-helpers';
import { fillSignup, newUser, resetLinkFor, screenshot, signUpAndConfirm } from './helpers';

// Issue 13 items 7 and 8: the bot dialog asks before it throws edits away, forms say what is wrong
// under the field that is wrong, and the dashboard works on a 390-px-wide phone.

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
const discardPrompt = (page: Page) => dialog(page, 'Discard your changes?');
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** Opens the update dialog of the bot card `name`. */
async function openBot(page: Page, name: string): Promise<Locator> {
  await card(page, name).click();
  const form = dialog(page, 'Update bot');
  await expect(form).toBeVisible();
  return form;
}

test.describe('the bot dialog', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('X, Escape and the backdrop close it at once without edits and ask with edits', async ({ page }) => {
    await signUpAndConfirm(page);
    await createBot(page, 'Support Desk');
    await page.goto('/bots');

    // Without edits each way closes directly.
    let form = await openBot(page, 'Support Desk');
    await form.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(form).toBeHidden();
    form = await openBot(page, 'Support Desk');
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    form = await openBot(page, 'Support Desk');
    await page.mouse.click(8, 450);
    await expect(form).toBeHidden();
    await expect(discardPrompt(page)).toHaveCount(0);

    form = await openBot(page, 'Support Desk');
    const name = form.getByLabel('Bot name');
    await name.fill('Help Desk');

    await test.step('the close icon asks; Keep editing keeps the edits', async () => {
      await form.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(discardPrompt(page)).toBeVisible();
      await screenshot(page, 'dialog-discard-prompt');
      await discardPrompt(page).getByRole('button', { name: 'Keep editing' }).click();
      await expect(discardPrompt(page)).toBeHidden();
      await expect(form).toBeVisible();
      await expect(name).toHaveValue('Help Desk');
    });

    await test.step('Escape in a menu or the suggestions inside the dialog closes only those', async () => {
      await form.getByRole('button', { name: /^English/ }).click();
      await expect(form.getByRole('menu')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(form.getByRole('menu')).toBeHidden();
      await form.getByPlaceholder('Search language').fill('germ');
      await expect(form.getByRole('option', { name: 'German' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(form.getByRole('option', { name: 'German' })).toBeHidden();
      await form.getByPlaceholder('Search language').fill('');
      await expect(discardPrompt(page)).toHaveCount(0);
      await expect(form).toBeVisible();
    });

    await test.step('Escape asks; Escape on the prompt keeps editing', async () => {
      await name.focus();
      await page.keyboard.press('Escape');
      await expect(discardPrompt(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(discardPrompt(page)).toBeHidden();
      await expect(form).toBeVisible();
      await expect(name).toHaveValue('Help Desk');
      // Escape twice in a row (Chrome then closes a dialog whatever its cancel handler did) still asks.
      await name.focus();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(form).toBeVisible();
      await expect(name).toHaveValue('Help Desk');
      if (await discardPrompt(page).isVisible()) {
        await discardPrompt(page).getByRole('button', { name: 'Keep editing' }).click();
      }
    });

    await test.step('the backdrop asks; Discard closes and drops the edits', async () => {
      await page.mouse.click(8, 450);
      await expect(discardPrompt(page)).toBeVisible();
      await discardPrompt(page).getByRole('button', { name: 'Discard' }).click();
      await expect(discardPrompt(page)).toBeHidden();
      await expect(form).toBeHidden();
      await expect(card(page, 'Support Desk')).toBeVisible();
      form = await openBot(page, 'Support Desk');
      await expect(form.getByLabel('Bot name')).toHaveValue('Support Desk');
      await form.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(form).toBeHidden();
    });
  });

  test('the subtitle shows the name as saved, before and after a save', async ({ page }) => {
    await signUpAndConfirm(page);
    await createBot(page, 'Support Desk');
    await page.goto('/bots');
    let form = await openBot(page, 'Support Desk');
    await expect(form).toHaveAccessibleDescription('Support Desk');
    await form.getByLabel('Bot name').fill('Help Desk');
    // A draft is not saved: the subtitle keeps the saved name while typing.
    await expect(form).toHaveAccessibleDescription('Support Desk');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(card(page, 'Help Desk')).toBeVisible();
    form = await openBot(page, 'Help Desk');
    await expect(form).toHaveAccessibleDescription('Help Desk');
    await expect(form.getByLabel('Bot name')).toHaveValue('Help Desk');
  });

  test('problems show under the field at fault, and the tab holding them is marked', async ({ page }) => {
    await signUpAndConfirm(page);
    await page.goto('/bots');
    await page.getByRole('button', { name: 'Add bot' }).click();
    const form = dialog(page, 'Add bot');
    const name = form.getByLabel('Bot name');
    const origins = form.getByLabel('Bot origins');
    // Nothing is judged before the first edit.
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await expect(origins).toHaveAccessibleDescription(/One origin per line/);

    await name.fill('Shop');
    await expect(origins).toHaveAttribute('aria-invalid', 'true');
    await expect(origins).toHaveAccessibleDescription('At least one bot origin is required');
    await origins.fill('https://shop.example.com\nnot a url');
    await expect(origins).toHaveAccessibleDescription('Invalid origin: not a url');
    await name.fill('');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Bot name is required');
    // Each problem sits under its field, not in the footer, while its tab is open.
    await expect(form.locator('.bot-problems')).toHaveCount(0);
    await screenshot(page, 'dialog-field-errors');

    // From another tab the footer says what and where, and the General tab carries a marker.
    await form.getByRole('tab', { name: /^Advanced/ }).click();
    await expect(form.getByRole('status')).toHaveText('Bot name is required (General tab)');
    await expect(form.getByRole('tab', { name: /^General/ })).toHaveAccessibleName('General (has a problem)');
    await expect(form.getByRole('tab', { name: /^Advanced/ })).toHaveAccessibleName('Advanced');
    await form.getByRole('tab', { name: /^General/ }).click();
    await name.fill('Shop');
    await origins.fill('https://shop.example.com');
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await expect(origins).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('tab', { name: /^General/ })).toHaveAccessibleName('General');
    await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

test.describe('account forms', () => {
  test('sign-up shows the password rule first, then a refusal under the password', async ({ page }) => {
    await page.goto('/signup');
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAccessibleDescription('Use at least 8 characters.');
    await fillSignup(page, { ...newUser(), password: 'short' });
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription('Password must be at least 8 characters');
    // Under the field, not (only) in the form's alert.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await screenshot(page, 'signup-password-error');
    await password.fill('long enough now');
    await expect(password).toHaveAccessibleDescription('Use at least 8 characters.');
  });

  test('forgot password says under the field that the email is not valid', async ({ page }) => {
    await page.goto('/forget-password');
    const email = page.getByLabel('Enter your email');
    await email.fill('ada@');
    await expect(email).toHaveAccessibleDescription('You will receive a reset link to confirm your email');
    await email.blur();
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(page.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await email.fill('ada@example.com');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });

  test('a made-up, then a used reset link says so in the page, without a browser alert', async ({ page }) => {
    const alerts: string[] = [];
    page.on('dialog', (box) => {
      alerts.push(box.message());
      void box.dismiss();
    });
    await page.goto('/reset-password/999999/not-a-real-token');
    await expect(page.getByRole('alert')).toHaveText('This reset link is invalid or has expired.');
    await expect(page).toHaveURL(/\/reset-password\/999999\/not-a-real-token$/);
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
    await screenshot(page, 'reset-link-refused');

    const user = newUser();
    await page.goto('/signup');
    await fillSignup(page, user);
    await expect(page).toHaveURL(/\/confirm-email$/);
    await page.evaluate(() => localStorage.removeItem('accessToken'));
    const sent = await page.request.post('/api/request-password', { form: { email: user.email } });
    expect(sent.ok()).toBe(true);
    const link = new URL(await resetLinkFor(user.email)).pathname;

    await page.goto(link);
    const fresh = page.getByLabel('New password', { exact: true });
    await expect(fresh).toHaveAccessibleDescription('Use at least 8 characters.');
    await fresh.fill('tiny');
    await page.getByLabel('Confirm password', { exact: true }).fill('tiny');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(fresh).toHaveAccessibleDescription('Password must be at least 8 characters');
    await fresh.fill('a much longer secret');
    await page.getByLabel('Confirm password', { exact: true }).fill('a much longer secret');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been reset.' })).toBeVisible();

    // The same link a second time: used.
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('This reset link is invalid or has expired.');
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/forget-password$/);
    expect(alerts).toEqual([]);
  });
});

/** Every one of `buttons` lies wholly inside the page's viewport. */
async function expectInsideViewport(page: Page, buttons: Locator[]): Promise<void> {
  const { width, height } = page.viewportSize()!;
  for (const button of buttons) {
    const box = await button.boundingBox();
    expect(box, `${button} has a box`).not.toBeNull();
    expect(box!.x, `${button} left edge`).toBeGreaterThanOrEqual(0);
    expect(box!.y, `${button} top edge`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${button} right edge`).toBeLessThanOrEqual(width);
    expect(box!.y + box!.height, `${button} bottom edge`).toBeLessThanOrEqual(height);
  }
}

/** One touch point per entry, sent through the DevTools protocol (Playwright taps only). */
async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) {
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
  });
}

/** Moves the fingers from `from` to `to` (same count, same order) in `steps` moves. */
async function slide(cdp: CDPSession, from: Point[], to: Point[], steps = 8): Promise<void> {
  await touch(cdp, 'touchStart', from.slice(0, 1));
  if (from.length > 1) await touch(cdp, 'touchStart', from);
  for (let i = 1; i <= steps; i++) {
    const at = from.map((p, k) => ({
      x: p.x + ((to[k].x - p.x) * i) / steps,
      y: p.y + ((to[k].y - p.y) * i) / steps,
    }));
    await touch(cdp, 'touchMove', at);
  }
  await touch(cdp, 'touchEnd', []);
}

test.describe('on a 390-px-wide phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the bots page, the bot dialog and the board are usable', async ({ page }) => {
    test.setTimeout(120_000);
    await enableBoardHook(page);
    await signUpAndConfirm(page);
    await createBot(page, 'Sales helper with a rather long name');
    // The newest bot is the active one: the board opens its flow.
    const bot = await createBot(page, 'Support Desk');

    await test.step('the drawer is a menu button; the bots page fits the width', async () => {
      await page.goto('/bots');
      await expect(page.getByRole('complementary', { name: 'Main menu' })).toBeHidden();
      await expect(page.getByRole('article')).toHaveCount(2);
      const scrolls = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(scrolls, 'the page scrolls sideways').toBe(false);
      await expectInsideViewport(page, [
        page.getByRole('button', { name: 'Import Bot' }),
        page.getByRole('button', { name: 'Add bot' }),
        page.getByPlaceholder('Search by name'),
      ]);
      await screenshot(page, 'phone-bots');
      await page.getByRole('button', { name: 'Show menu' }).click();
      await expect(page.getByRole('complementary', { name: 'Main menu' })).toBeVisible();
      await screenshot(page, 'phone-drawer');
      await page.getByRole('link', { name: 'Bots', exact: true }).click();
      await expect(page.getByRole('complementary', { name: 'Main menu' })).toBeHidden();
    });

    await test.step('no section scrolls sideways', async () => {
      for (const path of ['/flow', '/theme', '/nlp/files', '/notifications', '/bots']) {
        await page.goto(path);
        await expect(page.getByRole('button', { name: 'Show menu' })).toBeVisible();
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth, `${path} is no wider than the screen`).toBeLessThanOrEqual(clientWidth);
      }
    });

    await test.step('the dialog footer buttons are whole and inside the screen', async () => {
      const form = await openBot(page, 'Support Desk');
      const footer = ['Cancel', 'Undo changes', 'Save'].map((name) =>
        form.getByRole('button', { name, exact: true }),
      );
      await expectInsideViewport(page, footer);
      await form.getByLabel('Bot name').fill('Support Desk 2');
      await expectInsideViewport(page, footer);
      await expectInsideViewport(page, [form.getByRole('button', { name: 'Close', exact: true })]);
      for (const tab of ['General', 'Features', 'Advanced']) {
        await expectInsideViewport(page, [form.getByRole('tab', { name: tab })]);
      }
      await screenshot(page, 'phone-bot-dialog');
      await form.getByLabel('Bot name').fill('');
      await expect(form.getByLabel('Bot name')).toHaveAccessibleDescription('Bot name is required');
      await expectInsideViewport(page, footer);
      await form.getByRole('tab', { name: /^Advanced/ }).click();
      await expect(form.getByRole('status')).toHaveText('Bot name is required (General tab)');
      await expectInsideViewport(page, [...footer, form.getByRole('status')]);
      await screenshot(page, 'phone-bot-dialog-error');
      await form.getByRole('button', { name: 'Close', exact: true }).click();
      await expectInsideViewport(page, [
        discardPrompt(page).getByRole('button', { name: 'Keep editing' }),
        discardPrompt(page).getByRole('button', { name: 'Discard' }),
      ]);
      await screenshot(page, 'phone-discard-prompt');
      await discardPrompt(page).getByRole('button', { name: 'Discard' }).click();
      await expect(form).toBeHidden();
    });

    await test.step('the board pans with one finger and zooms with two', async () => {
      await publishViaApi(page, bot.id, generateFlow(12, 3));
      await page.goto('/flow');
      await waitForBoard(page);
      await screenshot(page, 'phone-board');
      const first = (await board(page, 'nodes'))[0];
      await page.touchscreen.tap(first.header.x, first.header.y);
      await screenshot(page, 'phone-board-selected');
      const area = (await page.getByRole('region', { name: 'Flow board' }).boundingBox())!;
      const cdp = await page.context().newCDPSession(page);

      // One finger on a spot no node covers pans the board.
      const empty = await emptyBoardSpot(page, area);
      const before = await board(page, 'view');
      await slide(cdp, [empty], [{ x: empty.x - 60, y: empty.y + 40 }]);
      const panned = await board(page, 'view');
      expect(panned.scale).toBeCloseTo(before.scale, 5);
      expect(panned.x - before.x).toBeCloseTo(-60, 0);
      expect(panned.y - before.y).toBeCloseTo(40, 0);

      // Two fingers moving apart zoom in around their midpoint; moving together zooms out.
      const mid = { x: area.x + area.width / 2, y: area.y + area.height / 2 };
      const near = [
        { x: mid.x - 40, y: mid.y },
        { x: mid.x + 40, y: mid.y },
      ];
      const far = [
        { x: mid.x - 60, y: mid.y },
        { x: mid.x + 60, y: mid.y },
      ];
      await slide(cdp, near, far);
      const zoomedIn = await board(page, 'view');
      // 1.5 times the distance: 1.5 times the scale (below the 1.8 cap, so nothing is clamped).
      expect(zoomedIn.scale).toBeCloseTo(panned.scale * 1.5, 2);
      const worldUnderMid = (v: { scale: number; x: number; y: number }) => ({
        x: (mid.x - area.x - v.x) / v.scale,
        y: (mid.y - area.y - v.y) / v.scale,
      });
      // The world point under the fingers' midpoint stays under it.
      expect(worldUnderMid(zoomedIn).x).toBeCloseTo(worldUnderMid(panned).x, 0);
      expect(worldUnderMid(zoomedIn).y).toBeCloseTo(worldUnderMid(panned).y, 0);
      await screenshot(page, 'phone-board-pinched');
      await slide(cdp, far, near);
      const zoomedOut = await board(page, 'view');
      expect(zoomedOut.scale).toBeCloseTo(panned.scale, 2);
      // The pinch moved no node and recorded nothing.
      expect((await board(page, 'history')).hasChanges).toBe(false);

      // One finger on a node drags the node, and it stays under the finger (the tap that selects
      // it does not shift the board).
      const node = (await board(page, 'nodes'))[1];
      const grip = { x: node.header.x, y: node.header.y };
      await slide(cdp, [grip], [{ x: grip.x + 30, y: grip.y + 50 }]);
      const moved = (await board(page, 'node', node.id))!;
      expect(moved.header.x - grip.x).toBeCloseTo(30, 0);
      expect(moved.header.y - grip.y).toBeCloseTo(50, 0);
      expect((await board(page, 'history')).hasChanges).toBe(true);
      await expectInsideViewport(page, [
        page.getByRole('button', { name: 'Run flow' }),
        page.getByRole('button', { name: 'Publish' }),
        page.getByRole('button', { name: 'Delete', exact: true }),
      ]);
      await screenshot(page, 'phone-board-edited');
    });
  });
});

/** A point of the board (page coordinates) that no node and no overlaid control covers. */
async function emptyBoardSpot(
  page: Page,
  area: { x: number; y: number; width: number; height: number },
): Promise<Point> {
  const boxes = (await board(page, 'nodes')).map((n) => n.box);
  const free: Point[] = [];
  for (let y = area.y + area.height - 60; y > area.y + 60; y -= 9) {
    for (let x = area.x + 30; x < area.x + area.width - 90; x += 9) {
      const covered = boxes.some(
        (b) =>
          x >= b.left - 16 && x <= b.left + b.width + 16 && y >= b.top - 16 && y <= b.top + b.height + 16,
      );
      if (!covered) free.push({ x, y });
    }
  }
  // The finger must land on the canvas itself, not on a button floating over the board.
  const onCanvas = await page.evaluate(
    (points) => points.find((p) => document.elementFromPoint(p.x, p.y)?.tagName === 'CANVAS') ?? null,
    free,
  );
  expect(onCanvas, 'an empty spot on the board').not.toBeNull();
  return onCanvas!;
}
