/**
 * WAL checkpoints off the event loop (issue 58 item 5). SQLite checkpoints a WAL database in
 * the commit that lets the WAL pass 1,000 pages: that commit copies the pages into the database
 * file and syncs it, 10-20 ms on the event loop in the middle of a history write. Here the
 * server's connection checkpoints never (`wal_autocheckpoint = 0`) while a thread with a
 * connection of its own runs a passive checkpoint every `intervalMs`, which copies what it can
 * and never waits for the server's connection. The server's next commit after a complete one
 * starts the WAL from its beginning again, so it does not grow.
 *
 * The server's connection checkpoints as before until the thread is ready, and again whenever
 * the thread is gone: it ended (restarted after a pause from `restartDelayMs`), or it ended too
 * often (then for good, with a log line). `close()`, after the server's last write and before
 * its connection closes, has the thread checkpoint everything and empty the WAL (TRUNCATE).
 */
import { Worker } from 'node:worker_threads';
import type {
  CheckpointResult,
  FromCheckpointThread,
  ToCheckpointThread,
} from './walCheckpointProtocol.ts';

/** SQLite's own default: the server's connection checkpoints when the WAL passes this. */
export const LOOP_AUTOCHECKPOINT_PAGES = 1_000;
export const CHECKPOINT_INTERVAL_MS = 1_000;

/** The database connection whose checkpoints move: its file name and pragma (better-sqlite3). */
export interface CheckpointedDb {
  readonly name: string;
  pragma(source: string): unknown;
}

/** What the checkpointer hears from its thread: a message, or that the thread ended. */
export type CheckpointThreadEvent = FromCheckpointThread | { type: 'exit'; error: Error | null };

export interface CheckpointThread {
  post(message: ToCheckpointThread): void;
  /** Whether the thread keeps the process alive (only while it closes). */
  keepAlive(on: boolean): void;
}

export type SpawnCheckpointThread = (
  file: string,
  on: (event: CheckpointThreadEvent) => void,
) => CheckpointThread;

export interface CheckpointTimers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const REAL_TIMERS: CheckpointTimers = {
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** The pause before the thread's `failures`-th restart, or null: checkpoints stay on the loop. */
export function defaultRestartDelayMs(failures: number): number | null {
  return failures <= 3 ? 1_000 * 2 ** (failures - 1) : null;
}

export interface WalCheckpointerOptions {
  intervalMs?: number;
  timers?: CheckpointTimers;
  spawn?: SpawnCheckpointThread;
  restartDelayMs?: (failures: number) => number | null;
  log?: (message: string) => void;
}

/**
 * starting: the thread opens its connection (the loop still checkpoints); idle, checkpointing:
 * the thread checkpoints; down: it ended, a new one starts after a pause (the loop checkpoints
 * meanwhile); onLoop: it ended too often, the loop checkpoints from now on; closing: the last
 * checkpoint; closed.
 */
export type CheckpointerState =
  | 'starting'
  | 'idle'
  | 'checkpointing'
  | 'down'
  | 'onLoop'
  | 'closing'
  | 'closed';

export interface CheckpointStats {
  /** Checkpoints the thread finished. */
  count: number;
  /** The thread's time in them, all of them and the longest. */
  totalMs: number;
  longestMs: number;
  last: CheckpointResult | null;
  /** Times the thread ended without being asked. */
  failures: number;
}

export class WalCheckpointer {
  private stateNow: CheckpointerState = 'starting';
  private thread: CheckpointThread | null = null;
  private generation = 0;
  private interval: unknown = null;
  private restart: unknown = null;
  /** Failures since the last checkpoint the thread finished (the restart policy's count). */
  private streak = 0;
  private closedWaiters: (() => void)[] = [];
  readonly stats: CheckpointStats = {
    count: 0,
    totalMs: 0,
    longestMs: 0,
    last: null,
    failures: 0,
  };
  private readonly timers: CheckpointTimers;
  private readonly spawn: SpawnCheckpointThread;
  private readonly restartDelayMs: (failures: number) => number | null;
  private readonly log: (message: string) => void;

  constructor(
    private readonly db: CheckpointedDb,
    options: WalCheckpointerOptions = {},
  ) {
    this.timers = options.timers ?? REAL_TIMERS;
    this.spawn = options.spawn ?? spawnCheckpointWorker;
    this.restartDelayMs = options.restartDelayMs ?? defaultRestartDelayMs;
    this.log = options.log ?? ((message) => console.warn(message));
    this.interval = this.timers.setInterval(
      () => this.tick(),
      options.intervalMs ?? CHECKPOINT_INTERVAL_MS,
    );
    this.startThread();
  }

  get state(): CheckpointerState {
    return this.stateNow;
  }

