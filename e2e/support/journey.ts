import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Registers a new user through the screens as a person would: e-mail, code, password, nickname. */
export async function registerThroughScreens(
  page: Page,
  base: string,
  user: { email: string; password: string; nickname: string },
  codeFor: (email: string) => string | undefined,
): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL(/\/getCode/);
  // The registration form opens on phone numbers (the /login choice is carried over); switch to e-mail.
  await page.getByRole('button', { name: 'Send verification code' }).waitFor();
  const useEmail = page.getByRole('button', { name: 'Use e-mail' });
  if (await useEmail.isVisible()) await useEmail.click();
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Send verification code' }).click();
  await page.waitForURL(/\/verifyCode/);
  await expect.poll(() => codeFor(user.email)).toMatch(/^\d{6}$/);
  await page.getByText('The code is valid for 10 minutes').waitFor();
  await page.getByLabel('Verification code').click();
  await page.keyboard.type(codeFor(user.email)!);
  await page.waitForURL(/\/setPassword/);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/\/setBaseInfo/);
  await page.getByLabel('Nickname').fill(user.nickname);
  await page.getByRole('button', { name: 'Complete registration' }).click();
  await page.waitForURL(/\/conversation$/);
}

/** Logs in by e-mail and password on /login. */
export async function logInThroughScreens(
  page: Page,
  base: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Use e-mail' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
