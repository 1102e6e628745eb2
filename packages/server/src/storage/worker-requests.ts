import type { Worker } from 'node:worker_threads';

/**
 * Requests to a background thread and their answers, matched by an id it adds (the store's, the
 * reads' and the search index's threads). An ask rejects once the thread has ended (an error, or its
 * exit), as do those still waiting then; `alive` tells the callers to go another way. The thread never
 * keeps the process alive by itself.
 */
export class WorkerRequests<Request extends object, Answer extends { id: number }> {
  readonly #worker: Worker;
  readonly #waiting = new Map<
    number,
    { resolve: (answer: Answer) => void; reject: (error: Error) => void }
  >();
  #serial = 0;
  #alive = true;

  constructor(worker: Worker, name: string) {
    this.#worker = worker;
    worker.on('message', (answer: Answer) => {
      const caller = this.#waiting.get(answer.id);
      this.#waiting.delete(answer.id);
      caller?.resolve(answer);
    });
    const ended = (error: Error) => {
      this.#alive = false;
      for (const caller of this.#waiting.values()) caller.reject(error);
      this.#waiting.clear();
    };
    worker.on('error', ended);
    worker.on('exit', () => ended(new Error(`${name}: its thread has stopped`)));
    worker.unref();
  }

  get alive(): boolean {
    return this.#alive;
  }

  ask(request: Request): Promise<Answer> {
    this.#serial += 1;
    const id = this.#serial;
    return new Promise((resolve, reject) => {
      if (!this.#alive) return reject(new Error('its thread has stopped'));
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }
}
