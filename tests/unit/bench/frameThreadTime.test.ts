import { describe, expect, it } from 'vitest';
import { framesOfMarks } from '../../../bench/harness/frameThreadTime.ts';

const ev = (name: string, tid: number, ts: number, tts?: number) => ({
  name,
  ph: 'R',
  pid: 1,
  tid,
  ts,
  ...(tts === undefined ? {} : { tts }),
});

describe('a frame data path on a core from the tab marks (bench)', () => {
  it('pairs each start with the next end on its own thread: wall from ts, core time from tts', () => {
    const frames = framesOfMarks([
      ev('pegel-frame-start', 7, 1_000, 500),
      // Another tab's frame in between, on its own thread.
      ev('pegel-frame-start', 8, 1_100, 9_000),
      ev('pegel-frame-end', 7, 4_000, 800),
      ev('pegel-frame-end', 8, 1_600, 9_400),
      ev('other', 7, 4_100, 810),
      ev('pegel-frame-start', 7, 5_000, 900),
      ev('pegel-frame-end', 7, 5_500, 1_300),
    ]);
    // Frame 1 of thread 7 took 3 ms of wall time and 0.3 ms on a core (it waited for one).
    expect(frames.wallMs).toEqual([3, 0.5, 0.5]);
    expect(frames.threadMs.map((t) => Number(t.toFixed(3)))).toEqual([0.3, 0.4, 0.4]);
  });

  it('skips a start without its end (the trace cut it), an end alone and marks without a thread clock', () => {
    const frames = framesOfMarks([
      ev('pegel-frame-end', 7, 500, 100),
      ev('pegel-frame-start', 7, 1_000, 200),
      ev('pegel-frame-start', 7, 2_000, 300),
      ev('pegel-frame-end', 7, 2_400, 350),
      ev('pegel-frame-start', 9, 1_000),
      ev('pegel-frame-end', 9, 2_000),
      ev('pegel-frame-start', 7, 3_000, 400),
    ]);
    expect(frames.wallMs).toEqual([0.4]);
    expect(frames.threadMs.map((t) => Number(t.toFixed(3)))).toEqual([0.05]);
  });
});
