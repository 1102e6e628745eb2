import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A push message as the push service received it (RFC 8030 §5). */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A push service of our own on loopback (RFC 8030): it takes `POST /push/<device>` over TLS with a
 * self-signed certificate made by openssl, keeps what it received and answers 201 — or the status a
 * test sets for a device (410 for an expired subscription).
 */
export class LocalPushService {
  readonly received: ReceivedPush[] = [];
  readonly statusFor = new Map<string, number>();
  readonly certificate: string;
  readonly #server: Server;
  #port = 0;

  private constructor(key: string, certificate: string) {
    this.certificate = certificate;
    this.#server = createServer({ key, cert: certificate }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = this.statusFor.get(path) ?? 201;
        res.end();
      });
    });
  }

  static async start(): Promise<LocalPushService> {
    const dir = mkdtempSync(join(tmpdir(), 'push-endpoint-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
        ],
        { stdio: 'ignore' },
      );
      const service = new LocalPushService(
        readFileSync(join(dir, 'key.pem'), 'utf8'),
        readFileSync(join(dir, 'cert.pem'), 'utf8'),
      );
      await new Promise<void>((resolve) => service.#server.listen(0, '127.0.0.1', resolve));
      service.#port = (service.#server.address() as { port: number }).port;
      return service;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  endpoint(device: string): string {
    return `https://127.0.0.1:${this.#port}/push/${device}`;
  }

  to(device: string): ReceivedPush[] {
    return this.received.filter((r) => r.path === `/push/${device}`);
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291 §3). */
export class DeviceKeys {
  readonly #ecdh = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  readonly publicKey: Buffer;

  constructor() {
    this.publicKey = this.#ecdh.generateKeys();
  }

  /** As `PushSubscription.toJSON().keys` gives them. */
  json(): { p256dh: string; auth: string } {
    return { p256dh: this.publicKey.toString('base64url'), auth: this.auth.toString('base64url') };
  }

  /**
   * Decrypts an `aes128gcm` push body (RFC 8188 and RFC 8291) as the browser would: ECDH with the
   * sender's key from the header, HKDF to the content key and nonce, AES-128-GCM, padding removed.
   */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const idLength = body[20];
    const senderKey = body.subarray(21, 21 + idLength);
    const ciphertext = body.subarray(21 + idLength);
    if (ciphertext.length > recordSize) throw new Error('more than one record');
    const shared = this.#ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.publicKey, senderKey]);
    const ikm = hkdf(this.auth, shared, keyInfo, 32);
    const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
    const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([
      decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
      decipher.final(),
    ]);
    // The last record ends with the delimiter 0x02, then zero padding.
    const end = padded.lastIndexOf(2);
    if (end < 0) throw new Error('no padding delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

/** HKDF-SHA-256 with one output block (RFC 5869), as RFC 8291 uses it. */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
}
