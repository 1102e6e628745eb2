import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.ts';
import type { AccountRef } from './account-key.ts';
import { isPhone } from './account-key.ts';

/** Sends a verification code to its account. */
export interface CodeDelivery {
  deliver(account: AccountRef, code: string, usedFor: number): Promise<void>;
}

/** The development outbox's file in DATA_DIR (docs/operations.md#secrets-and-codes). */
export const DEV_OUTBOX = 'dev-outbox.log';

/**
 * No SMS provider and no SMTP: each code is appended to DATA_DIR/dev-outbox.log as one JSON line
 * `{"to","usedFor","code","time"}`, in a file only the server's user can read (0600). Codes never go
 * to the server log, which is often shipped elsewhere (docs/decisions.md#configuration).
 */
export function outboxDelivery(dataDir: string): CodeDelivery {
  const file = join(dataDir, DEV_OUTBOX);
  mkdirSync(dataDir, { recursive: true });
  // The mode of appendFile applies to a new file only: an older one is narrowed here.
  if (existsSync(file)) chmodSync(file, 0o600);
  return {
    async deliver(account, code, usedFor) {
      const to = isPhone(account) ? `${account.areaCode} ${account.phoneNumber}` : account.email;
      const line = JSON.stringify({ to, usedFor, code, time: new Date().toISOString() });
      await appendFile(file, `${line}\n`, { mode: 0o600 });
    },
  };
}

/**
 * E-mail through SMTP when SMTP_HOST is set; phone numbers (no SMS provider) and, without SMTP,
 * e-mail too go to the development outbox. The server says at start where codes go.
 */
export function codeDeliveryFor(config: Config, log: FastifyBaseLogger): CodeDelivery {
  const outbox = outboxDelivery(config.DATA_DIR);
  const where = join(config.DATA_DIR, DEV_OUTBOX);
  if (!config.SMTP_HOST) {
    log.warn(`verification codes are not sent (no SMTP/SMS configured): they are written to ${where}`);
    return outbox;
  }
  log.warn(
    `verification codes for phone numbers are not sent (no SMS provider): they are written to ${where}`,
  );
  const transport = nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_PORT === 465,
    auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS } : undefined,
  });
  return {
    async deliver(account, code, usedFor) {
      if (!account.email) return outbox.deliver(account, code, usedFor);
      await transport.sendMail({
        from: config.SMTP_FROM ?? config.SMTP_USER,
        to: account.email,
        subject: `Your verification code: ${code}`,
        text: `Your verification code is ${code}. It is valid for 10 minutes.\n\n您的验证码是 ${code}，10 分钟内有效。`,
      });
    },
  };
}
