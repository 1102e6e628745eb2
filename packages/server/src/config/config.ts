import { z } from 'zod';

/** Comma-separated list → trimmed, non-empty entries. */
const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
const optional = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * Every setting of docs/decisions.md#configuration, read from the environment with a working default, so that
 * `npm start` with nothing set serves a messenger on one machine.
 */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  REDIS_URL: optional,
  JWT_SECRET: optional,
  /** Lifetime of a session token, in days. */
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  SUPER_CODE: optional,
  INVITATION_CODES: list,
  /** `closed` refuses new registrations with 20012 (operation restricted). */
  REGISTRATION: z.enum(['open', 'closed']).default('open'),
  SMTP_HOST: optional,
  SMTP_PORT: z.coerce.number().int().default(587),
  SMTP_USER: optional,
  SMTP_PASS: optional,
  SMTP_FROM: optional,
  TURN_URLS: list,
  TURN_SECRET: optional,
  /** Origins allowed to open the gateway socket besides the page's own host. */
  ALLOWED_ORIGINS: list,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built web client served at `/`; unset serves packages/web/dist when it exists. */
  WEB_DIST: optional,
  /** scrypt cost; only tests lower it (never below 2^14), production keeps 2^17 (OWASP ASVS 5.0). */
  SCRYPT_N: z.coerce.number().int().min(16384).default(131072),
  /** Gateway sockets one session token may hold at once (docs/operations.md#sockets-and-uploads). */
  GATEWAY_MAX_SOCKETS_PER_TOKEN: z.coerce.number().int().min(1).max(1000).default(10),
  /** Uploads per user a minute, and a day (docs/operations.md#sockets-and-uploads). */
  UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  UPLOADS_PER_DAY: z.coerce.number().int().min(1).default(500),
  /** User searches per user a minute. */
  USER_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** The longest a request (its body included) may take before the server answers 408. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** How often expired sessions and verification codes are deleted. */
  PURGE_INTERVAL_MS: z.coerce.number().int().min(100).default(3_600_000),
});

export type Config = z.output<typeof configSchema>;

/** Parses the environment; a bad value stops the start with a message that names it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`bad configuration: ${problems.join('; ')}`);
  }
  return parsed.data;
}
