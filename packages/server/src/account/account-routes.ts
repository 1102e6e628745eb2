import {
  changePasswordSchema,
  ChatPath,
  LOGOUT_PATH,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  sendCodeSchema,
  verifyCodeSchema,
} from '@im/protocol';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/validate.ts';
import type { AccountService } from './account-service.ts';

/** The public account calls of the chat service: no token needed. */
export function publicAccountRoutes(app: FastifyInstance, accounts: AccountService): void {
  app.post(ChatPath.sendCode, async (req) =>
    ok(await accounts.sendCode(parse(sendCodeSchema, req.body), req.ip)),
  );
  app.post(ChatPath.verifyCode, async (req) =>
    ok(await accounts.verifyCode(parse(verifyCodeSchema, req.body))),
  );
  app.post(ChatPath.register, async (req) =>
    ok(await accounts.register(parse(registerSchema, req.body), req.ip)),
  );
  app.post(ChatPath.login, async (req) => ok(await accounts.login(parse(loginSchema, req.body), req.ip)));
  app.post(ChatPath.resetPassword, async (req) =>
    ok(await accounts.resetPassword(parse(resetPasswordSchema, req.body), req.ip)),
  );
}

/** Account calls of a signed-in user (chat token). */
export function sessionAccountRoutes(app: FastifyInstance, accounts: AccountService): void {
  app.post(ChatPath.changePassword, async (req) =>
    ok(await accounts.changePassword(parse(changePasswordSchema, req.body), req.auth)),
  );
  app.post(LOGOUT_PATH, async (req) => ok(await accounts.logout(req.auth.tokenID)));
}
