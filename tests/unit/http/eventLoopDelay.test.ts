/**
 * The event-loop delay /metrics exports is how late the histogram's timer fired, not the
 * timer's interval: `monitorEventLoopDelay` records the whole time between two turns.
 */
import perfHooks, {
  monitorEventLoopDelay,
  type EventLoopMonitorOptions,
  type IntervalHistogram,
} from 'node:perf_hooks';
import client from 'prom-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parsePrometheusText } from '../../../bench/harness/prometheus.ts';
import {
  EVENT_LOOP_RESOLUTION_MS,
  MetricsRegistry,
  delayBeyondInterval,
} from '../../../server/http/metrics.ts';

describe('delayBeyondInterval', () => {
  it('ELD1: takes the interval off; an early or missing turn counts as no delay', () => {
    expect(delayBeyondInterval(10e6)).toBe(0);
    expect(delayBeyondInterval(9.6e6)).toBe(0);
    expect(delayBeyondInterval(35e6)).toBeCloseTo(0.025, 9);
    expect(delayBeyondInterval(Number.NaN)).toBe(0);
    expect(delayBeyondInterval(25e6, 20)).toBeCloseTo(0.005, 9);
  });

  it("ELD2: Node's histogram holds the interval itself: its shortest turn is about the resolution", async () => {
    const histogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
    histogram.enable();
    await new Promise((resolve) => setTimeout(resolve, 12 * EVENT_LOOP_RESOLUTION_MS));
    histogram.disable();
    // Were the interval not in it, a loop that waits for nothing would read about 0.
    expect(histogram.count).toBeGreaterThan(0);
    expect(histogram.min / 1e6).toBeGreaterThan(EVENT_LOOP_RESOLUTION_MS / 2);
  });
});

/**
 * One histogram per registry: prom-client's default collector starts one of its own, each waking
 * the idle server on its own timer; its `nodejs_eventloop_lag_*` gauges are fed from ours.
 * `monitorEventLoopDelay` is counted on the module object, where prom-client reads it too.
 */
describe('one event-loop histogram', () => {
  const real = perfHooks.monitorEventLoopDelay;
  let started: IntervalHistogram[] = [];
  let fake: ((options?: EventLoopMonitorOptions) => IntervalHistogram) | null = null;
  beforeEach(() => {
    started = [];
    perfHooks.monitorEventLoopDelay = (options?: EventLoopMonitorOptions) => {
      const h = fake ? fake(options) : real(options);
      started.push(h);
      return h;
    };
  });
  afterEach(() => {
    perfHooks.monitorEventLoopDelay = real;
    for (const h of started) h.disable();
    fake = null;
  });

  it("ELD3: a registry starts one histogram and still exports prom-client's default metrics, lag gauges included", async () => {
    const ours = new MetricsRegistry();
    expect(started).toHaveLength(1);
    // What prom-client's own collector registers (it starts a histogram of its own).
    const theirs = new client.Registry();
    client.collectDefaultMetrics({ register: theirs });
    expect(started).toHaveLength(2);
    const names = (text: string) => [...parsePrometheusText(text).types.keys()].sort();
    const ourNames = names(await ours.render());
    for (const name of names(await theirs.metrics())) expect(ourNames, name).toContain(name);
    expect(ourNames).toContain('pegel_event_loop_delay_seconds');
    ours.close();
  });

  it('ELD4: one snapshot a scrape feeds both: pegel_ without the interval, nodejs_eventloop_lag_ raw', async () => {
    const ms = 1e6;
    const reset = vi.fn();
    const percentiles: Record<number, number> = { 50: 10.5 * ms, 90: 12 * ms, 99: 35 * ms };
    fake = (options) => {
      expect(options?.resolution).toBe(EVENT_LOOP_RESOLUTION_MS);
      return {
        enable: () => true,
        disable: () => true,
        reset,
        percentile: (p: number) => percentiles[p] ?? Number.NaN,
        min: 9.8 * ms,
        max: 61 * ms,
        mean: 11 * ms,
        stddev: 2 * ms,
        count: 321,
      } as unknown as IntervalHistogram;
    };
    const registry = new MetricsRegistry();
    const m = parsePrometheusText(await registry.render());
    const delay = (quantile: string) =>
      m.find('pegel_event_loop_delay_seconds', { quantile })[0]?.value;
    expect(delay('0.5')).toBeCloseTo(0.0005, 9);
    expect(delay('0.99')).toBeCloseTo(0.025, 9);
    expect(delay('1')).toBeCloseTo(0.051, 9);
    expect(m.sum('pegel_event_loop_delay_samples')).toBe(321);
    expect(m.sum('nodejs_eventloop_lag_p50_seconds')).toBeCloseTo(0.0105, 9);
    expect(m.sum('nodejs_eventloop_lag_p90_seconds')).toBeCloseTo(0.012, 9);
    expect(m.sum('nodejs_eventloop_lag_p99_seconds')).toBeCloseTo(0.035, 9);
    expect(m.sum('nodejs_eventloop_lag_min_seconds')).toBeCloseTo(0.0098, 9);
    expect(m.sum('nodejs_eventloop_lag_max_seconds')).toBeCloseTo(0.061, 9);
    expect(m.sum('nodejs_eventloop_lag_mean_seconds')).toBeCloseTo(0.011, 9);
    expect(m.sum('nodejs_eventloop_lag_stddev_seconds')).toBeCloseTo(0.002, 9);
    // The histogram restarts once a scrape, after every gauge has its figure.
    expect(reset).toHaveBeenCalledTimes(1);
    // The previous scrape's setImmediate, as prom-client measures nodejs_eventloop_lag_seconds.
    await new Promise((r) => setImmediate(r));
    const next = parsePrometheusText(await registry.render());
    expect(next.sum('nodejs_eventloop_lag_seconds')).toBeGreaterThan(0);
    expect(reset).toHaveBeenCalledTimes(2);
    registry.close();
  });
});
