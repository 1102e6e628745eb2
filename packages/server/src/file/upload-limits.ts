import type { onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../app-context.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Per-user upload limits (docs/operations.md#sockets-and-uploads): UPLOADS_PER_MINUTE and
 * UPLOADS_PER_DAY, counted in the app's rate limiter when the request arrives, before its body is
 * read, whatever it answers; beyond them 429 with Retry-After and 20005. With each upload at most its
 * purpose's size, the daily count bounds the disk a user can fill in a day.
 */
export function uploadRateLimits(ctx: Pick<AppContext, 'limiter' | 'config'>): onRequestAsyncHookHandler {
  return async (request) => {
    const { userID } = request.auth;
    await ctx.limiter.hit(`upload:minute:${userID}`, ctx.config.UPLOADS_PER_MINUTE, MINUTE);
    await ctx.limiter.hit(`upload:day:${userID}`, ctx.config.UPLOADS_PER_DAY, DAY);
  };
}
