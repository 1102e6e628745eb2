import { DEBUG_LOG_LINE_MAX, DEBUG_LOG_MAX_LINES } from '@im/protocol';
import { ApiError } from '../api-error.ts';

export type DebugLogLevel = 'error' | 'warn' | 'info' | 'debug';

/** A JWT (both tokens are JWTs), or a `token=`/`password:` pair: masked even inside a context string. */
const SECRETS = [
  /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g,
  /((?:token|password|passwd|secret)["']?\s*[:=]\s*["']?)[^\s"',}]+/gi,
];

export function maskSecrets(text: string): string {
  return SECRETS.reduce(
    (out, pattern) => out.replace(pattern, (_m, key?: string) => `${key ?? ''}***`),
    text,
  );
}

/**
 * One argument of a log call as the buffer keeps it (docs/sdk.md#debug-log). Only what cannot hold a
 * message's text or a token survives: a failed call's code and the server's fixed message, an error's
 * name, numbers and booleans. Strings other than the line's first (the code's own context text) and
 * every object (a message, a request body) are reduced to their kind.
 */
function describe(value: unknown): string {
  if (value instanceof ApiError) return `ApiError(${value.errCode}: ${value.errMsg})`;
  if (value instanceof Error) return value.name;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return `[text ${value.length}]`;
  return Array.isArray(value) ? `[array ${value.length}]` : '[object]';
}

/**
 * The recent log lines of this device, kept in memory in a ring of `capacity` lines (the oldest go
 * first) for the "upload debug log" of About (docs/sdk.md#debug-log). A line is
 * `<ISO time> <level> <context> <described arguments>`, masked and cut to DEBUG_LOG_LINE_MAX.
 */
export class DebugLogBuffer {
  readonly #capacity: number;
  readonly #lines: string[] = [];
  #start = 0;

  constructor(capacity = DEBUG_LOG_MAX_LINES) {
    this.#capacity = Math.max(1, Math.min(capacity, DEBUG_LOG_MAX_LINES));
  }

  record(level: DebugLogLevel, args: readonly unknown[], now = Date.now()): void {
    const [first, ...rest] = args;
    const context = typeof first === 'string' ? first : describe(first);
    const parts = [new Date(now).toISOString(), level, context, ...rest.map(describe)];
    const line = maskSecrets(parts.join(' ')).slice(0, DEBUG_LOG_LINE_MAX);
    if (this.#lines.length < this.#capacity) this.#lines.push(line);
    else {
      this.#lines[this.#start] = line;
      this.#start = (this.#start + 1) % this.#capacity;
    }
  }

  /** The kept lines, oldest first. */
  lines(): string[] {
    return [...this.#lines.slice(this.#start), ...this.#lines.slice(0, this.#start)];
  }

  get size(): number {
    return this.#lines.length;
  }
}

type ConsoleLike = Pick<Console, 'error' | 'warn' | 'info' | 'log'>;

/**
 * Copies the page's console calls into the buffer (they still reach the console). Answers the
 * function that puts the console back. The buffer keeps only what `record` lets through.
 */
export function captureConsole(buffer: DebugLogBuffer, target: ConsoleLike = console): () => void {
  const levels: [keyof ConsoleLike, DebugLogLevel][] = [
    ['error', 'error'],
    ['warn', 'warn'],
    ['info', 'info'],
    ['log', 'debug'],
  ];
  const originals = levels.map(([method]) => [method, target[method]] as const);
  for (const [method, level] of levels) {
    const original = target[method];
    target[method] = (...args: unknown[]) => {
      try {
        buffer.record(level, args);
      } catch {
        // The log must never break the call that logs.
      }
      original.apply(target, args);
    };
  }
  return () => {
    for (const [method, original] of originals) target[method] = original;
  };
}
