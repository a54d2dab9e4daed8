/**
 * Reads of the field's sockets paced by the field plant's batches (server/field/SPEC.md FV): a
 * value that arrives just after a batch went out waits for the next one anyway, so right after
 * a batch the connectors' sockets stop being read and start again shortly before the next batch
 * is due. What arrived meanwhile waits in the kernel's socket buffer, in order, and is read in
 * one go instead of one read per few messages: at 10,000 MQTT values a second over 10 stations
 * the server woke for thousands of reads a second, each a system call and a turn of the event
 * loop, and that cost did not shrink with the rate (bench/README.md "Reads paced by the batches").
 *
 * Nothing is dropped or reordered: the bytes stay in the socket until read. A hold is short
 * (at most MAX_HOLD_MS) and always ends by its own timer, so a socket is never left unread. The
 * socket's buffer and the broker's queue for the client are not endless, though (a broker drops
 * QoS 0 messages beyond its queue), so holds stop while they would let too much wait: when a
 * hold's timer fires late (the event loop is behind, a server short of CPU) there is none for
 * BACKOFF_MS, and a socket that had a lot waiting when released is not held for a while
 * (publishTap.ts SocketReads).
 */

/** A stream whose reading can be held and released (an MQTT broker socket: publishTap.ts). */
export interface PacedReads {
  hold(): void;
  release(): void;
}

/** The longest hold: what a fast device sends meanwhile must fit the socket's buffer. */
export const MAX_HOLD_MS = 50;

/** No holds for this long after one whose timer fired late by more than the hold itself. */
export const BACKOFF_MS = 2000;

export class ReadPace {
  private readonly readers = new Set<PacedReads>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the running hold is due to end, and how long it was (the clock's ms). */
  private due = 0;
  private wait = 0;
  /** No hold before this time (the event loop was behind). */
  private pausedUntil = -Infinity;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Paces `reads` from the next hold on; the function returned stops that (and releases it). */
  add(reads: PacedReads): () => void {
    this.readers.add(reads);
    return () => {
      if (this.readers.delete(reads)) reads.release();
    };
  }

  /** Whether the readers are held now. */
  get holding(): boolean {
    return this.timer !== null;
  }

  /**
   * Holds every reader for `ms` (capped at MAX_HOLD_MS); a hold that runs already is not made
   * longer, so a stream of batches cannot keep a reader waiting. Under 2 ms nothing is held.
   */
  hold(ms: number): void {
    if (this.timer || this.readers.size === 0) return;
    const wait = Math.min(ms, MAX_HOLD_MS);
    if (!(wait >= 2)) return;
    const now = this.now();
    if (now < this.pausedUntil) return;
    for (const r of this.readers) r.hold();
    this.due = now + wait;
    this.wait = wait;
    this.timer = setTimeout(() => this.ended(), wait);
    this.timer.unref?.();
  }

  /** The hold's timer: a late one (the loop behind) pauses holding for BACKOFF_MS. */
  private ended(): void {
    const now = this.now();
    if (now - this.due > this.wait) this.pausedUntil = now + BACKOFF_MS;
    this.release();
  }

  /** Reads again (the hold's end, or the plant stopping). */
  release(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const r of this.readers) r.release();
  }
}
