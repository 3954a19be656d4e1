import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_SCREENS_DIR } from './env';
import { confirmationCodeFor } from './mail';

export { confirmationCodeFor, mailFilesFor, newestMailFor, resetLinkFor } from './mail';

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
}

let counter = 0;

/** A user nobody has signed up with yet (unique per call, per run). */
export function newUser(): TestUser {
  const tag = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${tag}@example.com`,
    username: `ada_${tag}`,
    password: `Secret-${tag}-1`,
  };
}

/** Saves a full-page screenshot as test-results/screens/{name}.png for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await fs.mkdir(E2E_SCREENS_DIR, { recursive: true });
  await page.screenshot({
    path: path.join(E2E_SCREENS_DIR, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/** Fills and sends the signup form; the page must already be on /signup. */
export async function fillSignup(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
}

/** Types the e-mailed code on /confirm-email and waits for the dashboard. */
export async function confirmWithMailedCode(page: Page, email: string): Promise<void> {
  const code = await confirmationCodeFor(email);
  await page.getByLabel('Please enter the code you receive on your email').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/flow$/);
}

/**
 * Signs a new user up with the default provider, confirms the e-mail with the code from the outbox
 * and leaves the page signed in on /flow. Other specs use it to get a verified customer.
 */
export async function signUpAndConfirm(page: Page, user: TestUser = newUser()): Promise<TestUser> {
  await page.goto('/signup');
  await fillSignup(page, user);
  await expect(page).toHaveURL(/\/confirm-email$/);
  await confirmWithMailedCode(page, user.email);
  return user;
}

/** Logs in through the form; the page must be on /login. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}
