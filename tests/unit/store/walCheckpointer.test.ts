/**
 * WAL checkpoints off the event loop (issue 58 item 5): the server's connection checkpoints
 * only while no checkpoint thread is ready, the thread checkpoints one at a time, a thread that
 * ends is restarted (the loop checkpoints meanwhile) or, ended too often, given up for the
 * loop's checkpoints, and closing has the thread empty the WAL before the server's connection
 * closes. WAL1-WAL5 drive a fake thread by hand; WAL6-WAL7 run the real one.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../server/store/db.ts';
import {
  LOOP_AUTOCHECKPOINT_PAGES,
  WalCheckpointer,
  spawnCheckpointWorker,
  type CheckpointThreadEvent,
  type CheckpointTimers,
  type SpawnCheckpointThread,
} from '../../../server/store/walCheckpointer.ts';
import type { ToCheckpointThread } from '../../../server/store/walCheckpointProtocol.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function database(): { db: Db; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pegel-wal-'));
  const db = openDatabase(dir);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)');
  cleanups.push(() => {
    if (db.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { db, dir };
}

const autocheckpoint = (db: Db) => db.pragma('wal_autocheckpoint', { simple: true }) as number;

/** Timers the test fires by hand. */
function manualTimers() {
  let next = 1;
  const intervals = new Map<number, () => void>();
  const timeouts = new Map<number, { fn: () => void; ms: number }>();
  const timers: CheckpointTimers = {
    setInterval: (fn) => {
      intervals.set(next, fn);
      return next++;
    },
    clearInterval: (h) => intervals.delete(h as number),
    setTimeout: (fn, ms) => {
      timeouts.set(next, { fn, ms });
      return next++;
    },
    clearTimeout: (h) => timeouts.delete(h as number),
  };
  return {
    timers,
    tick: () => [...intervals.values()].forEach((fn) => fn()),
    get intervals() {
      return intervals.size;
    },
    /** The pauses waiting, in ms. */
    get pauses() {
      return [...timeouts.values()].map((t) => t.ms);
    },
    fireTimeouts() {
      const due = [...timeouts.values()];
      timeouts.clear();
      for (const t of due) t.fn();
    },
  };
}

/** Checkpoint threads the test answers for: each spawn's received messages and its events. */
function fakeThreads() {
  const threads: {
    file: string;
    received: ToCheckpointThread[];
    send: (event: CheckpointThreadEvent) => void;
    alive: boolean;
  }[] = [];
  const spawn: SpawnCheckpointThread = (file, on) => {
    const thread = {
      file,
      received: [] as ToCheckpointThread[],
      send: on,
      alive: false,
    };
    threads.push(thread);
    return {
      post: (message) => thread.received.push(message),
      keepAlive: (on) => {
        thread.alive = on;
      },
    };
  };
  return { spawn, threads, last: () => threads[threads.length - 1]! };
}

const done = { busy: 0, log: 10, checkpointed: 10, ms: 1 };

