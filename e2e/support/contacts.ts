import type { Locator, Page } from 'playwright-core';
import type { TestServer } from '@im/server/testing';

/** The badge the tab bar shows on a tab ('Chats', 'Contacts'); no element when it is hidden. */
export function tabBadge(page: Page, tab: string): Locator {
  return page
    .getByRole('navigation', { name: 'Main sections' })
    .locator('.adm-tab-bar-item')
    .filter({ has: page.getByRole('link', { name: tab }) })
    .locator('.adm-badge-content');
}

/** The pending count on the "New friends" entry of the Contacts tab. */
export function newFriendsBadge(page: Page): Locator {
  return page
    .locator('.adm-list-item')
    .filter({ has: page.getByRole('link', { name: 'New friends' }) })
    .locator('.adm-badge-content');
}

/** A toast's text, once shown. */
export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.adm-toast-main').filter({ hasText: text }).first().waitFor();
}

/**
 * Finds a user by ID on /searchToJoin (from the Contacts tab: the add button, then "Add friend") and
 * opens their card from the result named `name`.
 */
export async function findUserByID(page: Page, userID: string, name: string): Promise<void> {
  await page.getByRole('link', { name: 'Contacts' }).click();
  // The tab's own screen first: the chats tab, being left, has the same link.
  await page.waitForURL(/\/contact$/);
  await page.getByRole('link', { name: 'New friends' }).waitFor();
  await page.getByRole('link', { name: 'Add friend or group' }).click();
  await page.getByRole('link', { name: 'Add friend', exact: true }).click();
  await page.waitForURL(/\/searchToJoin\?isGroup=false/);
  await page.getByRole('searchbox', { name: 'User ID, phone number or e-mail' }).fill(userID);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('region', { name: 'Search results' }).getByRole('link', { name, exact: true }).click();
  await page.waitForURL(/\/userCard\?userID=/);
  await page.getByRole('heading', { name, exact: true }).waitFor();
}

/** From a user card: "Add friend", a verification message, "Send". */
export async function sendFriendRequest(page: Page, message: string): Promise<void> {
  await page.getByRole('button', { name: 'Add friend' }).click();
  await page.waitForURL(/\/sendApplication\?/);
  await page.getByRole('textbox', { name: 'Verification message' }).fill(message);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

/** Opens My friends from the Contacts tab (at `server` when the tab bar is not shown). */
export async function openMyFriends(page: Page, server: TestServer): Promise<void> {
  await page.goto(`${server.url}/contact`);
  await page.getByRole('link', { name: 'My friends' }).click();
  await page.waitForURL(/\/myFriend$/);
}

/** The friends under one letter of My friends. */
export function letterGroup(page: Page, letter: string): Locator {
  return page.getByRole('region', { name: letter, exact: true });
}
