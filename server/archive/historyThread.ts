/**
 * The worker thread that computes station histories for archive reads (issue 58 item 5): a
 * station's model stepped over 13 months takes hundreds of milliseconds, which on the event
 * loop held every hub frame and sign-in behind a chart read. Started on the first job, unref'd
 * (it never keeps the process alive), ended by `close()`. The thread loads the TypeScript
 * sources through tsx's loader, so it works under `tsx server/main.ts` and in vitest alike.
 */
import { Worker } from 'node:worker_threads';
import type { StationHistoryJob, StationHistoryRows } from './stationHistoryJob.ts';

type Reply = { id: number; rows: StationHistoryRows } | { id: number; error: string };

export class HistoryThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (rows: StationHistoryRows) => void; reject: (error: Error) => void }
  >();
  /** Jobs answered by the thread (tests check that reads were served from it). */
  jobsDone = 0;

  run(job: StationHistoryJob): Promise<StationHistoryRows> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, job });
      // Only a job in flight holds the process open, so a read's answer is never lost.
      if (this.waiting.size === 1) worker.ref();
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.fail(new Error('history thread closed'));
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./historyWorkerBoot.mjs', import.meta.url), {
      workerData: { entry: new URL('./historyWorker.ts', import.meta.url).href },
    });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return;
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      if ('error' in reply) waiter.reject(new Error(reply.error));
      else {
        this.jobsDone++;
        waiter.resolve(reply.rows);
      }
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      this.fail(new Error('history thread exited'));
    });
    this.worker = worker;
    return worker;
  }

  private fail(error: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}
