/**
 * A Chrome trace of one page over CDP, for the bench's trace tools (trace-dashboard,
 * code-cache-trace, alert-row-trace): the events as Chromium reports them, and the renderer
 * main threads among them.
 */
import type { CDPSession } from 'playwright-core';

/** One event of a Chrome trace, with the fields the tools read. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    data?: Record<string, unknown>;
    beginData?: Record<string, unknown>;
    [key: string]: unknown;
  };
}

/**
 * Traces `categories` while `during` runs, and returns what was recorded with what `during`
 * returned. The events arrive after `Tracing.end`; the promise settles once all are in. `E`
 * is the event type a tool reads (TraceEvent unless it relies on more fields).
 */
export async function recordTrace<T, E = TraceEvent>(
  cdp: CDPSession,
  categories: readonly string[],
  during: () => Promise<T>,
): Promise<{ events: E[]; result: T }> {
  const events: E[] = [];
  const collect = ({ value }: { value: unknown[] }) => {
    events.push(...(value as E[]));
  };
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: [...categories] },
    transferMode: 'ReportEvents',
  });
  const result = await during();
  const complete = new Promise<void>((ok) => cdp.once('Tracing.tracingComplete', () => ok()));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return { events, result };
}

/** The thread of an event, as `pid:tid`. */
export const threadOf = (e: TraceEvent): string => `${e.pid}:${e.tid}`;

/** What a main-thread trace records: its tasks and events, and V8's script runs. */
export const MAIN_THREAD_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
] as const;

/**
 * The complete events on the renderer main threads (`on`), and of them the tasks (`RunTask`)
 * in order of their start.
 */
export function mainThreadTasks(events: readonly TraceEvent[]): {
  on: TraceEvent[];
  tasks: TraceEvent[];
} {
  const mains = rendererMains(events);
  const on = events.filter((e) => e.ph === 'X' && mains.has(threadOf(e)) && e.dur !== undefined);
  const tasks = on.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts! - b.ts!);
  return { on, tasks };
}

/** The renderer main threads (`CrRendererMain`) named in a trace. */
export function rendererMains(events: readonly TraceEvent[]): Set<string> {
  return new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map(threadOf),
  );
}
