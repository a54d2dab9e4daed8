/**
 * A Pegel tab's data path per frame on a core: the tabs mark each frame's data path
 * (`__pegelBench.markFrames`, src/live/dataPathProbe.ts FRAME_MARKS) while a browser-wide
 * trace of User Timing alone runs, and each pair of marks on one renderer main thread gives
 * the frame's wall time (`ts`) and its time on that thread's core (`tts`, the thread clock).
 * The probe's own figure (`dataPathMsPerFrame`) is wall time: with more busy threads than
 * cores (20 tabs, the engine, the server and the bench on two) it also counts the time a tab
 * waited for a core in the middle of a frame, which no work of the tab's takes.
 */
import type { Page } from 'playwright-core';
import { recordTrace, type TraceEvent } from './trace.ts';

/** The marks' names (src/live/dataPathProbe.ts FRAME_MARKS). */
const START = 'pegel-frame-start';
const END = 'pegel-frame-end';

export interface FrameTimes {
  /** Per frame, all tabs together: wall time and time on a core, ms. */
  wallMs: number[];
  threadMs: number[];
}

type MarkEvent = TraceEvent & { tts?: number };

/** Frames of the marks in `events`: a start and the next end on the same thread. */
export function framesOfMarks(events: readonly MarkEvent[]): FrameTimes {
  const byThread = new Map<string, MarkEvent[]>();
  for (const e of events) {
    if ((e.name !== START && e.name !== END) || e.ts === undefined) continue;
    const thread = `${e.pid}:${e.tid}`;
    let list = byThread.get(thread);
    if (!list) byThread.set(thread, (list = []));
    list.push(e);
  }
  const wallMs: number[] = [];
  const threadMs: number[] = [];
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts! - b.ts!);
    for (let i = 0; i + 1 < list.length; i++) {
      const start = list[i]!;
      const end = list[i + 1]!;
      if (start.name !== START || end.name !== END) continue;
      if (start.tts === undefined || end.tts === undefined) continue;
      wallMs.push((end.ts! - start.ts!) / 1000);
      threadMs.push((end.tts - start.tts) / 1000);
      i++;
    }
  }
  return { wallMs, threadMs };
}

async function setMarks(pages: readonly Page[], on: boolean): Promise<boolean[]> {
  return Promise.all(
    pages.map(
      (page) =>
        page.evaluate(
          `(() => { const p = window.__pegelBench; if (!p || typeof p.markFrames !== 'function') return false; p.markFrames(${on}); return true; })()`,
        ) as Promise<boolean>,
    ),
  );
}

/**
 * The frames of `pages` over `windowMs`, marked and traced (null when a tab cannot mark its
 * frames: an older build). Take it in a window of its own: marks and the trace cost a little.
 */
export async function traceFrameTimes(
  pages: readonly Page[],
  windowMs: number,
): Promise<FrameTimes | null> {
  const front = pages[pages.length - 1];
  if (!front) return null;
  const cdp = await front.context().newCDPSession(front);
  try {
    if ((await setMarks(pages, true)).some((ok) => !ok)) return null;
    const { events } = await recordTrace<undefined, MarkEvent>(
      cdp,
      ['blink.user_timing'],
      () => new Promise<undefined>((r) => setTimeout(() => r(undefined), windowMs)),
    );
    return framesOfMarks(events);
  } finally {
    await setMarks(pages, false).catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
}
