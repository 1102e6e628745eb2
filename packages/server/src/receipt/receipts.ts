import { messageReadersSchema, readStateSchema, ReceiptPath, setBurnAfterReadingSchema } from '@im/protocol';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/validate.ts';
import type { Messaging } from '../message/messaging.ts';
import { sweepBurns } from './burn-sweep.ts';
import { BurnSettingService } from './burn-setting.ts';
import { ReadReceipts } from './read-receipts.ts';
import { ReadStateService } from './read-state.ts';

/**
 * Read receipts and burn-after-reading (docs/api.md#read-receipts-and-burn-after-reading): built once
 * by the composition root after the messaging core, whose MarkAsRead hook calls `receipts.afterRead`.
 */
export interface Receipts {
  receipts: ReadReceipts;
  readState: ReadStateService;
  burnSetting: BurnSettingService;
}

export function createReceipts(ctx: AppContext, messaging: Messaging): Receipts {
  return {
    receipts: new ReadReceipts(ctx),
    readState: new ReadStateService(ctx),
    burnSetting: new BurnSettingService(ctx, messaging),
  };
}

/**
 * The sweep of due burn messages as a background job (ctx.jobs: one node at a time with Redis,
 * docs/operations.md#burn-after-reading); it stops when the app closes.
 */
export function registerReceiptJobs(ctx: AppContext, log: FastifyBaseLogger): void {
  ctx.jobs.every('burn-sweep', ctx.config.BURN_SWEEP_INTERVAL_MS, async (now) => {
    const burned = await sweepBurns(ctx, now);
    if (burned > 0) log.info({ burned }, 'burn-after-reading messages deleted');
  });
}

/** The calls of ReceiptPath; register inside the /api scope (IM token hook). */
export function receiptRoutes(api: FastifyInstance, receipts: Receipts): void {
  api.post(ReceiptPath.setBurnAfterReading, async (req) =>
    ok(await receipts.burnSetting.set(req.auth.userID, parse(setBurnAfterReadingSchema, req.body))),
  );
  api.post(ReceiptPath.getReadState, async (req) =>
    ok(await receipts.readState.readState(req.auth.userID, parse(readStateSchema, req.body).conversationID)),
  );
  api.post(ReceiptPath.getMessageReaders, async (req) =>
    ok(await receipts.readState.readers(req.auth.userID, parse(messageReadersSchema, req.body))),
  );
}
