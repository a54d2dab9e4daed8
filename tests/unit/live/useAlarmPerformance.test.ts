// @vitest-environment happy-dom
/**
 * useAlarmPerformance (src/live/useAlarmPerformance.ts): idle without a request, loading with
 * progress, ready; a newer request wins over an older answer; reload() asks once with reload.
 */
import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveClient } from '../../../src/live/LiveClient.ts';
import { LiveContext } from '../../../src/live/LiveContext.ts';
import {
  useAlarmPerformance,
  type AlarmPerformanceState,
} from '../../../src/live/useAlarmPerformance.ts';
import type {
  AlarmPerformance,
  AlarmPerformanceProgress,
  AlarmPerformanceRequest,
} from '../../../src/domain/alarmPerformance.ts';
import { computeAlarmFigures } from '../../../src/domain/alarmFigures.ts';
import { mountRoot, type TestRoot } from '../../support/reactRoot.ts';

interface Asked {
  request: AlarmPerformanceRequest;
  progress?: (p: AlarmPerformanceProgress) => void;
  resolve(figures: AlarmPerformance): void;
  reject(error: unknown): void;
}

const START = Date.parse('2026-11-01T23:00:00Z');
const request = (start = START): AlarmPerformanceRequest => ({
  start,
  end: start + 86_400_000,
  stationNumber: null,
  timeZone: 'Europe/Berlin',
});

describe('useAlarmPerformance', () => {
  let mounted: TestRoot;
  let asked: Asked[];
  const states: AlarmPerformanceState[] = [];
  const client = {
    alarmPerformance: (
      r: AlarmPerformanceRequest,
      progress?: (p: AlarmPerformanceProgress) => void,
    ) =>
      new Promise<AlarmPerformance>((resolve, reject) =>
        asked.push({ request: r, progress, resolve, reject }),
      ),
  } as unknown as LiveClient;
  function View({ r }: { r: AlarmPerformanceRequest | null }) {
    states.push(useAlarmPerformance(r));
    return null;
  }
  const render = (r: AlarmPerformanceRequest | null) =>
    mounted.render(
      createElement(LiveContext.Provider, { value: client }, createElement(View, { r })),
    );
  const last = () => states.at(-1)!;

  beforeEach(() => {
    mounted = mountRoot();
    asked = [];
    states.length = 0;
  });
  afterEach(() => mounted.unmount());

  it('AP10: idle without a request; loading with progress; ready with the figures', async () => {
    render(null);
    expect(last().status).toBe('idle');
    expect(asked).toHaveLength(0);
    render(request());
    expect(last().status).toBe('loading');
    await act(() => asked[0]!.progress!({ loaded: 10, covered: 0.5 }));
    expect(last().progress).toEqual({ loaded: 10, covered: 0.5 });
    const figures = computeAlarmFigures(request(), []);
    await act(() => asked[0]!.resolve(figures));
    expect(last()).toMatchObject({ status: 'ready', data: figures, progress: null });
    // The same period in a new object asks nothing again.
    render(request());
    expect(asked).toHaveLength(1);
  });

  it('AP10: an older answer arriving after a newer request is dropped; errors are kept', async () => {
    render(request());
    render(request(START + 3_600_000));
    expect(asked).toHaveLength(2);
    await act(() => asked[0]!.resolve(computeAlarmFigures(request(), [])));
    expect(last().status).toBe('loading');
    await act(() => asked[1]!.reject(new Error('Status code 500')));
    expect(last().status).toBe('error');
    expect(String(last().error)).toContain('500');
  });

  it('AP10: reload() asks again once with reload, the next request without', async () => {
    render(request());
    await act(() => asked[0]!.resolve(computeAlarmFigures(request(), [])));
    await act(() => last().reload());
    expect(asked).toHaveLength(2);
    expect(asked[1]!.request.reload).toBe(true);
    expect(last().data).not.toBeNull();
    render(request(START + 3_600_000));
    expect(asked[2]!.request.reload).toBeUndefined();
  });
});
