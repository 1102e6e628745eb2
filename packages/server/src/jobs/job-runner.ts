import type { FastifyBaseLogger } from 'fastify';

/** A background job's body; `now` is the run's time. Its failures are logged and the next run tries again. */
export type JobRun = (now: number) => Promise<unknown>;

/**
 * The app's background jobs (upload sweep, purge; docs/operations.md#background-jobs), in AppContext
 * as `ctx.jobs`. An area registers its job once with `every`; the runner decides where it runs: on
 * this node (in-process), or on exactly one node at a time (Redis lock, src/jobs/redis-job-runner.ts).
 */
export interface JobRunner {
  /** Runs `run` every `intervalMs` (never two runs of one job at once) until the app closes. */
  every(name: string, intervalMs: number, run: JobRun): void;
  /** Stops every job and waits for the runs in flight. */
  stop(): Promise<void>;
}

/** One registered job's timer and the run in flight. */
export class Job {
  running: Promise<void> | null = null;
  timer: NodeJS.Timeout | null = null;

  readonly name: string;
  readonly run: JobRun;
  readonly log: FastifyBaseLogger;

  constructor(name: string, run: JobRun, log: FastifyBaseLogger) {
    this.name = name;
    this.run = run;
    this.log = log;
  }

  /** One run unless one is in flight; failures are logged, never thrown. */
  tick(): void {
    if (this.running) return;
    this.running = this.run(Date.now())
      .then(
        () => undefined,
        (error: unknown) => this.log.warn({ err: error, job: this.name }, 'background job failed'),
      )
      .finally(() => {
        this.running = null;
      });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

/** Every job on this node (one node, or no REDIS_URL). */
export class InProcessJobRunner implements JobRunner {
  readonly #jobs: Job[] = [];
  readonly #log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.#log = log;
  }

  every(name: string, intervalMs: number, run: JobRun): void {
    const job = new Job(name, run, this.#log);
    job.timer = setInterval(() => job.tick(), intervalMs);
    job.timer.unref();
    this.#jobs.push(job);
  }

  async stop(): Promise<void> {
    await Promise.all(this.#jobs.map((job) => job.stop()));
  }
}
