/**
 * Dial actions of SPEC §4: Connect shows Connecting and Disconnect shows Disconnecting on
 * the client until the real dial state arrives through live updates; Status shows nothing
 * interim. The call result lists refused stations (SPEC §8 'Aktion konnte nicht durchgeführt
 * werden').
 */
import { useCallback, useState } from 'react';
import type { DialState, StationCallAction } from '../../contract/enums.ts';
import type { StationCallResult } from '../../contract/station.ts';
import { callStations } from '../../api/stations.ts';
import { failureText } from '../../app/failureText.ts';

/** How long an interim state is shown at most when no live dial state arrives. */
export const INTERIM_STATE_MAX_MS = 60_000;

export interface Interim {
  state: 'Connecting' | 'Disconnecting';
  /** The live dial state when the action was sent; any other live state ends the interim one. */
  from: DialState | undefined;
  until: number;
}

export function interimFor(action: StationCallAction): Interim['state'] | null {
  if (action === 'Connect') return 'Connecting';
  if (action === 'Disconnect') return 'Disconnecting';
  return null;
}

/** The dial state to show: the interim one while the live state has not moved on. */
export function shownDialState(
  live: DialState | undefined,
  interim: Interim | undefined,
  now: number,
): DialState | undefined {
  if (interim && interim.until > now && live === interim.from) return interim.state;
  return live;
}

export interface DialOutcome {
  ok: boolean;
  result: StationCallResult | null;
  error: string | null;
}

export function useDialActions() {
  const [interim, setInterim] = useState<ReadonlyMap<number, Interim>>(new Map());
  const [outcome, setOutcome] = useState<DialOutcome | null>(null);

  const dial = useCallback(
    async (action: StationCallAction, stations: { nr: number; live: DialState | undefined }[]) => {
      const state = interimFor(action);
      if (state) {
        setInterim((prev) => {
          const next = new Map(prev);
          const until = Date.now() + INTERIM_STATE_MAX_MS;
          for (const s of stations) next.set(s.nr, { state, from: s.live, until });
          return next;
        });
      }
      const clear = () =>
        setInterim((prev) => {
          const next = new Map(prev);
          for (const s of stations) next.delete(s.nr);
          return next;
        });
      try {
        const result = await callStations({
          action,
          stations: stations.map((s) => ({ stationNumber: s.nr })),
        });
        const refused =
          result.missing.length + result.notCallable.length + result.unauthorized.length;
        if (result.status !== 'Success' || refused > 0) {
          clear();
          setOutcome({ ok: false, result, error: result.errorMessage });
        }
      } catch (err) {
        clear();
        setOutcome({
          ok: false,
          result: null,
          error: failureText(err),
        });
      }
    },
    [],
  );

  return { interim, dial, outcome, dismissOutcome: () => setOutcome(null) };
}
