import type { Locator, Page } from 'playwright-core';
import type { TestServer } from '@im/server/testing';
import { GroupPath, RoleLevel } from '@im/protocol';
import { chat, chatList, eventually, imApi } from './messaging.ts';
import type { TestUser } from './messaging.ts';

/** A toast's text, once shown. */
export async function toastShown(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.adm-toast-main').filter({ hasText: text }).first().waitFor();
}

/** Answers the confirmation dialog that says `text` with its button `button`. */
export async function confirmDialog(page: Page, text: string | RegExp, button: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

/** Picks `name` in the member picker named `title` (the @ picker, a new admin, the new owner). */
export async function pickMember(page: Page, title: string, name: string): Promise<void> {
  const picker = page.getByRole('dialog', { name: title });
  await picker.getByRole('button', { name, exact: true }).click();
}

/** The group chat's header: "name (count)". */
export function groupHeading(page: Page, name: string, count: number): Locator {
  return page.getByRole('heading', { name: `${name} (${count})`, exact: true });
}

/** Opens a group chat from the chats list (at `server`) and waits for its header. */
export async function openGroupFromList(page: Page, server: TestServer, name: string): Promise<void> {
  if (!page.url().endsWith('/conversation')) await page.goto(`${server.url}/conversation`);
  await chatList(page).row(name).click();
  await page.waitForURL(/\/chat\?conversationID=sg_/);
  await chat(page).log.waitFor();
}

/** Waits until the shown chat's log holds a notice line with `text`. */
export async function noticeShown(page: Page, text: string): Promise<void> {
  await chat(page).log.getByText(text, { exact: true }).waitFor();
}

/** From the open group chat: its settings, then (owner and admins) the group management screen. */
export async function openGroupManage(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Group settings' }).click();
  await page.waitForURL(/\/groupSetting\?groupID=/);
  await page.getByRole('link', { name: 'Group management' }).click();
  await page.waitForURL(/\/groupManage\?groupID=/);
}

/** The composer's placeholder (the reason sending is blocked, or "Message"). */
export async function composerPlaceholder(page: Page, text: string): Promise<void> {
  await eventually(() => chat(page).input.getAttribute('placeholder')).toBe(text);
}

/**
 * A group of `owner` with the members, made through the IM API (fast); the members named in `admins`
 * are then made admins. Answers the group's ID.
 */
export async function createGroupByApi(
  server: TestServer,
  owner: TestUser,
  groupName: string,
  members: TestUser[],
  admins: TestUser[] = [],
): Promise<string> {
  const created = await imApi(server, owner, GroupPath.createGroup, {
    groupName,
    memberUserIDs: members.map((m) => m.userID),
  });
  const groupID = (created.envelope.data as { groupID?: string } | undefined)?.groupID;
  if (!groupID) throw new Error(`create_group: ${JSON.stringify(created.envelope)}`);
  for (const admin of admins) {
    const set = await imApi(server, owner, GroupPath.setGroupMemberRoleLevel, {
      groupID,
      userID: admin.userID,
      roleLevel: RoleLevel.Admin,
    });
    if (set.envelope.errCode !== 0) throw new Error(`set_role: ${JSON.stringify(set.envelope)}`);
  }
  return groupID;
}
