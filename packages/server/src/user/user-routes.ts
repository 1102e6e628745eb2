import {
  ChatPath,
  findUsersSchema,
  ImPath,
  searchUsersSchema,
  updateUserSchema,
  usersInfoSchema,
} from '@im/protocol';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/validate.ts';
import type { UserService } from './user-service.ts';

/** Profile calls of the chat service (chat token). */
export function chatUserRoutes(app: FastifyInstance, users: UserService): void {
  app.post(ChatPath.updateUser, async (req) => {
    await users.update(parse(updateUserSchema, req.body), req.auth.userID);
    return ok();
  });
  app.post(ChatPath.findFull, async (req) =>
    ok({ users: await users.findFull(parse(findUsersSchema, req.body).userIDs, req.auth.userID) }),
  );
  app.post(ChatPath.searchFull, async (req) =>
    ok(await users.search(parse(searchUsersSchema, req.body), req.auth.userID)),
  );
  app.post(ChatPath.findPublic, async (req) =>
    ok({ users: await users.findPublic(parse(findUsersSchema, req.body).userIDs) }),
  );
}

/** Users info by id list on the IM API (IM token). */
export function imUserRoutes(app: FastifyInstance, users: UserService): void {
  app.post(ImPath.getUsersInfo, async (req) =>
    ok({ users: await users.findPublic(parse(usersInfoSchema, req.body).userIDs) }),
  );
}
