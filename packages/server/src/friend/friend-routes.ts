import {
  addFriendSchema,
  applicationListSchema,
  blackListSchema,
  blackUserSchema,
  deleteFriendSchema,
  designatedFriendsSchema,
  friendListSchema,
  FriendPath,
  isFriendSchema,
  respondFriendApplicationSchema,
  setFriendRemarkSchema,
} from '@im/protocol';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/validate.ts';
import type { Contacts } from './contacts.ts';

/** The contacts calls of the IM API (prefix /api, IM token); protocol/src/friend-api.ts has the table. */
export function friendRoutes(app: FastifyInstance, { applications, friends, blacks }: Contacts): void {
  app.post(FriendPath.addFriend, async (req) =>
    ok(await applications.apply(req.auth.userID, parse(addFriendSchema, req.body))),
  );
  app.post(FriendPath.respondFriendApplication, async (req) =>
    ok(await applications.respond(req.auth.userID, parse(respondFriendApplicationSchema, req.body))),
  );
  app.post(FriendPath.getApplicationsAsRecipient, async (req) =>
    ok(await applications.list(req.auth.userID, 'to', parse(applicationListSchema, req.body))),
  );
  app.post(FriendPath.getApplicationsAsApplicant, async (req) =>
    ok(await applications.list(req.auth.userID, 'from', parse(applicationListSchema, req.body))),
  );
  app.post(FriendPath.getFriendList, async (req) =>
    ok(await friends.list(req.auth.userID, parse(friendListSchema, req.body))),
  );
  app.post(FriendPath.getDesignatedFriends, async (req) => {
    const { friendUserIDs } = parse(designatedFriendsSchema, req.body);
    return ok({ friends: await friends.designated(req.auth.userID, friendUserIDs) });
  });
  app.post(FriendPath.isFriend, async (req) =>
    ok(await friends.isFriend(req.auth.userID, parse(isFriendSchema, req.body).userID)),
  );
  app.post(FriendPath.setFriendRemark, async (req) =>
    ok(await friends.setRemark(req.auth.userID, parse(setFriendRemarkSchema, req.body))),
  );
  app.post(FriendPath.deleteFriend, async (req) => {
    await friends.delete(req.auth.userID, parse(deleteFriendSchema, req.body).friendUserID);
    return ok();
  });
  app.post(FriendPath.addBlack, async (req) =>
    ok(await blacks.add(req.auth.userID, parse(blackUserSchema, req.body).blackUserID)),
  );
  app.post(FriendPath.removeBlack, async (req) => {
    await blacks.remove(req.auth.userID, parse(blackUserSchema, req.body).blackUserID);
    return ok();
  });
  app.post(FriendPath.getBlackList, async (req) =>
    ok(await blacks.list(req.auth.userID, parse(blackListSchema, req.body))),
  );
}
