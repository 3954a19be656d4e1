import { expect, test, type Page } from '@playwright/test';
import {
  confirmationCodeFor,
  fillSignup,
  logIn,
  mailFilesFor,
  newUser,
  resetLinkFor,
  screenshot,
  signUpAndConfirm,
} from './helpers';

const drawer = (page: Page) => page.getByRole('complementary', { name: 'Main menu' });
const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
const picker = (page: Page) => page.getByRole('dialog', { name: 'Select a Service Provider' });
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test.describe('signed out', () => {
  test('only the sign-in routes are reachable; anything else goes to /login', async ({ page }) => {
    for (const path of ['/bots', '/flow', '/nlp/files', '/', '/no-such-page']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
    await expect(page.getByRole('heading', { name: 'Welcome back !' })).toBeVisible();
    await expect(page.getByText('Empower your bots, automate customer interactions.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Drag-and-drop workflows' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Always-on answers' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Real-time metrics' })).toBeVisible();
    // Login stays disabled until both fields hold something other than blanks.
    const loginButton = page.getByRole('button', { name: 'Login' });
    await expect(loginButton).toBeDisabled();
    await page.getByLabel('Email', { exact: true }).fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('   ');
    await expect(loginButton).toBeDisabled();
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await screenshot(page, 'login');

    // The theme toggle of the sign-in screens switches and remembers the theme.
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await screenshot(page, 'login-dark');
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    expect(await stored(page, 'theme')).toBe('light');

    for (const path of ['/signup', '/forget-password', '/confirm-email']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });

  test('a reset link that does not verify says so in the page and leads home', async ({ page }) => {
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.goto('/reset-password/999999/not-a-real-token');
    await expect(page.getByRole('alert')).toHaveText('This reset link is invalid or has expired.');
    await page.getByRole('button', { name: 'Go home' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(alerts).toEqual([]);
  });

  test('the provider picker searches, selects and persists a provider', async ({ page }) => {
    await page.goto('/login');
    const providerLink = page.getByRole('button', { name: 'BotFlow Calls' });
    await providerLink.click();
    await expect(picker(page)).toBeVisible();
    const search = picker(page).getByRole('searchbox', { name: 'Search providers' });
    const card = (name: string) => picker(page).getByRole('button', { name: new RegExp(name) });
    await expect(card('Acme Voice Cloud')).toBeVisible();
    await expect(card('Northwind Telecom')).toBeVisible();
    await screenshot(page, 'provider-picker');

    // Spaces and case are ignored on both sides.
    await search.fill('ACME voicecl');
    await expect(card('Acme Voice Cloud')).toBeVisible();
    await expect(card('Northwind Telecom')).toHaveCount(0);
    await expect(card('BotFlow Calls')).toHaveCount(0);
    await search.fill('north wind');
    await expect(card('Northwind Telecom')).toBeVisible();
    await expect(card('Acme Voice Cloud')).toHaveCount(0);
    await search.fill('');

    // The card already selected does nothing; the backdrop closes.
    await card('BotFlow Calls').click();
    await expect(picker(page)).toBeVisible();
    await page.mouse.click(5, 300);
    await expect(picker(page)).toBeHidden();

    await providerLink.click();
    await picker(page).getByRole('searchbox').fill('acme');
    await card('Acme Voice Cloud').click();
    await expect(picker(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Acme Voice Cloud' })).toBeVisible();
    expect(await stored(page, 'sp')).toBe('e2e-acme-voice');

    await page.reload();
    await page.getByRole('button', { name: 'Acme Voice Cloud' }).click();
    await expect(picker(page).getByRole('searchbox')).toHaveValue('');
    await expect(card('Acme Voice Cloud')).toHaveAttribute('aria-pressed', 'true');
    await picker(page).getByRole('button', { name: 'Close' }).click();
    await expect(picker(page)).toBeHidden();
    await page.getByRole('button', { name: 'Acme Voice Cloud' }).click();
    await page.keyboard.press('Escape');
    await expect(picker(page)).toBeHidden();
    await page.getByRole('button', { name: 'Acme Voice Cloud' }).click();
    await expect(picker(page)).toBeVisible();
  });
});

test('a new customer signs up, confirms, uses the dashboard, logs out and resets the password', async ({
  page,
}) => {
  const user = newUser();

  // Sign up.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Join Us Today !' })).toBeVisible();
  const terms = page.getByRole('link', { name: 'terms of use' });
  await expect(terms).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('target', '_blank');
  await screenshot(page, 'signup');
  await fillSignup(page, user);
  await expect(page).toHaveURL(/\/confirm-email$/);
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();

  // Signed in but unverified: only /confirm-email.
  for (const path of ['/bots', '/login', '/flow']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/confirm-email$/);
  }

  // A wrong code is refused; Resend starts its countdown and the new code works.
  const codeField = page.getByLabel('Please enter the code you receive on your email');
  const firstCode = await confirmationCodeFor(user.email);
  await codeField.fill(firstCode === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await codeField.fill('1');
  await expect(page.getByRole('alert')).toHaveCount(0);
  const seen = await mailFilesFor(user.email);
  await page.getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByRole('button', { name: /^Resend \(\d+s\)$/ })).toBeDisabled();
  const code = await confirmationCodeFor(user.email, seen);
  await screenshot(page, 'confirm-email');
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();

  // The dashboard: Flow by default, drawer with acronym and username.
  await expect(page).toHaveURL(/\/flow$/);
  await expect(page.getByRole('heading', { name: 'Flow', level: 1 })).toBeVisible();
  await expect(drawer(page).getByText(user.username)).toBeVisible();
  await expect(drawer(page).getByText('AL', { exact: true })).toBeVisible();
  await expect(sections(page).getByRole('link', { name: 'Flow' })).toHaveAttribute('aria-current', 'page');
  await expect(sections(page).getByRole('link', { name: 'Settings' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await screenshot(page, 'dashboard-flow');

  await sections(page).getByRole('link', { name: 'Knowledge Sources' }).click();
  await expect(page).toHaveURL(/\/nlp\/files$/);
  await page.goto('/nlp/unknown-kind');
  await expect(page).toHaveURL(/\/nlp\/files$/);
  await expect(sections(page).getByRole('link', { name: 'Knowledge Sources' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.goto('/login');
  await expect(page).toHaveURL(/\/flow$/);
  await sections(page).getByRole('link', { name: 'Bots' }).click();
  await expect(page).toHaveURL(/\/bots$/);
  await expect(page.getByRole('heading', { name: 'Bots', level: 1 })).toBeVisible();

  // Dark mode persists over a reload.
  await drawer(page).getByRole('button', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await stored(page, 'theme')).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(drawer(page).getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');
  await screenshot(page, 'dashboard-dark');

  // Small mode persists too.
  await drawer(page).getByRole('button', { name: 'Collapse menu' }).click();
  expect(await stored(page, 'smallDrawer')).toBe('true');
  await expect(sections(page).getByText('Knowledge Sources')).toBeHidden();
  await page.reload();
  await expect(drawer(page).getByRole('button', { name: 'Expand menu' })).toBeVisible();
  await screenshot(page, 'dashboard-small-dark');
  await drawer(page).getByRole('button', { name: 'Expand menu' }).click();
  expect(await stored(page, 'smallDrawer')).toBe('false');
  await drawer(page).getByRole('button', { name: 'Light' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  // The menu button and the close icon hide and show the drawer.
  await drawer(page).getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer(page)).toBeHidden();
  await page.getByRole('button', { name: 'Show menu' }).click();
  await expect(drawer(page)).toBeVisible();
  await page.getByRole('button', { name: 'Hide menu' }).click();
  await expect(drawer(page)).toBeHidden();
  await page.getByRole('button', { name: 'Show menu' }).click();

  // Logout, then a wrong password, then the right one.
  await drawer(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await stored(page, 'accessToken')).toBeNull();
  await logIn(page, user.email, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await screenshot(page, 'login-error');
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/flow$/);
  await drawer(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Forgotten password: request the link, open it, choose a new password.
  await page.getByRole('link', { name: 'Reset' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByText('You will receive a reset link to confirm your email')).toBeVisible();
  const before = await mailFilesFor(user.email);
  await page.getByLabel('Enter your email').fill(user.email);
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await confirm.click();
  await expect(page.getByRole('status').filter({ hasText: /./ })).toBeVisible();
  await expect(confirm).toBeDisabled();
  await screenshot(page, 'forgot-password');
  const link = await resetLinkFor(user.email, before);

  await page.goto(new URL(link).pathname);
  const newPassword = `${user.password}-new`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(`${newPassword}x`);
  await expect(page.getByText('Passwords do not match!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await expect(page.getByText('Passwords do not match!')).toBeHidden();
  await screenshot(page, 'reset-password');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: /./ })).toBeVisible();
  // Home after the redirect delay (5 s): signed out, home is /login.
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });

  await logIn(page, user.email, user.password);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await logIn(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/flow$/);
});

test('signUpAndConfirm gives other specs a verified, signed-in customer', async ({ page }) => {
  const user = await signUpAndConfirm(page);
  await expect(drawer(page).getByText(user.username)).toBeVisible();
  // A token the server no longer accepts is dropped and the visitor lands on /login.
  await page.evaluate(() => localStorage.setItem('accessToken', 'revoked-or-made-up'));
  await page.goto('/bots');
  await expect(page).toHaveURL(/\/login$/);
  expect(await stored(page, 'accessToken')).toBeNull();
});

test.describe('on a narrow screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the drawer opens from the menu button and hides after a link is chosen', async ({ page }) => {
    await page.goto('/signup');
    await screenshot(page, 'signup-narrow');
    await signUpAndConfirm(page);
    await expect(drawer(page)).toBeHidden();
    await page.getByRole('button', { name: 'Show menu' }).click();
    await expect(drawer(page)).toBeVisible();
    await screenshot(page, 'dashboard-narrow-drawer');
    await sections(page).getByRole('link', { name: 'Bots' }).click();
    await expect(page).toHaveURL(/\/bots$/);
    await expect(drawer(page)).toBeHidden();
  });
});
