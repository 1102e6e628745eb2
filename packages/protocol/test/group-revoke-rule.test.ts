import { describe, expect, it } from 'vitest';
import { mayRevokeGroupMessage, RoleLevel } from '../src/index.ts';

const as = (userID: string, roleLevel: number | undefined) => ({ userID, roleLevel });

describe('who may recall a group message (docs/product.md#roles-and-permissions)', () => {
  it('the sender always, the owner anyone', () => {
    expect(mayRevokeGroupMessage(as('m', RoleLevel.Member), as('m', RoleLevel.Member))).toBe(true);
    expect(mayRevokeGroupMessage(as('o', RoleLevel.Owner), as('a', RoleLevel.Admin))).toBe(true);
    expect(mayRevokeGroupMessage(as('o', RoleLevel.Owner), as('x', undefined))).toBe(true);
  });

  it("an admin: ordinary and former members', never the owner's or another admin's", () => {
    expect(mayRevokeGroupMessage(as('a', RoleLevel.Admin), as('m', RoleLevel.Member))).toBe(true);
    expect(mayRevokeGroupMessage(as('a', RoleLevel.Admin), as('x', undefined))).toBe(true);
    expect(mayRevokeGroupMessage(as('a', RoleLevel.Admin), as('b', RoleLevel.Admin))).toBe(false);
    expect(mayRevokeGroupMessage(as('a', RoleLevel.Admin), as('o', RoleLevel.Owner))).toBe(false);
  });

  it("an ordinary member: nobody else's", () => {
    expect(mayRevokeGroupMessage(as('m', RoleLevel.Member), as('n', RoleLevel.Member))).toBe(false);
    expect(mayRevokeGroupMessage(as('m', undefined), as('x', undefined))).toBe(false);
  });
});