describe('WAL checkpoint thread', () => {
  it('WAL1: the server connection checkpoints until the thread is ready, then never; one checkpoint at a time', () => {
    const { db } = database();
    const t = manualTimers();
    const f = fakeThreads();
    const c = new WalCheckpointer(db, { timers: t.timers, spawn: f.spawn, log: () => {} });
    expect(f.threads).toHaveLength(1);
    expect(f.last().file).toBe(db.name);
    expect(c.state).toBe('starting');
    // Not ready yet: no checkpoint asked, the loop's own still on.
    t.tick();
    expect(f.last().received).toEqual([]);
    expect(autocheckpoint(db)).toBe(LOOP_AUTOCHECKPOINT_PAGES);
    f.last().send({ type: 'ready' });
    expect(autocheckpoint(db)).toBe(0);
    expect(c.state).toBe('idle');
    t.tick();
    t.tick();
    // The second tick finds the first checkpoint still running and asks for none.
    expect(f.last().received).toEqual([{ type: 'checkpoint' }]);
    expect(c.state).toBe('checkpointing');
    f.last().send({ type: 'checkpointed', ...done, ms: 7 });
    expect(c.state).toBe('idle');
    t.tick();
    expect(f.last().received).toHaveLength(2);
    f.last().send({ type: 'checkpointed', ...done, ms: 3 });
    expect(c.stats).toMatchObject({ count: 2, totalMs: 10, longestMs: 7, failures: 0 });
  });

  it('WAL2: a thread that ends is restarted after a pause; the loop checkpoints until the new one is ready', () => {
    const { db } = database();
    const t = manualTimers();
    const f = fakeThreads();
    const logs: string[] = [];
    const c = new WalCheckpointer(db, {
      timers: t.timers,
      spawn: f.spawn,
      log: (m) => logs.push(m),
    });
    f.last().send({ type: 'ready' });
    t.tick();
    f.last().send({ type: 'exit', error: new Error('out of memory') });
    expect(c.state).toBe('down');
    expect(autocheckpoint(db)).toBe(LOOP_AUTOCHECKPOINT_PAGES);
    expect(logs.join('\n')).toMatch(/out of memory.*event loop checkpoints/);
    expect(t.pauses).toEqual([1_000]);
    // Ticks while it is down ask nobody.
    t.tick();
    expect(f.threads).toHaveLength(1);
    t.fireTimeouts();
    expect(f.threads).toHaveLength(2);
    expect(c.state).toBe('starting');
    // A late message of the old thread changes nothing.
    f.threads[0]!.send({ type: 'ready' });
    expect(autocheckpoint(db)).toBe(LOOP_AUTOCHECKPOINT_PAGES);
    f.last().send({ type: 'ready' });
    expect(autocheckpoint(db)).toBe(0);
    t.tick();
    expect(f.last().received).toEqual([{ type: 'checkpoint' }]);
    expect(c.stats.failures).toBe(1);
  });

  it('WAL3: a thread that ends again and again is given up: the loop checkpoints from then on, with a log line', () => {
    const { db } = database();
    const t = manualTimers();
    const f = fakeThreads();
    const logs: string[] = [];
    const c = new WalCheckpointer(db, {
      timers: t.timers,
      spawn: f.spawn,
      log: (m) => logs.push(m),
    });
    const pauses: number[] = [];
    for (let i = 0; i < 3; i++) {
      f.last().send({ type: 'exit', error: new Error('cannot open') });
      pauses.push(...t.pauses);
      t.fireTimeouts();
    }
    expect(pauses).toEqual([1_000, 2_000, 4_000]);
    f.last().send({ type: 'exit', error: new Error('cannot open') });
    expect(c.state).toBe('onLoop');
    expect(autocheckpoint(db)).toBe(LOOP_AUTOCHECKPOINT_PAGES);
    expect(t.pauses).toEqual([]);
    expect(t.intervals).toBe(0);
    expect(f.threads).toHaveLength(4);
    expect(logs.at(-1)).toMatch(/4 times in a row, the event loop checkpoints from now on/);
  });

  it('WAL4: a finished checkpoint resets the restart count', () => {
    const { db } = database();
    const t = manualTimers();
    const f = fakeThreads();
    new WalCheckpointer(db, { timers: t.timers, spawn: f.spawn, log: () => {} });
    const pauses: number[] = [];
    for (let i = 0; i < 3; i++) {
      f.last().send({ type: 'ready' });
      t.tick();
      f.last().send({ type: 'checkpointed', ...done });
      f.last().send({ type: 'exit', error: null });
      pauses.push(...t.pauses);
      t.fireTimeouts();
    }
    expect(pauses).toEqual([1_000, 1_000, 1_000]);
  });

  it('WAL5: close asks the thread for the last checkpoint, keeps the process alive for it and resolves once it ended', async () => {
    const { db } = database();
    const t = manualTimers();
    const f = fakeThreads();
    const c = new WalCheckpointer(db, { timers: t.timers, spawn: f.spawn, log: () => {} });
    f.last().send({ type: 'ready' });
    t.tick();
    let closed = false;
    const closing = c.close().then(() => (closed = true));
    // The checkpoint in flight is answered first (the thread takes messages in order).
    expect(f.last().received).toEqual([{ type: 'checkpoint' }, { type: 'close' }]);
    expect(f.last().alive).toBe(true);
    expect(c.state).toBe('closing');
    expect(t.intervals).toBe(0);
    f.last().send({ type: 'checkpointed', ...done });
    f.last().send({ type: 'closed', ...done });
    await Promise.resolve();
    expect(closed).toBe(false);
    f.last().send({ type: 'exit', error: null });
    await closing;
    expect(c.state).toBe('closed');
    // Writes after it (none are expected) would checkpoint in their own commits.
    expect(autocheckpoint(db)).toBe(LOOP_AUTOCHECKPOINT_PAGES);
    expect(f.threads).toHaveLength(1);
    await c.close();
  });

  it('WAL5b: close while the thread is down waits for nothing and starts none', async () => {
    const { db } = database();
    const t = manualTimers();
    const f = fakeThreads();
    const c = new WalCheckpointer(db, { timers: t.timers, spawn: f.spawn, log: () => {} });
    f.last().send({ type: 'exit', error: new Error('gone') });
    await c.close();
    expect(c.state).toBe('closed');
    expect(t.pauses).toEqual([]);
    expect(f.threads).toHaveLength(1);
  });
});

