/**
 * Messages between the server and its WAL checkpoint thread (walCheckpointer.ts,
 * walCheckpoint.worker.mjs). Types only.
 */

/** What `PRAGMA wal_checkpoint` answered, in frames of the WAL, and how long it took. */
export interface CheckpointResult {
  /** 1 when the checkpoint could not run to its end (a reader or writer in the way). */
  busy: number;
  /** Frames in the WAL when it ran. */
  log: number;
  /** Frames of them now in the database file. */
  checkpointed: number;
  ms: number;
}

export type ToCheckpointThread =
  /** A passive checkpoint: copies what it can, never waits for the server's connection. */
  | { type: 'checkpoint' }
  /** The last one: a TRUNCATE checkpoint, then the thread closes its connection and ends. */
  | { type: 'close' };

export type FromCheckpointThread =
  | { type: 'ready' }
  | ({ type: 'checkpointed' } & CheckpointResult)
  | ({ type: 'closed' } & CheckpointResult)
  | { type: 'failed'; error: string };
