import { DebugLogPath } from '@im/protocol';
import type { UploadDebugLogResp } from '@im/protocol';
import { captureConsole, DebugLogBuffer } from '../debug-log/debug-log-buffer.ts';
import type { DebugLogLevel } from '../debug-log/debug-log-buffer.ts';
import type { HttpClient } from '../http-client.ts';

/** The lines one upload sends at most, in UTF-8 bytes: under the server's 1 MiB body limit. */
const UPLOAD_BYTES_MAX = 900 * 1024;

/** The newest lines whose UTF-8 size (with a newline each) fits in `max`: the oldest go first. */
export function withinBytes(lines: readonly string[], max: number): string[] {
  const encoder = new TextEncoder();
  const kept: string[] = [];
  let size = 0;
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    size += encoder.encode(lines[i]).length + 1;
    if (size > max) break;
    kept.unshift(lines[i]);
  }
  return kept;
}

/**
 * `im.debugLog` (docs/sdk.md#debug-log): the device's recent log lines in a bounded ring buffer,
 * without tokens or message text, and their upload to the server for the operator
 * (docs/api.md#debug-logs).
 */
export class DebugLogModule {
  readonly #api: HttpClient;
  readonly buffer: DebugLogBuffer;
  #restore: (() => void) | null = null;

  constructor(api: HttpClient, buffer = new DebugLogBuffer()) {
    this.#api = api;
    this.buffer = buffer;
  }

  /** Adds one line (the core's own lifecycle events come here). */
  record(level: DebugLogLevel, ...args: unknown[]): void {
    this.buffer.record(level, args);
  }

  /** Keeps the page's console calls too, until `stopCapture` (the web starts it once). */
  captureConsole(target?: Pick<Console, 'error' | 'warn' | 'info' | 'log'>): void {
    if (this.#restore) return;
    this.#restore = captureConsole(this.buffer, target);
  }

  stopCapture(): void {
    this.#restore?.();
    this.#restore = null;
  }

  /** The kept lines, oldest first. */
  lines(): string[] {
    return this.buffer.lines();
  }

  /**
   * Sends the kept lines (IM token). Answers the stored upload's ID; rejects with the server's code
   * (1001 refused, 20005 too often) or the sdk's (-1 network). With nothing kept it sends nothing
   * and rejects with a RangeError.
   */
  async upload(info: { appVersion?: string; userAgent?: string } = {}): Promise<UploadDebugLogResp> {
    const lines = withinBytes(this.buffer.lines(), UPLOAD_BYTES_MAX);
    if (lines.length === 0) throw new RangeError('the debug log is empty');
    return this.#api.post<UploadDebugLogResp>(DebugLogPath.upload, {
      lines,
      appVersion: (info.appVersion ?? '').slice(0, 64),
      userAgent: (info.userAgent ?? '').slice(0, 512),
    });
  }
}