/** Resolves once `check` holds, looking after each event of the real thread. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

function writeRows(db: Db, rows: number): void {
  const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run('x'.repeat(400));
  })();
}

describe('WAL checkpoint thread, the real one', () => {
  it('WAL6: the thread checkpoints what the server wrote, its WAL is reused, and close empties it with every row in the file', async () => {
    const { db, dir } = database();
    const t = manualTimers();
    const c = new WalCheckpointer(db, { timers: t.timers, log: () => {} });
    await until(() => c.state === 'idle');
    expect(autocheckpoint(db)).toBe(0);
    const wal = join(dir, 'pegel.sqlite-wal');
    const sizes: number[] = [];
    for (let round = 0; round < 6; round++) {
      // About 2,000 pages a round: the loop's own checkpoint would have run in these commits.
      writeRows(db, 16_000);
      const before = c.stats.count;
      t.tick();
      await until(() => c.stats.count > before);
      expect(c.stats.last!.checkpointed).toBe(c.stats.last!.log);
      sizes.push(statSync(wal).size);
    }
    // A checkpointed WAL starts from its beginning at the next commit: the file stays the
    // size of one round, where six rounds without a checkpoint would have grown it sixfold.
    expect(Math.max(...sizes)).toBeLessThan(2 * sizes[0]!);
    await c.close();
    expect(statSync(wal).size).toBe(0);
    db.close();
    const again = openDatabase(dir);
    cleanups.push(() => again.close());
    expect(again.prepare('SELECT count(*) FROM t').pluck().get()).toBe(6 * 16_000);
  });

  it('WAL7: a thread that dies is replaced, and checkpoints go on with the new one', async () => {
    const { db } = database();
    const t = manualTimers();
    const handles: ReturnType<typeof spawnCheckpointWorker>[] = [];
    const c = new WalCheckpointer(db, {
      timers: t.timers,
      log: () => {},
      spawn: (file, on) => {
        const h = spawnCheckpointWorker(file, on);
        handles.push(h);
        return h;
      },
    });
    await until(() => c.state === 'idle');
    await handles[0]!.terminate();
    await until(() => c.state === 'down');
    expect(autocheckpoint(db)).toBe(LOOP_AUTOCHECKPOINT_PAGES);
    t.fireTimeouts();
    await until(() => c.state === 'idle');
    expect(handles).toHaveLength(2);
    writeRows(db, 1_000);
    t.tick();
    await until(() => c.stats.count === 1);
    expect(c.stats.last!.checkpointed).toBe(c.stats.last!.log);
    expect(c.stats.last!.log).toBeGreaterThan(0);
    await c.close();
  });
});
