import { hostname } from 'node:os';
import { z } from 'zod';
import { trustProxySetting } from './trust-proxy.ts';

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

/** A size in MiB (fractions allowed) with its default. */
const mebibytes = (fallback: number) =>
  z.coerce
    .number()
    .positive()
    .max(100 * 1024)
    .default(fallback);

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
  /**
   * Web Push keys (docs/operations.md#web-push): both or neither; without them the server makes a
   * pair on first start and keeps it in DATA_DIR/vapid-keys.json. The subject is the operator's
   * contact that push services see (mailto: or https:).
   */
  VAPID_PUBLIC_KEY: optional,
  VAPID_PRIVATE_KEY: optional,
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/)
    .default('mailto:operator@localhost'),
  /** Lifetime of a session token, in days. */
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  /**
   * A fixed code that registers any new account (demos and tests). Refused at start unless
   * ALLOW_SUPER_CODE=1 (docs/operations.md#secrets-and-codes).
   */
  SUPER_CODE: optional,
  ALLOW_SUPER_CODE: z
    .enum(['', '0', '1'])
    .optional()
    .transform((value) => value === '1'),
  INVITATION_CODES: list,
  /** `closed` refuses new registrations with 20012 (operation restricted). */
  REGISTRATION: z.enum(['open', 'closed']).default('open'),
  SMTP_HOST: optional,
  SMTP_PORT: z.coerce.number().int().default(587),
  SMTP_USER: optional,
  SMTP_PASS: optional,
  SMTP_FROM: optional,
  /** STUN servers handed to calls (`stun:host:port`, comma-separated); none by default. */
  STUN_URLS: list,
  /** TURN servers handed to calls with coturn REST credentials (docs/operations.md#turn-coturn). */
  TURN_URLS: list,
  /** coturn's `static-auth-secret`; required with TURN_URLS. */
  TURN_SECRET: optional,
  /** Lifetime of a TURN credential, in seconds. */
  TURN_TTL_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600),
  /** Origins allowed to open the gateway socket besides the page's own host. */
  ALLOWED_ORIGINS: list,
  /**
   * Which hops may name the client with X-Forwarded-For: unset trusts none, a number trusts that many
   * proxies in front, else a comma-separated list of addresses and CIDRs (docs/operations.md#behind-a-proxy-trust_proxy).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const setting = trustProxySetting(value);
      if (setting instanceof Error) {
        ctx.addIssue({ code: 'custom', message: setting.message });
        return z.NEVER;
      }
      return setting;
    }),
  /** Requests to code/send, register and password/reset per client address an hour, for each call. */
  ACCOUNT_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Requests to code/send, register and password/reset per account an hour, for each call. */
  ACCOUNT_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Rate-limit windows held in memory at most; past it, new keys are refused (20005). */
  RATE_LIMIT_KEYS: z.coerce.number().int().min(1).default(100_000),
  /** Upload limits per purpose, in MiB (docs/api.md "Uploads"); over one answers 1001 with the limit. */
  UPLOAD_MAX_AVATAR_MB: mebibytes(5),
  UPLOAD_MAX_PICTURE_MB: mebibytes(20),
  UPLOAD_MAX_VIDEO_MB: mebibytes(100),
  UPLOAD_MAX_VIDEO_SNAPSHOT_MB: mebibytes(5),
  UPLOAD_MAX_FILE_MB: mebibytes(100),
  UPLOAD_MAX_VOICE_MB: mebibytes(2),
  /** What one user may upload in 24 hours, in MiB. */
  UPLOAD_DAILY_QUOTA_MB: mebibytes(2048),
  /**
   * S3-compatible storage for uploads instead of DATA_DIR/uploads, used when S3_BUCKET is set
   * (docs/api.md "Uploads"); GET /api/object/<name> then redirects to a presigned URL.
   */
  S3_BUCKET: optional,
  S3_ENDPOINT: optional,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  /** Path-style URLs (`endpoint/bucket/key`), which MinIO and most self-hosted servers need. */
  S3_FORCE_PATH_STYLE: z
    .enum(['', '0', '1'])
    .optional()
    .transform((value) => value !== '0'),
  /** Lifetime of a presigned GET URL, in seconds. */
  S3_URL_TTL_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built web client served at `/`; unset serves packages/web/dist when it exists. */
  WEB_DIST: optional,
  /** scrypt cost; only tests lower it (never below 2^14), production keeps 2^17 (OWASP ASVS 5.0). */
  SCRYPT_N: z.coerce.number().int().min(16384).default(131072),
  /**
   * Connections the kernel holds for the server before it accepts them (listen(2) backlog, capped by
   * net.core.somaxconn). Node's own default, 511, overflows when thousands of clients reconnect at
   * once, and each dropped SYN waits 1, 3, 7, 15 … s to be sent again (docs/operations.md#sockets-and-uploads).
   */
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65535).default(4096),
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
  /** This node's name in logs, metrics, presence and job locks (docs/operations.md#scale-out-redis). */
  NODE_ID: z
    .string()
    .regex(/^[\w.:-]{1,64}$/)
    .default(
      `${hostname()
        .replace(/[^\w.:-]/g, '-')
        .slice(0, 48)}-${process.pid}`,
    ),
  /** Prefix of every Redis key and channel, so that installs (and test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{0,64}$/)
    .default('im:'),
  /** How long a node's presence entries outlive its last heartbeat (it beats every third of it). */
  PRESENCE_TTL_MS: z.coerce.number().int().min(300).max(600_000).default(30_000),
  /** How long a background job's lock outlives its holder's last renewal (renewed every third of it). */
  JOB_LOCK_TTL_MS: z.coerce.number().int().min(300).max(600_000).default(30_000),
  /** PostgreSQL connections this node holds at most. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** Bearer token that GET /metrics requires; unset (and no METRICS_PORT), /metrics answers 404. */
  METRICS_TOKEN: optional,
  /** Serve /metrics (without a token) on this port of METRICS_HOST instead of the app's port. */
  METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** The longest a SIGTERM shutdown waits for in-flight requests before it exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Groups up to this many members keep read receipts (docs/product.md#read-receipts). */
  READ_RECEIPT_GROUP_MAX: z.coerce.number().int().min(0).max(100_000).default(200),
  /** How often burn-after-reading messages that are due are deleted (docs/operations.md#burn-after-reading). */
  BURN_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /**
   * Tests only: burn countdowns run this many times faster (a journey waits 5 s, not 30 s). Refused
   * at start unless ALLOW_SUPER_CODE=1 as well, like the super code (docs/operations.md#burn-after-reading).
   */
  TEST_BURN_SPEEDUP: z.coerce.number().int().min(1).max(86_400).default(1),
});

export type Config = z.output<typeof configSchema>;

/** Parses the environment; a bad value stops the start with a message that names it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`bad configuration: ${problems.join('; ')}`);
  }
  // TURN servers without the secret would hand out credentials coturn refuses.
  if (parsed.data.TURN_URLS.length > 0 && !parsed.data.TURN_SECRET)
    throw new Error('bad configuration: TURN_SECRET: required when TURN_URLS is set');
  if (parsed.data.SUPER_CODE && !parsed.data.ALLOW_SUPER_CODE)
    throw new Error(
      'bad configuration: SUPER_CODE registers any account with a known code; set ALLOW_SUPER_CODE=1 ' +
        'as well to run with it (never in production, docs/operations.md#secrets-and-codes)',
    );
  if (parsed.data.TEST_BURN_SPEEDUP > 1 && !parsed.data.ALLOW_SUPER_CODE)
    throw new Error(
      'bad configuration: TEST_BURN_SPEEDUP shortens burn-after-reading for tests; it needs ' +
        'ALLOW_SUPER_CODE=1 as well (never in production, docs/operations.md#burn-after-reading)',
    );
  return parsed.data;
}
