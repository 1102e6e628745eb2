import type { FastifyBaseLogger } from 'fastify';
import type { TokenService } from './auth/token-service.ts';
import type { Bus } from './bus/bus.ts';
import type { Config } from './config/config.ts';
import type { RateLimiter } from './http/rate-limiter.ts';
import type { Database, DialectName } from './storage/database.ts';

/** What every area's routes and services are built from. */
export interface AppContext {
  config: Config;
  db: Database;
  dialect: DialectName;
  bus: Bus;
  tokens: TokenService;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}
