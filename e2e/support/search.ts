import { FriendPath, GroupPath, Header } from '@im/protocol';
import type { Envelope } from '@im/protocol';
import type { Page } from 'playwright-core';
import type { TestServer } from '@im/server/testing';
import type { TestUser } from './messaging.ts';

/** POSTs to the IM API (/api) as `user`; fails unless the envelope says success. */
async function imCall(server: TestServer, user: TestUser, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [Header.operationID]: `e2e-search-${Date.now()}-${Math.random()}`,
      [Header.token]: user.imToken,
    },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<unknown>;
  if (envelope.errCode !== 0) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** A group of `owner` with the members, made through the IM API. */
export function createGroupByApi(
  server: TestServer,
  owner: TestUser,
  members: TestUser[],
  groupName: string,
) {
  return imCall(server, owner, GroupPath.createGroup, {
    groupName,
    memberUserIDs: members.map((m) => m.userID),
  });
}

/** `owner`'s remark for a friend, set through the IM API. */
export function setRemarkByApi(server: TestServer, owner: TestUser, friend: TestUser, remark: string) {
  return imCall(server, owner, FriendPath.setFriendRemark, { friendUserID: friend.userID, remark });
}

/** The search box of a search screen, by its label. */
export function searchBox(page: Page, label: string) {
  return page.getByRole('searchbox', { name: label });
}

/** Scrolls the chat's log to its end (a virtual list: its root is the scroller). */
export async function scrollLogToEnd(page: Page): Promise<void> {
  await page.getByRole('log', { name: 'Messages' }).evaluate((log) => {
    log.scrollTop = log.scrollHeight;
  });
}