  /**
   * After the server's last write, before its connection closes: the thread checkpoints
   * everything, empties the WAL and ends; the server's connection checkpoints again itself.
   */
  close(): Promise<void> {
    if (this.stateNow === 'closed') return Promise.resolve();
    const done = new Promise<void>((resolve) => this.closedWaiters.push(resolve));
    if (this.stateNow === 'closing') return done;
    this.stopTimers();
    if (this.thread) {
      this.setState('closing');
      this.thread.keepAlive(true);
      this.thread.post({ type: 'close' });
    } else this.finishClose();
    return done;
  }

  private tick(): void {
    if (this.stateNow !== 'idle') return;
    this.setState('checkpointing');
    this.thread!.post({ type: 'checkpoint' });
  }

  private startThread(): void {
    this.restart = null;
    this.setState('starting');
    // Events of a thread that ended before are not this one's.
    const generation = ++this.generation;
    this.thread = this.spawn(this.db.name, (event) => {
      if (this.generation === generation) this.onEvent(event);
    });
  }

  private onEvent(event: CheckpointThreadEvent): void {
    switch (event.type) {
      case 'ready':
        if (this.stateNow !== 'starting') return;
        // From here on the thread checkpoints, and the server's commits only append.
        this.db.pragma('wal_autocheckpoint = 0');
        this.setState('idle');
        return;
      case 'checkpointed':
        this.note(event);
        this.streak = 0;
        if (this.stateNow === 'checkpointing') this.setState('idle');
        return;
      case 'failed':
        this.log(`WAL checkpoint thread: ${event.error}`);
        if (this.stateNow === 'checkpointing') this.setState('idle');
        return;
      case 'closed':
        this.note(event);
        return;
      case 'exit':
        this.thread = null;
        this.generation++;
        if (this.stateNow === 'closing') this.finishClose();
        else this.onThreadLost(event.error);
        return;
    }
  }

  /** The thread ended unasked: the loop checkpoints until a new one is ready, or for good. */
  private onThreadLost(error: Error | null): void {
    this.db.pragma(`wal_autocheckpoint = ${LOOP_AUTOCHECKPOINT_PAGES}`);
    this.stats.failures++;
    this.streak++;
    const delay = this.restartDelayMs(this.streak);
    const why = error ? String(error) : 'it ended';
    if (delay === null) {
      this.log(
        `WAL checkpoint thread: ${why}; ${this.streak} times in a row, the event loop checkpoints from now on`,
      );
      this.stopTimers();
      this.setState('onLoop');
      return;
    }
    this.log(
      `WAL checkpoint thread: ${why}; the event loop checkpoints until it starts again in ${delay} ms`,
    );
    this.setState('down');
    this.restart = this.timers.setTimeout(() => this.startThread(), delay);
  }

  private finishClose(): void {
    // Anything written after this (there should be nothing) is checkpointed by its own commit.
    this.db.pragma(`wal_autocheckpoint = ${LOOP_AUTOCHECKPOINT_PAGES}`);
    this.setState('closed');
    for (const resolve of this.closedWaiters.splice(0)) resolve();
  }

  private note(result: CheckpointResult): void {
    this.stats.count++;
    this.stats.totalMs += result.ms;
    this.stats.longestMs = Math.max(this.stats.longestMs, result.ms);
    this.stats.last = {
      busy: result.busy,
      log: result.log,
      checkpointed: result.checkpointed,
      ms: result.ms,
    };
  }

  private stopTimers(): void {
    if (this.interval !== null) this.timers.clearInterval(this.interval);
    if (this.restart !== null) this.timers.clearTimeout(this.restart);
    this.interval = null;
    this.restart = null;
  }

  private setState(to: CheckpointerState): void {
    this.stateNow = to;
  }
}

/** The checkpoint thread as a worker_threads Worker, unref'd until it closes. */
export function spawnCheckpointWorker(
  file: string,
  on: (event: CheckpointThreadEvent) => void,
): CheckpointThread & { terminate(): Promise<number> } {
  const worker = new Worker(new URL('./walCheckpoint.worker.mjs', import.meta.url), {
    workerData: { file },
  });
  worker.unref();
  let error: Error | null = null;
  worker.on('message', (message: FromCheckpointThread) => on(message));
  worker.on('error', (e) => {
    error = e;
  });
  worker.on('exit', (code) =>
    on({ type: 'exit', error: error ?? (code === 0 ? null : new Error(`exit code ${code}`)) }),
  );
  return {
    post: (message) => worker.postMessage(message),
    keepAlive: (alive) => {
      if (alive) worker.ref();
      else worker.unref();
    },
    terminate: () => worker.terminate(),
  };
}
