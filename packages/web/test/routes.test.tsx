import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { routes } from '../src/router/routes';
import { GuestOnly, RequireAuth } from '../src/router/guards';
import { routePath } from '../src/router/paths';

type Guard = 'auth' | 'guest' | 'none';

/** Every path of the route table with the guard that wraps it. */
function paths(
  list: RouteObject[],
  guard: Guard = 'none',
  out = new Map<string, Guard>(),
): Map<string, Guard> {
  for (const route of list) {
    const type = (route.element as { type?: unknown } | undefined)?.type;
    const inner: Guard = type === RequireAuth ? 'auth' : type === GuestOnly ? 'guest' : guard;
    if (route.path) out.set(route.path, inner);
    if (route.children) paths(route.children, inner, out);
  }
  return out;
}

const table = paths(routes);

describe('routes of docs/product.md#routes', () => {
  it('declares the tab layout and every common route behind the login guard', () => {
    const guarded = [
      '/conversation',
      '/contact',
      '/profile',
      '/chat',
      '/singleSetting',
      '/groupSetting',
      '/groupManage',
      '/groupNotice',
      '/changeName',
      '/myFriend',
      '/myGroup',
      '/newGroup',
      '/newFriend',
      '/applicationList',
      '/applicationDetails',
      '/userCard',
      '/groupCard',
      '/userCardSetting',
      '/userCardDetails',
      '/contactAdd',
      '/searchToJoin',
      '/sendApplication',
      '/groupMemberList',
      '/createGroup',
      '/chooseUser',
      '/searchFriendOrGroup',
      '/selfInfoDetails',
      '/about',
      '/accountSettings',
      '/blackList',
      '/language',
      '/changeNameOrRemark',
    ];
    for (const path of guarded) expect(table.get(path), path).toBe('auth');
  });

  it('leaves the login routes unguarded; /getCode and /setBaseInfo skip the login-status check', () => {
    expect(table.get('/login')).toBe('guest');
    expect(table.get('/verifyCode')).toBe('guest');
    expect(table.get('/setPassword')).toBe('guest');
    expect(table.get('/getCode')).toBe('none');
    expect(table.get('/setBaseInfo')).toBe('none');
  });

  it('declares a route for every path of the path table', () => {
    for (const path of Object.values(routePath)) expect(table.has(path), path).toBe(true);
  });

  it('redirects the bare / (unguarded, the guard of /conversation decides)', () => {
    expect(table.get('/')).toBe('none');
  });
});
