import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, ObjectMeta, StoredObject } from './file-storage.ts';

/** Objects as files in one folder (DATA_DIR/uploads by default). */
export class LocalFileStorage implements FileStorage {
  readonly #dir: string;
  #ready: Promise<unknown> | null = null;

  constructor(dir: string) {
    this.#dir = dir;
  }

  async write(name: string, body: Readable, _meta: ObjectMeta): Promise<void> {
    this.#ready ??= mkdir(this.#dir, { recursive: true });
    await this.#ready;
    // Written aside, then renamed: a reader never sees half a file, and a cut body leaves nothing.
    const temp = join(this.#dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
      await rename(temp, join(this.#dir, name));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async open(name: string, range?: { start: number; end: number }): Promise<StoredObject | null> {
    const path = join(this.#dir, name);
    try {
      const { size, isFile } = await stat(path).then((s) => ({ size: s.size, isFile: s.isFile() }));
      return isFile ? { stream: createReadStream(path, range), size } : null;
    } catch {
      return null;
    }
  }

  async delete(name: string): Promise<void> {
    await rm(join(this.#dir, name), { force: true });
  }

  directUrl(): Promise<string | null> {
    return Promise.resolve(null);
  }

  close(): void {}
}
