import { SearchPath, searchMessagesSchema } from '@im/protocol';
import type { SearchMessagesResp } from '@im/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/validate.ts';
import { toMessageItem } from '../message/message-row.ts';
import { searchMessageRows } from './search-queries.ts';

/**
 * POST /api/msg/search_messages (docs/api.md#message-search): one page of the caller's messages whose
 * text contains the keyword, newest first. One more row than asked tells whether more remain.
 */
export function searchRoutes(
  api: FastifyInstance,
  ctx: Pick<AppContext, 'db' | 'dialect' | 'searchIndex'>,
): void {
  api.post(SearchPath.searchMessages, async (req) => {
    const query = parse(searchMessagesSchema, req.body);
    const rows = await searchMessageRows(ctx.db, ctx.dialect, ctx.searchIndex, {
      ownerUserID: req.auth.userID,
      keyword: query.keyword,
      conversationID: query.conversationID,
      offset: query.offset,
      limit: query.count + 1,
    });
    return ok<SearchMessagesResp>({
      messages: rows.slice(0, query.count).map(toMessageItem),
      hasMore: rows.length > query.count,
    });
  });
}
