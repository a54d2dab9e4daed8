/**
 * The archive's slice queue (issue 58 item 5): history writes of several stations share the
 * event loop one slice per turn, first come first served, and no slice is lost or run twice.
 */
import { describe, expect, it } from 'vitest';
import { SliceQueue } from '../../../server/archive/sliceQueue.ts';

/** A scheduler whose turns the test runs by hand. */
function manualTurns() {
  const queued: (() => void)[] = [];
  return {
    schedule: (fn: () => void) => {
      queued.push(fn);
    },
    /** Runs the functions scheduled before this turn, as a check phase of Node does. */
    turn(): number {
      const now = queued.splice(0);
      for (const fn of now) fn();
      return now.length;
    },
    get waiting() {
      return queued.length;
    },
  };
}

/** A job of `n` slices that notes each slice it runs in `log`. */
function job(name: string, n: number, log: string[]): () => boolean {
  let i = 0;
  return () => {
    log.push(`${name}${++i}`);
    return i === n;
  };
}

describe('slice queue', () => {
  it('SQ1: jobs queued at once run one slice per turn, the first job to its end before the next', async () => {
    const turns = manualTurns();
    const queue = new SliceQueue(turns.schedule);
    const log: string[] = [];
    const done: string[] = [];
    const a = queue.run(job('a', 3, log)).then(() => done.push('a'));
    const b = queue.run(job('b', 2, log)).then(() => done.push('b'));
    const c = queue.run(job('c', 1, log)).then(() => done.push('c'));
    // One turn scheduled however many jobs wait.
    expect(turns.waiting).toBe(1);
    const perTurn: string[][] = [];
    while (turns.waiting > 0) {
      const before = log.length;
      expect(turns.turn()).toBe(1);
      perTurn.push(log.slice(before));
    }
    expect(perTurn).toEqual([['a1'], ['a2'], ['a3'], ['b1'], ['b2'], ['c1']]);
    await Promise.all([a, b, c]);
    expect(done).toEqual(['a', 'b', 'c']);
    expect(queue.pending).toBe(0);
  });

  it('SQ2: a job queued while another runs waits for it, and the queue wakes again once idle', async () => {
    const turns = manualTurns();
    const queue = new SliceQueue(turns.schedule);
    const log: string[] = [];
    const a = queue.run(job('a', 2, log));
    turns.turn();
    const b = queue.run(job('b', 1, log));
    expect(turns.waiting).toBe(1);
    while (turns.waiting > 0) turns.turn();
    await Promise.all([a, b]);
    expect(log).toEqual(['a1', 'a2', 'b1']);
    const c = queue.run(job('c', 1, log));
    expect(turns.waiting).toBe(1);
    turns.turn();
    await c;
    expect(log).toEqual(['a1', 'a2', 'b1', 'c1']);
  });

  it('SQ3: a slice that throws rejects its own job; the jobs after it still run', async () => {
    const turns = manualTurns();
    const queue = new SliceQueue(turns.schedule);
    const log: string[] = [];
    const failing = queue.run(() => {
      log.push('x1');
      throw new Error('disk full');
    });
    const after = queue.run(job('b', 2, log));
    const failed = expect(failing).rejects.toThrow('disk full');
    while (turns.waiting > 0) turns.turn();
    await failed;
    await after;
    expect(log).toEqual(['x1', 'b1', 'b2']);
  });

  it('SQ4: on the real event loop other work gets a turn between any two slices', async () => {
    const queue = new SliceQueue();
    const log: string[] = [];
    let ticking = true;
    const tick = (): void => {
      log.push('tick');
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    await Promise.all([queue.run(job('a', 4, log)), queue.run(job('b', 4, log))]);
    ticking = false;
    const slices = log.map((e, i) => (e === 'tick' ? -1 : i)).filter((i) => i >= 0);
    // No two slices without a turn of the ticker between them.
    for (let k = 1; k < slices.length; k++) expect(slices[k]! - slices[k - 1]!).toBeGreaterThan(1);
    expect(log.filter((e) => e !== 'tick')).toEqual([
      'a1',
      'a2',
      'a3',
      'a4',
      'b1',
      'b2',
      'b3',
      'b4',
    ]);
  });
});
