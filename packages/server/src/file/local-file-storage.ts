import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileStorage, StoredObject } from './file-storage.ts';

/** Objects as files in one folder (DATA_DIR/uploads by default). */
export class LocalFileStorage implements FileStorage {
  readonly #dir: string;
  #ready: Promise<unknown> | null = null;

  constructor(dir: string) {
    this.#dir = dir;
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    this.#ready ??= mkdir(this.#dir, { recursive: true });
    await this.#ready;
    // Written aside, then renamed: a reader never sees half a file.
    const temp = join(this.#dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
    await writeFile(temp, bytes, { flag: 'wx' });
    await rename(temp, join(this.#dir, name));
  }

  async has(name: string): Promise<boolean> {
    try {
      return (await stat(join(this.#dir, name))).isFile();
    } catch {
      return false;
    }
  }

  async open(name: string): Promise<StoredObject | null> {
    const path = join(this.#dir, name);
    try {
      const { size, isFile } = await stat(path).then((s) => ({ size: s.size, isFile: s.isFile() }));
      return isFile ? { stream: createReadStream(path), size } : null;
    } catch {
      return null;
    }
  }
}
