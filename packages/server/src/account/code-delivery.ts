import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.ts';
import type { AccountRef } from './account-key.ts';
import { isPhone } from './account-key.ts';

/** Sends a verification code to its account. */
export interface CodeDelivery {
  deliver(account: AccountRef, code: string, usedFor: number): Promise<void>;
}

/**
 * No SMS provider and no SMTP: the code goes to the server log, clearly marked
 * (docs/decisions.md#configuration).
 */
export function logDelivery(log: FastifyBaseLogger): CodeDelivery {
  return {
    async deliver(account, code, usedFor) {
      const to = isPhone(account) ? `${account.areaCode} ${account.phoneNumber}` : account.email;
      log.warn(
        { to, usedFor },
        `VERIFICATION CODE for ${to}: ${code} (not delivered: no SMTP/SMS configured)`,
      );
    },
  };
}

/** E-mail through SMTP when SMTP_HOST is set; phone numbers still go to the log. */
export function codeDeliveryFor(config: Config, log: FastifyBaseLogger): CodeDelivery {
  const fallback = logDelivery(log);
  if (!config.SMTP_HOST) return fallback;
  const transport = nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_PORT === 465,
    auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS } : undefined,
  });
  return {
    async deliver(account, code, usedFor) {
      if (!account.email) return fallback.deliver(account, code, usedFor);
      await transport.sendMail({
        from: config.SMTP_FROM ?? config.SMTP_USER,
        to: account.email,
        subject: `Your verification code: ${code}`,
        text: `Your verification code is ${code}. It is valid for 10 minutes.\n\n您的验证码是 ${code}，10 分钟内有效。`,
      });
    },
  };
}
