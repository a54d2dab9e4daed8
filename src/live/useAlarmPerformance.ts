/**
 * The alarm-performance figures of a period (issue 46), computed in the engine from the alert
 * archive. A new request (period, station, zone) computes again; `reload()` fetches the
 * archive again instead of taking the engine's cached pages. An answer to an older request
 * is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  AlarmPerformance,
  AlarmPerformanceProgress,
  AlarmPerformanceRequest,
} from '../domain/alarmPerformance.ts';
import { useLiveClient } from './LiveContext.ts';

export interface AlarmPerformanceState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  data: AlarmPerformance | null;
  progress: AlarmPerformanceProgress | null;
  error: unknown;
  reload(): void;
}

interface Held {
  status: AlarmPerformanceState['status'];
  data: AlarmPerformance | null;
  progress: AlarmPerformanceProgress | null;
  error: unknown;
}

const IDLE: Held = { status: 'idle', data: null, progress: null, error: null };

export function useAlarmPerformance(
  request: AlarmPerformanceRequest | null,
): AlarmPerformanceState {
  const client = useLiveClient();
  const [held, setHeld] = useState<Held>(IDLE);
  const [reloads, setReloads] = useState(0);
  /** Set by `reload()`, taken by the next computation only. */
  const reloadNext = useRef(false);
  const start = request?.start;
  const end = request?.end;
  const stationNumber = request?.stationNumber;
  const timeZone = request?.timeZone;
  useEffect(() => {
    if (start === undefined || end === undefined || timeZone === undefined) {
      setHeld(IDLE);
      return;
    }
    let current = true;
    const fresh = reloadNext.current;
    reloadNext.current = false;
    // Figures already shown stay while new ones load (the page marks them as loading).
    setHeld((h) => ({ ...h, status: 'loading', progress: null, error: null }));
    const asked: AlarmPerformanceRequest = {
      start,
      end,
      stationNumber: stationNumber ?? null,
      timeZone,
      ...(fresh ? { reload: true } : {}),
    };
    client
      .alarmPerformance(asked, (progress) => {
        if (current) setHeld((h) => (h.status === 'loading' ? { ...h, progress } : h));
      })
      .then(
        (data) => {
          if (current) setHeld({ status: 'ready', data, progress: null, error: null });
        },
        (error: unknown) => {
          if (current) setHeld((h) => ({ ...h, status: 'error', progress: null, error }));
        },
      );
    return () => {
      current = false;
    };
  }, [client, start, end, stationNumber, timeZone, reloads]);
  const reload = useCallback(() => {
    reloadNext.current = true;
    setReloads((n) => n + 1);
  }, []);
  return { ...held, reload };
}
