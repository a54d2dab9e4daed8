/** Counter reset (SPEC §3 "CounterValue: value, resetable, …", §7 POST /api/Pv/counters/reset). */
import type { CounterResetRequest } from '../../contract/actions.ts';
import type { PvValue } from '../../contract/pv.ts';

/** CR1: a counter can be reset when its value is a CounterValue flagged resetable. */
export function isResettableCounter(value: PvValue | null | undefined): boolean {
  return value?.typeOfValue === 'CounterValue' && value.counterValue?.resetable === true;
}

/** CR2: the reset body: the selected counters that are resettable, each once. */
export function buildCounterResetRequest(selected: readonly PvValue[]): CounterResetRequest {
  const seen = new Set<string>();
  const refs: CounterResetRequest = [];
  for (const v of selected) {
    const key = `${v.pvRef.type}:${v.pvRef.nr}`;
    if (!isResettableCounter(v) || seen.has(key)) continue;
    seen.add(key);
    refs.push(v.pvRef);
  }
  return refs;
}
